import {
  DEFAULT_LOCALE,
  DEFAULT_MOVIE_RELEASE_KIND,
  DEFAULT_REGION,
  inReaderOrder,
  type Locale,
  type MediaDetail,
  type MediaItem,
  type MediaType,
  type TitleWatch,
} from '@releasebell/contract';
import type { MediaItemRow } from '../../db/schema';
import { mediaNotFound } from '../../errors';
import { type Clock, systemClock } from '../../lib/clock';
import { todayIso } from '../../lib/dates';
import { releaseDayForMember } from '../../lib/release-day';
import {
  displayedReleaseDate,
  RELEASE_TYPES_OF_KIND,
  regionalReleaseDates,
} from '../../providers/tmdb/release-dates';
import { tmdbLogoUrl, watchPageUrl, watchTarget } from '../../providers/tmdb/tmdb-watch';
import { toMediaItem } from './media-item';
import type { CatalogRepository } from './repository';

const RECOMMENDATION_LIMIT = 12;
/** Recent tracking counts extra towards Trending for this many days. */
const TRENDING_WINDOW_DAYS = 7;

export interface CatalogServiceOptions {
  /**
   * Whose dates the items' own `release_date` is (TMDB_REGION; DEFAULT_REGION without TMDB): the
   * detail page's answer when no region is asked.
   */
  defaultRegion?: string | undefined;
}

export function createCatalogService(
  repo: CatalogRepository,
  clock: Clock = systemClock,
  { defaultRegion = DEFAULT_REGION }: CatalogServiceOptions = {},
) {
  // Asked on every catalog request: format the date once a day, not once a request.
  let day = { from: 0, to: -1, iso: '' };
  const today = () => {
    const now = clock().getTime();
    if (now < day.from || now >= day.to) {
      const iso = todayIso(new Date(now));
      const from = Date.parse(`${iso}T00:00:00Z`);
      day = { from, to: from + 86_400_000, iso };
    }
    return day.iso;
  };
  const rule = { defaultRegion, typesOfKind: RELEASE_TYPES_OF_KIND };

  /** Where to watch a movie or season in `country`, as the availability sync last saw it. */
  /**
   * Items with their titles and descriptions in `lang` where the catalog has them (books keep their
   * own); as they are in US English or with no `lang`.
   */
  async function localized<T extends Pick<MediaItem, 'item_id' | 'title'> & { description?: string }>(
    items: T[],
    lang: Locale | undefined,
  ): Promise<T[]> {
    if (!lang || lang === DEFAULT_LOCALE || items.length === 0) return items;
    const found = await repo.translationsOf(
      items.map((i) => i.item_id),
      lang,
    );
    return items.map((item) => {
      const t = found.get(item.item_id);
      if (!t) return item;
      return 'description' in item
        ? { ...item, title: t.title, description: t.description ?? item.description }
        : { ...item, title: t.title };
    });
  }

  async function watchIn(row: MediaItemRow, country: string): Promise<TitleWatch | null> {
    const target = watchTarget(row.providerId);
    if (!target) return null;
    const seen = await repo.watchIn(row.id, country);
    if (!seen) return null;
    return {
      region: country,
      link: seen.link ?? watchPageUrl(target, country),
      updated_at: seen.checkedAt.toISOString(),
      offers: seen.offers.flatMap(([id, type]) => {
        const provider = seen.providers.get(id);
        if (!provider) return [];
        const ref = { id, name: provider.name, logo: tmdbLogoUrl(provider.logoPath) };
        return [{ provider: ref, type, on_my_services: false }];
      }),
    };
  }

  return {
    today,
    localized,
    async trending(mediaType: MediaType, limit: number, lang?: Locale) {
      const since = new Date(clock().getTime() - TRENDING_WINDOW_DAYS * 86_400_000);
      return localized((await repo.trending(mediaType, since, limit)).map(toMediaItem), lang);
    },
    async upcoming(mediaType: MediaType, limit: number, lang?: Locale) {
      return localized((await repo.upcoming(mediaType, today(), limit)).map(toMediaItem), lang);
    },
    async featured(mediaType: MediaType, lang?: Locale) {
      const row = await repo.featured(mediaType, today());
      if (!row) throw mediaNotFound();
      const [item] = await localized([toMediaItem(row)], lang);
      return item ?? toMediaItem(row);
    },
    /**
     * One item for its page, with `region`'s dates for a movie (the default region's when none is
     * asked). Its date is the release day of a member there who follows cinema releases (as they are
     * told it); a region that TMDB lists dates for but no cinema date sees its own first date by the
     * rule the item's own date was chosen by (theatrical, else digital, else any); a title with no
     * day keeps its own month or year.
     */
    async bySlug(mediaType: MediaType, slug: string, region?: string, lang?: Locale): Promise<MediaDetail> {
      const row = await repo.findBySlug(mediaType, slug);
      if (!row) throw mediaNotFound();
      const country = region ?? defaultRegion;
      const [own = toMediaItem(row)] = await localized([toMediaItem(row)], lang);
      const item = {
        ...own,
        follow: await repo.followOptions(row),
        watch: await watchIn(row, country),
      };
      if (row.mediaType !== 'movies') return { ...item, regional_dates: null };
      const dates = await repo.regionalDates(row.id, country);
      const regional = regionalReleaseDates(dates, country);
      const day =
        country !== defaultRegion && dates.length > 0 && !regional?.theatrical
          ? displayedReleaseDate(dates, country, item.release_date)
          : releaseDayForMember(row, { region: country, kind: DEFAULT_MOVIE_RELEASE_KIND }, dates, rule);
      if (!day) return { ...item, regional_dates: regional };
      return { ...item, release_date: day, release_date_precision: 'day', regional_dates: regional };
    },
    async recommendations(mediaType: MediaType, itemId: string, lang?: Locale) {
      const item = await repo.findById(itemId);
      if (!item || item.mediaType !== mediaType) throw mediaNotFound();
      return localized((await repo.recommendations(item, RECOMMENDATION_LIMIT)).map(toMediaItem), lang);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * A title's offers as a member sees them: those on their services (in their country) marked, and
 * first within each group.
 */
export function markMyServices(
  watch: TitleWatch,
  mine: { region: string; providerIds: number[] },
): TitleWatch {
  if (watch.region !== mine.region) return watch;
  const marked = watch.offers.map((o) => ({
    ...o,
    on_my_services: mine.providerIds.includes(o.provider.id),
  }));
  return { ...watch, offers: inReaderOrder(marked) };
}
