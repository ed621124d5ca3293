import { DEFAULT_REGION, type MediaDetail, type MediaType } from '@releasebell/contract';
import { mediaNotFound } from '../../errors';
import { type Clock, systemClock } from '../../lib/clock';
import { todayIso } from '../../lib/dates';
import { displayedReleaseDate, regionalReleaseDates } from '../../providers/tmdb/release-dates';
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
  return {
    today,
    async trending(mediaType: MediaType, limit: number) {
      const since = new Date(clock().getTime() - TRENDING_WINDOW_DAYS * 86_400_000);
      return (await repo.trending(mediaType, since, limit)).map(toMediaItem);
    },
    async upcoming(mediaType: MediaType, limit: number) {
      return (await repo.upcoming(mediaType, today(), limit)).map(toMediaItem);
    },
    async featured(mediaType: MediaType) {
      const row = await repo.featured(mediaType, today());
      if (!row) throw mediaNotFound();
      return toMediaItem(row);
    },
    /**
     * One item for its page, with `region`'s dates for a movie (the default region's when none is
     * asked). The item's own date is the default region's (and an operator's correction of it stands);
     * another region that TMDB lists dates for sees its own by the same rule as the default one
     * (theatrical, else digital, else any); a region with none sees the item's own date.
     */
    async bySlug(mediaType: MediaType, slug: string, region?: string): Promise<MediaDetail> {
      const row = await repo.findBySlug(mediaType, slug);
      if (!row) throw mediaNotFound();
      const item = { ...toMediaItem(row), follow: await repo.followOptions(row) };
      if (row.mediaType !== 'movies') return { ...item, regional_dates: null };
      const country = region ?? defaultRegion;
      const dates = await repo.regionalDates(row.id, country);
      const regional = regionalReleaseDates(dates, country);
      if (country === defaultRegion || dates.length === 0) return { ...item, regional_dates: regional };
      return {
        ...item,
        release_date: displayedReleaseDate(dates, country, item.release_date),
        release_date_precision: 'day',
        regional_dates: regional,
      };
    },
    async recommendations(mediaType: MediaType, itemId: string) {
      const item = await repo.findById(itemId);
      if (!item || item.mediaType !== mediaType) throw mediaNotFound();
      return (await repo.recommendations(item, RECOMMENDATION_LIMIT)).map(toMediaItem);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
