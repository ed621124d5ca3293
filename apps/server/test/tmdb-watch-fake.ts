/**
 * Where to watch (TMDB's watch providers, data from JustWatch) for the TMDB fake in ./tmdb-fake.ts: the
 * regions and the providers TMDB lists, the offers seeded on the catalog, and the wire shapes of
 * /watch/providers/regions, /watch/providers/{movie,tv}, /movie/{id}/watch/providers,
 * /tv/{id}/watch/providers and /tv/{id}/season/{n}/watch/providers.
 *
 * Shapes followed (field names, key order):
 * - https://developer.themoviedb.org/reference/watch-providers-available-regions,
 *   https://developer.themoviedb.org/reference/watch-providers-movie-list,
 *   https://developer.themoviedb.org/reference/watch-provider-tv-list,
 *   https://developer.themoviedb.org/reference/movie-watch-providers,
 *   https://developer.themoviedb.org/reference/tv-series-watch-providers,
 *   https://developer.themoviedb.org/reference/tv-season-watch-providers.
 * - A title's answer as in live captures kept in public client fixtures (e.g. /movie/10195/watch/providers):
 *   countries in code order, each with `link` and only the offer types it has, each offer
 *   `{ logo_path, provider_id, provider_name, display_priority }` with the country's priority.
 * - Provider ids and names are TMDB's; logo paths are ones TMDB served for them at some point (it changes
 *   them), MUBI's and NOW's made up in the same form.
 *
 * Behaviour that TMDB does not document and that this fake assumes is marked "Assumed" where it is coded.
 */
import type { FakeMovie, FakeSeason, FakeSeries, MediaKind } from './tmdb-fake';

/** On a subscription, free, free with ads, to rent, to buy. */
export type OfferType = 'flatrate' | 'free' | 'ads' | 'rent' | 'buy';
/** The order the offer types take in a country's entry. */
export const OFFER_TYPES = ['flatrate', 'rent', 'buy', 'free', 'ads'] as const satisfies readonly OfferType[];

/** A title's offers: by ISO 3166-1 country, then by type, the provider ids in the order TMDB sends them. */
export type WatchOffers = Record<string, Partial<Record<OfferType, number[]>>>;

/** A movie, a series, or one season of a series. */
export type WatchTarget = { movie: number } | { tv: number; season?: number };

export interface FakeWatchProvider {
  provider_id: number;
  provider_name: string;
  logo_path: string;
  /** Its rank without a region (the list without watch_region is ordered by it). */
  display_priority: number;
  /** Its rank in each country it is listed in; a country that is not a key does not list it. */
  display_priorities: Record<string, number>;
  /** The lists it is in: /watch/providers/movie, /watch/providers/tv. */
  kinds: readonly MediaKind[];
  /** The offer types the seeding gives it (setOffers accepts any). */
  offerTypes: readonly OfferType[];
}

export interface WatchRegion {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
}

// ---------------------------------------------------------------------------------------------------
// Regions and providers
// ---------------------------------------------------------------------------------------------------

/** [code, english_name, native_name as sent for language=en-US]. */
const REGIONS: [string, string, string][] = [
  ['AD', 'Andorra', 'Andorra'],
  ['AE', 'United Arab Emirates', 'United Arab Emirates'],
  ['AR', 'Argentina', 'Argentina'],
  ['AT', 'Austria', 'Austria'],
  ['AU', 'Australia', 'Australia'],
  ['BE', 'Belgium', 'Belgium'],
  ['BR', 'Brazil', 'Brazil'],
  ['CA', 'Canada', 'Canada'],
  ['CH', 'Switzerland', 'Switzerland'],
  ['CL', 'Chile', 'Chile'],
  ['CO', 'Colombia', 'Colombia'],
  ['CZ', 'Czech Republic', 'Czech Republic'],
  ['DE', 'Germany', 'Germany'],
  ['DK', 'Denmark', 'Denmark'],
  ['ES', 'Spain', 'Spain'],
  ['FI', 'Finland', 'Finland'],
  ['FR', 'France', 'France'],
  ['GB', 'United Kingdom', 'United Kingdom'],
  ['GR', 'Greece', 'Greece'],
  ['HK', 'Hong Kong', 'Hong Kong'],
  ['HU', 'Hungary', 'Hungary'],
  ['IE', 'Ireland', 'Ireland'],
  ['IN', 'India', 'India'],
  ['IT', 'Italy', 'Italy'],
  ['JP', 'Japan', 'Japan'],
  ['KR', 'South Korea', 'South Korea'],
  ['MX', 'Mexico', 'Mexico'],
  ['NL', 'Netherlands', 'Netherlands'],
  ['NO', 'Norway', 'Norway'],
  ['NZ', 'New Zealand', 'New Zealand'],
  ['PH', 'Philippines', 'Philippines'],
  ['PL', 'Poland', 'Poland'],
  ['PT', 'Portugal', 'Portugal'],
  ['RO', 'Romania', 'Romania'],
  ['SE', 'Sweden', 'Sweden'],
  ['SG', 'Singapore', 'Singapore'],
  ['TR', 'Turkey', 'Turkey'],
  ['TW', 'Taiwan', 'Taiwan'],
  ['US', 'United States of America', 'United States'],
  ['ZA', 'South Africa', 'South Africa'],
];

/** The countries TMDB lists offers for (a subset of TMDB's ~150), by code. */
export const WATCH_REGIONS: readonly WatchRegion[] = REGIONS.map(
  ([iso_3166_1, english_name, native_name]) => ({ iso_3166_1, english_name, native_name }),
).sort((a, b) => a.iso_3166_1.localeCompare(b.iso_3166_1));
const REGION_CODES = WATCH_REGIONS.map((r) => r.iso_3166_1);
const isRegion = (code: string) => REGION_CODES.includes(code);

interface ProviderSpec {
  id: number;
  name: string;
  logo: string;
  priority: number;
  /** Where it is listed: every region, every region but some, or only these. */
  countries: 'all' | { except: string[] } | string[];
  kinds: readonly MediaKind[];
  offers: readonly OfferType[];
  /** Its rank key in a country where it ranks otherwise than by `priority` (fractions slot it between). */
  local?: Record<string, number>;
}

const BOTH: readonly MediaKind[] = ['movie', 'tv'];
const SUBSCRIPTION: readonly OfferType[] = ['flatrate'];
const STORE: readonly OfferType[] = ['rent', 'buy'];

const PROVIDER_SPECS: ProviderSpec[] = [
  {
    id: 8,
    name: 'Netflix',
    logo: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg',
    priority: 1,
    countries: 'all',
    kinds: BOTH,
    offers: SUBSCRIPTION,
  },
  {
    id: 9,
    name: 'Amazon Prime Video',
    logo: '/emthp39XA2YScoYL1p0sdbAH2WA.jpg',
    priority: 2,
    countries: 'all',
    kinds: BOTH,
    offers: SUBSCRIPTION,
    local: { AT: 0.5, DE: 0.5, IN: 0.5, JP: 0.5 },
  },
  {
    id: 337,
    name: 'Disney Plus',
    logo: '/7rwgEs15tFwyR9NPQ5vpzxTj19Q.jpg',
    priority: 3,
    countries: { except: ['IN'] },
    kinds: BOTH,
    offers: SUBSCRIPTION,
  },
  {
    id: 2,
    name: 'Apple TV',
    logo: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg',
    priority: 4,
    countries: 'all',
    kinds: BOTH,
    offers: STORE,
  },
  {
    id: 3,
    name: 'Google Play Movies',
    logo: '/tbEdFQDwx5LEVr8WpSeXQSIirVq.jpg',
    priority: 5,
    countries: 'all',
    kinds: BOTH,
    offers: STORE,
  },
  {
    id: 10,
    name: 'Amazon Video',
    logo: '/5NyLm42TmCqCMOZFvH4fcoSNKEW.jpg',
    priority: 6,
    countries: ['US', 'GB', 'DE', 'AT', 'JP'],
    kinds: BOTH,
    offers: STORE,
  },
  {
    id: 350,
    name: 'Apple TV+',
    logo: '/2E03IAZsX4ZaUqM7tXlctEPMGWS.jpg',
    priority: 7,
    countries: 'all',
    kinds: BOTH,
    offers: SUBSCRIPTION,
  },
  {
    id: 1899,
    name: 'Max',
    logo: '/6Q3ZYUNA9Hsgj6iWnVsw2gR5V6z.jpg',
    priority: 8,
    countries: [
      'US',
      'BR',
      'MX',
      'AR',
      'CL',
      'CO',
      'ES',
      'PT',
      'NL',
      'BE',
      'FR',
      'PL',
      'CZ',
      'HU',
      'RO',
      'DK',
      'FI',
      'NO',
      'SE',
    ],
    kinds: BOTH,
    offers: SUBSCRIPTION,
  },
  {
    id: 531,
    name: 'Paramount Plus',
    logo: '/xbhHHa1YgtpwhC8lb1NQ3ACVcLd.jpg',
    priority: 9,
    countries: [
      'US',
      'CA',
      'AU',
      'GB',
      'IE',
      'FR',
      'DE',
      'AT',
      'CH',
      'IT',
      'KR',
      'BR',
      'MX',
      'AR',
      'CL',
      'CO',
    ],
    kinds: BOTH,
    offers: SUBSCRIPTION,
  },
  {
    id: 15,
    name: 'Hulu',
    logo: '/zxrVdFjIjLqkfnwyghnfywTn3Lh.jpg',
    priority: 10,
    countries: ['US'],
    kinds: BOTH,
    offers: SUBSCRIPTION,
    local: { US: 2.5 },
  },
  {
    id: 386,
    name: 'Peacock',
    logo: '/8VCV78prwd9QzZnEm0ReO6bERDa.jpg',
    priority: 11,
    countries: ['US'],
    kinds: BOTH,
    offers: SUBSCRIPTION,
    local: { US: 3.5 },
  },
  {
    id: 39,
    name: 'NOW',
    logo: '/rgtwd5ZRKq3nAnHS0ifnsxWqhGc.jpg',
    priority: 12,
    countries: ['GB', 'IE'],
    kinds: BOTH,
    offers: SUBSCRIPTION,
    local: { GB: 2.5, IE: 2.5 },
  },
  {
    // Films only: in the movie list, not the tv one.
    id: 11,
    name: 'MUBI',
    logo: '/x570VpH2C9EKDf1riP83rYc5dnL.jpg',
    priority: 13,
    countries: [
      'US',
      'GB',
      'IE',
      'DE',
      'AT',
      'FR',
      'IT',
      'ES',
      'NL',
      'BE',
      'CA',
      'AU',
      'NZ',
      'JP',
      'IN',
      'MX',
      'BR',
      'TR',
      'PL',
      'SE',
    ],
    kinds: ['movie'],
    offers: SUBSCRIPTION,
  },
  {
    id: 73,
    name: 'Tubi TV',
    logo: '/o4JMLTkDfjei1XrsVk1vSjXfdBk.jpg',
    priority: 14,
    countries: ['US', 'CA', 'AU', 'NZ', 'GB', 'MX'],
    kinds: BOTH,
    offers: ['free', 'ads'],
  },
  {
    id: 300,
    name: 'Pluto TV',
    logo: '/t6N57S17sdXRXmZDAkaGP0NHNG0.jpg',
    priority: 15,
    countries: [
      'US',
      'CA',
      'GB',
      'DE',
      'AT',
      'CH',
      'FR',
      'ES',
      'IT',
      'BR',
      'MX',
      'AR',
      'CL',
      'CO',
      'DK',
      'SE',
      'NO',
    ],
    kinds: BOTH,
    offers: ['ads'],
  },
];

const countriesOf = (spec: ProviderSpec) =>
  spec.countries === 'all'
    ? REGION_CODES
    : Array.isArray(spec.countries)
      ? spec.countries
      : REGION_CODES.filter((c) => !(spec.countries as { except: string[] }).except.includes(c));

/**
 * Each country's ranks, 1 upwards, over the providers listed there (movie and tv lists together, so a
 * provider has one rank in a country): by the country's own key, else the global priority, then by id.
 */
function countryRanks(): Map<number, Record<string, number>> {
  const ranks = new Map<number, Record<string, number>>(PROVIDER_SPECS.map((s) => [s.id, {}]));
  for (const country of REGION_CODES) {
    const key = (s: ProviderSpec) => s.local?.[country] ?? s.priority;
    PROVIDER_SPECS.filter((s) => countriesOf(s).includes(country))
      .sort((a, b) => key(a) - key(b) || a.id - b.id)
      .forEach((s, i) => {
        ranks.get(s.id)![country] = i + 1;
      });
  }
  return ranks;
}

/** The providers TMDB lists (a few of its ~600), by id. Static reference data: tests must not mutate it. */
export const WATCH_PROVIDERS: ReadonlyMap<number, FakeWatchProvider> = (() => {
  const ranks = countryRanks();
  return new Map(
    PROVIDER_SPECS.map((s) => [
      s.id,
      {
        provider_id: s.id,
        provider_name: s.name,
        logo_path: s.logo,
        display_priority: s.priority,
        // Keys in code order, as TMDB sends them.
        display_priorities: Object.fromEntries(
          Object.entries(ranks.get(s.id)!).sort(([a], [b]) => a.localeCompare(b)),
        ),
        kinds: s.kinds,
        offerTypes: s.offers,
      },
    ]),
  );
})();

/**
 * The provider's rank in the country, or its global one where it is not listed there (setOffers refuses that;
 * only a `watch` a test writes itself can hold such an offer).
 */
const rankIn = (p: FakeWatchProvider, country: string) => p.display_priorities[country] ?? p.display_priority;
const listedIn = (kind: MediaKind, country: string) =>
  [...WATCH_PROVIDERS.values()]
    .filter((p) => p.kinds.includes(kind) && p.display_priorities[country] !== undefined)
    .sort((a, b) => rankIn(a, country) - rankIn(b, country) || a.provider_id - b.provider_id);

// ---------------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------------

/**
 * /watch/providers/regions. Assumed: `native_name` is the name in the `language` asked for; the fake knows
 * only the en-US names and sends them whatever the language.
 */
export function watchRegionsBody() {
  return { results: WATCH_REGIONS.map((r) => ({ ...r })) };
}

/**
 * /watch/providers/{movie,tv}: with a region, the providers listed there, by their rank there (which is
 * then their `display_priority`); without, every provider by its global priority. Ties by id (Assumed).
 * Assumed: a region TMDB does not list answers an empty list, not an error.
 */
export function watchProviderList(kind: MediaKind, region?: string | null) {
  const providers = region
    ? listedIn(kind, region)
    : [...WATCH_PROVIDERS.values()]
        .filter((p) => p.kinds.includes(kind))
        .sort((a, b) => a.display_priority - b.display_priority || a.provider_id - b.provider_id);
  return providers.map((p) => ({
    display_priorities: { ...p.display_priorities },
    display_priority: region ? rankIn(p, region) : p.display_priority,
    logo_path: p.logo_path,
    provider_name: p.provider_name,
    provider_id: p.provider_id,
  }));
}

/**
 * The slug of TMDB's page links: `{id}-{title}`, lowercased, every run of other characters than a-z and 0-9
 * made one "-". Assumed: accents dropped first ("Atelier Lumière" → "atelier-lumiere"); `{id}` alone when
 * nothing is left.
 */
export function titleSlug(id: number, title: string) {
  const words = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words ? `${id}-${words}` : String(id);
}

/**
 * The `results` of a title's /watch/providers: countries in code order, each with its `link` and only the
 * offer types it has (a country without any is left out). Offers in the order kept (the seeding keeps
 * TMDB's: by the country's rank); an id the registry does not know is skipped.
 */
export function watchResults(watch: WatchOffers | undefined, link: (country: string) => string) {
  const results: Record<string, Record<string, unknown>> = {};
  for (const country of Object.keys(watch ?? {}).sort()) {
    const entry: Record<string, unknown> = { link: link(country) };
    for (const type of OFFER_TYPES) {
      const offers = (watch![country]![type] ?? [])
        .map((id) => WATCH_PROVIDERS.get(id))
        .filter((p): p is FakeWatchProvider => !!p)
        .map((p) => ({
          logo_path: p.logo_path,
          provider_id: p.provider_id,
          provider_name: p.provider_name,
          display_priority: rankIn(p, country),
        }));
      if (offers.length) entry[type] = offers;
    }
    if (Object.keys(entry).length > 1) results[country] = entry;
  }
  return results;
}

const WEB = 'https://www.themoviedb.org';
/** The `link` of a movie's offers in a country. */
export const movieWatchLink = (movie: FakeMovie) => (country: string) =>
  `${WEB}/movie/${titleSlug(movie.id, movie.title)}/watch?locale=${country}`;
/** The `link` of a series' offers, or one season's, in a country. */
export const tvWatchLink = (series: FakeSeries, season?: FakeSeason) => (country: string) =>
  `${WEB}/tv/${titleSlug(series.id, series.name)}${season ? `/season/${season.season_number}` : ''}/watch?locale=${country}`;

// ---------------------------------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------------------------------

/** Something offers are kept on: a movie, a series or a season. */
export interface WatchHolder {
  watch?: WatchOffers;
}

/**
 * Replaces the holder's offers of one type in one country (an empty list removes the type; a country left
 * without offers is removed, and `watch` with the last one). Throws on a region TMDB does not list, an
 * unknown offer type or provider, or a provider not in that kind's list in that country.
 */
export function setHolderOffers(
  holder: WatchHolder,
  kind: MediaKind,
  country: string,
  type: OfferType,
  providerIds: readonly number[],
) {
  if (!isRegion(country)) throw new Error(`tmdb fake: no watch region ${country}`);
  if (!(OFFER_TYPES as readonly string[]).includes(type)) throw new Error(`tmdb fake: no offer type ${type}`);
  for (const id of providerIds) {
    const provider = WATCH_PROVIDERS.get(id);
    if (!provider) throw new Error(`tmdb fake: no watch provider ${id}`);
    if (!provider.kinds.includes(kind) || provider.display_priorities[country] === undefined)
      throw new Error(
        `tmdb fake: no watch provider ${id} (${provider.provider_name}) for ${kind} in ${country}`,
      );
  }
  const watch = holder.watch ?? {};
  const entry = { ...watch[country] };
  if (providerIds.length) entry[type] = [...providerIds];
  else delete entry[type];
  if (Object.keys(entry).length) watch[country] = entry;
  else delete watch[country];
  if (Object.keys(watch).length) holder.watch = watch;
  else delete holder.watch;
}

/** Removes the holder's offers in one country, or everywhere. */
export function clearHolderOffers(holder: WatchHolder, country?: string) {
  if (country === undefined || !holder.watch) {
    delete holder.watch;
    return;
  }
  delete holder.watch[country];
  if (!Object.keys(holder.watch).length) delete holder.watch;
}

// ---------------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------------

/** The draws the seeding makes (the fake's Rng has them). */
interface Draws {
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  some<T>(items: readonly T[], min: number, max: number): T[];
}

/** The streamer a digital release's note names (the generator's STREAMERS) → its provider. */
const STREAMER_PROVIDER: Record<string, number> = {
  Netflix: 8,
  'Prime Video': 9,
  'Apple TV+': 350,
  'Disney+': 337,
};
/** A network's own service, where its series stream (BBC One has none here). */
const NETWORK_PROVIDER: Record<number, number> = { 213: 8, 1024: 9, 2739: 337, 2552: 350, 49: 1899, 6: 386 };
/** Services whose own series are not sold (originals). */
const ORIGINALS_ONLY = new Set([8, 9, 337, 350]);

const byRank = (country: string) => (a: number, b: number) =>
  rankIn(WATCH_PROVIDERS.get(a)!, country) - rankIn(WATCH_PROVIDERS.get(b)!, country);
const ids = (providers: readonly FakeWatchProvider[]) => providers.map((p) => p.provider_id);
/** Drops empty types and sorts each list by the country's rank. */
const tidy = (offers: Partial<Record<OfferType, number[]>>, country: string) =>
  Object.fromEntries(
    OFFER_TYPES.filter((t) => offers[t]?.length).map((t) => [
      t,
      [...new Set(offers[t])].sort(byRank(country)),
    ]),
  ) as Partial<Record<OfferType, number[]>>;

/** Some countries besides those given, drawn. */
const moreCountries = (draws: Draws, given: string[], min: number, max: number) =>
  [
    ...new Set([
      ...given,
      ...draws.some(
        REGION_CODES.filter((c) => !given.includes(c)),
        min,
        max,
      ),
    ]),
  ].sort();

/**
 * Gives already released seeded titles offers, so lists look real: a movie with a digital release on or before
 * the seed day (a streamer's exclusive only on that streamer), and each season that has started (the
 * network's service, another one or none; but for a streamer's originals, sometimes free with ads, and a
 * finished season to buy); a series gets its seasons'
 * offers together. Titles not out yet get none. Draws from its own `draws`, so the rest of the catalog does
 * not depend on it.
 */
export function seedWatchOffers(
  catalog: { movies: Map<number, FakeMovie>; series: Map<number, FakeSeries> },
  seedDay: string,
  draws: Draws,
) {
  /** Some of the pool ([] from an empty one: Rng.some would not stop at its length). */
  const someOf = (pool: FakeWatchProvider[], min: number, max: number) =>
    pool.length ? ids(draws.some(pool, min, max)) : [];
  const services = (list: FakeWatchProvider[]) => list.filter((p) => p.offerTypes.includes('flatrate'));
  const stores = (list: FakeWatchProvider[]) => list.filter((p) => p.offerTypes.includes('buy'));
  const gratis = (list: FakeWatchProvider[]) =>
    list.filter((p) => p.offerTypes.includes('free') || p.offerTypes.includes('ads'));
  /** A free or ad-supported offer, sometimes. */
  const freeOffer = (list: FakeWatchProvider[], p: number): Partial<Record<OfferType, number[]>> => {
    const pool = gratis(list);
    if (!pool.length || !draws.chance(p)) return {};
    const provider = draws.pick(pool);
    return { [draws.pick(provider.offerTypes)]: [provider.provider_id] };
  };

  for (const movie of catalog.movies.values()) {
    const digital = Object.values(movie.releases)
      .flat()
      .filter((r) => r.type === 4 && r.release_date.slice(0, 10) <= seedDay);
    if (!digital.length) continue;
    const exclusive = digital.map((r) => STREAMER_PROVIDER[r.note]).find((id) => id !== undefined);
    const watch: WatchOffers = {};
    for (const country of moreCountries(draws, ['GB', 'US'], 2, 6)) {
      const listed = listedIn('movie', country);
      let offers: Partial<Record<OfferType, number[]>> = {};
      if (exclusive !== undefined) {
        if (listed.some((p) => p.provider_id === exclusive)) offers.flatrate = [exclusive];
      } else {
        if (draws.chance(0.6)) offers.flatrate = someOf(services(listed), 1, 2);
        if (draws.chance(0.85)) {
          const sold = someOf(stores(listed), 1, 3);
          offers.rent = sold;
          offers.buy = draws.chance(0.3) ? ids(stores(listed)) : sold;
        }
        offers = { ...offers, ...freeOffer(listed, 0.2) };
      }
      const tidied = tidy(offers, country);
      if (Object.keys(tidied).length) watch[country] = tidied;
    }
    if (Object.keys(watch).length) movie.watch = watch;
  }

  for (const series of catalog.series.values()) {
    const started = series.seasons.filter((s) => {
      const start = s.air_date ?? s.episodes.find((e) => e.air_date)?.air_date ?? null;
      return s.season_number > 0 && !!start && start <= seedDay;
    });
    if (!started.length) continue;
    const home = NETWORK_PROVIDER[series.network_ids[0] ?? -1];
    const origin = series.origin_country.filter(isRegion);
    for (const country of moreCountries(draws, [...new Set(['GB', 'US', ...origin])], 1, 5)) {
      const listed = listedIn('tv', country);
      const streams: Partial<Record<OfferType, number[]>> = {};
      if (home !== undefined && listed.some((p) => p.provider_id === home)) streams.flatrate = [home];
      else if (draws.chance(0.5)) streams.flatrate = someOf(services(listed), 1, 1);
      const sold = home === undefined || !ORIGINALS_ONLY.has(home);
      if (sold) Object.assign(streams, freeOffer(listed, 0.15));
      for (const season of started) {
        const finished =
          season.episodes.length > 0 && season.episodes.every((e) => !!e.air_date && e.air_date <= seedDay);
        const offers = { ...streams };
        if (sold && finished && draws.chance(0.7)) offers.buy = someOf(stores(listed), 1, 2);
        const tidied = tidy(offers, country);
        if (Object.keys(tidied).length) season.watch = { ...season.watch, [country]: tidied };
      }
    }
    // The series: its seasons' offers together.
    const union: Record<string, Partial<Record<OfferType, number[]>>> = {};
    for (const season of started)
      for (const [country, offers] of Object.entries(season.watch ?? {}))
        for (const type of OFFER_TYPES)
          if (offers[type]) {
            union[country] ??= {};
            union[country][type] = [...(union[country][type] ?? []), ...offers[type]];
          }
    const watch: WatchOffers = {};
    for (const country of Object.keys(union).sort()) watch[country] = tidy(union[country]!, country);
    if (Object.keys(watch).length) series.watch = watch;
  }
}
