import {
  ERROR_CODES,
  type MemberServices,
  type MemberServicesBody,
  type OfferType,
  type WatchProviderList,
} from '@releasebell/contract';
import { HttpError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { type ProviderClient, ProviderNotFoundError } from '../../providers/http/provider-client';
import {
  type CountryOffers,
  fetchProviderList,
  fetchTitleOffers,
  fetchWatchRegions,
  type ProviderInfo,
  tmdbLogoUrl,
  watchPageUrl,
  watchTarget,
} from '../../providers/tmdb/tmdb-watch';
import type { WatchedTitle, WatchRepository } from './repository';

const DAY = 86_400_000;
/** TMDB's countries and each country's services are asked for again after a day. */
const LIST_MAX_AGE_MS = DAY;
/** Titles asked for at once (the client's token bucket keeps the pace under TMDB's limit). */
const PARALLEL = 20;
/** Titles read from the database per round of a pass. */
const ROUND = 200;

/** What an availability pass did. */
export interface AvailabilityPass {
  checked: number;
  newOffers: number;
}

const MESSAGES = {
  validationFailed: /*i18n*/ { id: 'error.validation.failed', message: 'Request validation failed' },
  noServices: /*i18n*/ {
    id: 'error.watch.noServices',
    message: 'TMDB lists no streaming services for this country',
  },
  notServices: /*i18n*/ { id: 'error.watch.notServices', message: 'not services of this country: {ids}' },
};

const badRegion = () =>
  new HttpError(400, ERROR_CODES.validation, MESSAGES.validationFailed, [
    { field: 'region', message: MESSAGES.noServices },
  ]);
const badProviders = (ids: number[]) =>
  new HttpError(400, ERROR_CODES.validation, MESSAGES.validationFailed, [
    { field: 'provider_ids', message: { ...MESSAGES.notServices, values: { ids: ids.join(', ') } } },
  ]);

export type WatchService = ReturnType<typeof createWatchService>;

/**
 * Where to watch: the services of a country (TMDB's lists, kept a day), a member's own, and the
 * availability sync that keeps every watched title's offers and tells what is new.
 */
export function createWatchService(options: {
  repo: WatchRepository;
  /** TMDB's client, shared with the catalog sync (one rate limit); null without TMDB. */
  tmdb: ProviderClient | null;
  clock: Clock;
  defaultRegion: string;
  log: { warn(details: object, message: string): void };
}) {
  const { repo, tmdb, clock, log } = options;
  const knownKinds = new Set<string>();

  /** A provider answer kept a day in the database (shared by processes); a stale one if TMDB fails. */
  async function kept<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = clock();
    const stored = await repo.answer<T>(key);
    if (stored && now.getTime() - stored.fetchedAt.getTime() < LIST_MAX_AGE_MS) return stored.body;
    try {
      const body = await load();
      await repo.keepAnswer(key, body, now);
      return body;
    } catch (err) {
      if (!stored) throw err;
      log.warn({ err, key }, 'TMDB did not answer; serving the list kept before');
      return stored.body;
    }
  }

  async function countryServices(region: string): Promise<ProviderInfo[]> {
    if (!tmdb) return [];
    const regions = await kept('watch-regions', () => fetchWatchRegions(tmdb));
    if (!regions.includes(region)) throw badRegion();
    return kept(`watch-providers:${region}`, async () => {
      const list = await fetchProviderList(tmdb, region);
      await repo.saveProviders(list, clock());
      return list;
    });
  }

  async function servicesOf(userId: string): Promise<MemberServices> {
    const stored = await repo.services(userId);
    if (stored) {
      return {
        region: stored.region,
        provider_ids: stored.providerIds,
        include_rent_buy: stored.includeRentBuy,
      };
    }
    const region = (await repo.profileRegion(userId)) ?? options.defaultRegion;
    return { region, provider_ids: [], include_rent_buy: false };
  }

  /** Looks `titles` up at TMDB and saves what it says; a title TMDB lost is marked looked at. */
  async function check(titles: WatchedTitle[], pairs: Set<string>): Promise<number> {
    if (!tmdb) return 0;
    let fresh = 0;
    for (let i = 0; i < titles.length; i += PARALLEL) {
      const slice = titles.slice(i, i + PARALLEL);
      const lost: string[] = [];
      const answers = (
        await Promise.all(
          slice.map(async (title) => {
            const target = watchTarget(title.providerId);
            if (!target) return null;
            try {
              const byCountry = await fetchTitleOffers(tmdb, target);
              return { itemId: title.itemId, byCountry, link: (c: string) => watchPageUrl(target, c) };
            } catch (err) {
              if (!(err instanceof ProviderNotFoundError)) throw err;
              lost.push(title.itemId);
              return null;
            }
          }),
        )
      ).filter((a) => a !== null);
      const now = clock();
      await repo.markChecked(lost, now);
      fresh += await repo.saveOffers(answers, pairs, now);
      await remember(
        answers.flatMap((a) => [...a.byCountry].map(([country, offers]) => ({ country, offers }))),
      );
    }
    return fresh;
  }

  /** Keeps the services' names and logos, and which kinds each offers where, for the profile's list. */
  async function remember(seen: { country: string; offers: CountryOffers }[]) {
    const providers = new Map<number, ProviderInfo>();
    const kinds: { region: string; providerId: number; kind: OfferType }[] = [];
    for (const { country, offers } of seen) {
      for (const { provider, type } of offers.offers) {
        const key = `${country} ${provider.id} ${type}`;
        if (knownKinds.has(key)) continue;
        knownKinds.add(key);
        providers.set(provider.id, provider);
        kinds.push({ region: country, providerId: provider.id, kind: type });
      }
    }
    await repo.saveProviders([...providers.values()], clock());
    await repo.saveKinds(kinds);
  }

  return {
    /** GET /api/watch-providers: a country's services in TMDB's order, with the kinds seen from each. */
    async providerList(region: string): Promise<WatchProviderList> {
      const services = await countryServices(region);
      const kinds = await repo.kinds(region);
      return {
        region,
        providers: services.map((p) => ({
          id: p.id,
          name: p.name,
          logo: tmdbLogoUrl(p.logoPath),
          kinds: kinds.get(p.id) ?? [],
        })),
      };
    },

    services: servicesOf,

    /** The member's services for marking a title's offers, or null when they have none. */
    async servicesForMarks(userId: string): Promise<{ region: string; providerIds: number[] } | null> {
      const stored = await repo.services(userId);
      return stored && stored.providerIds.length > 0 ? stored : null;
    },

    /** PUT /api/services: every id must be one of the country's services. */
    async saveServices(userId: string, body: MemberServicesBody): Promise<MemberServices> {
      const stored = await repo.services(userId);
      const region = body.region ?? (await repo.profileRegion(userId)) ?? options.defaultRegion;
      const ids = [...new Set(body.provider_ids)];
      const listed = new Set((await countryServices(region)).map((p) => p.id));
      const unknown = ids.filter((id) => !listed.has(id));
      if (unknown.length > 0) throw badProviders(unknown);
      const includeRentBuy = body.include_rent_buy ?? stored?.includeRentBuy ?? false;
      await repo.saveServices(userId, { region, providerIds: ids, includeRentBuy }, clock());
      return servicesOf(userId);
    },

    /**
     * One availability pass: every title due a look (`due`), or every tracked title now (`tracked`,
     * for `npm run watch:sync`). Offers go to the catalog; the notification planner tells members.
     */
    async syncAvailability(mode: 'due' | 'tracked'): Promise<AvailabilityPass> {
      if (!tmdb) return { checked: 0, newOffers: 0 };
      const pairs = await repo.watchedPairs();
      const started = clock();
      let after: string | null = null;
      let checked = 0;
      let newOffers = 0;
      for (;;) {
        const titles = await repo.titlesToCheck(mode, started, { after, limit: ROUND });
        if (titles.length === 0) break;
        newOffers += await check(titles, pairs);
        checked += titles.length;
        after = titles[titles.length - 1]!.itemId;
      }
      return { checked, newOffers };
    },
  };
}
