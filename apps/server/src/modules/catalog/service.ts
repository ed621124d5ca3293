import type { MediaType } from '@releasebell/contract';
import { mediaNotFound } from '../../errors';
import { type Clock, systemClock } from '../../lib/clock';
import { todayIso } from '../../lib/dates';
import { toMediaItem } from './media-item';
import type { CatalogRepository } from './repository';

export const RECOMMENDATION_LIMIT = 12;
/** Recent tracking counts extra towards Trending for this many days. */
export const TRENDING_WINDOW_DAYS = 7;

export function createCatalogService(repo: CatalogRepository, clock: Clock = systemClock) {
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
    async bySlug(mediaType: MediaType, slug: string) {
      const row = await repo.findBySlug(mediaType, slug);
      if (!row) throw mediaNotFound();
      return toMediaItem(row);
    },
    async recommendations(mediaType: MediaType, itemId: string) {
      const item = await repo.findById(itemId);
      if (!item || item.mediaType !== mediaType) throw mediaNotFound();
      return (await repo.recommendations(item, RECOMMENDATION_LIMIT)).map(toMediaItem);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
