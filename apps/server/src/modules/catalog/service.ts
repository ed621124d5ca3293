import {
  DEFAULT_HYPE_PERCENTAGE,
  type MediaItem,
  type MediaType,
  releaseDatePrecisionSchema,
} from '@releasebell/contract';
import type { MediaItemRow } from '../../db/schema';
import { mediaNotFound } from '../../errors';
import { type Clock, systemClock } from '../../lib/clock';
import { todayIso } from '../../lib/dates';
import type { CatalogRepository } from './repository';

export const RECOMMENDATION_LIMIT = 12;
/** Recent tracking counts extra towards Trending for this many days. */
export const TRENDING_WINDOW_DAYS = 7;

/**
 * The Hype Meter: the provider's figure (25 when it has none) raised by the members tracking the item,
 * with diminishing returns: +15 for the first, +30 at three, +45 at seven (docs/ranking.md).
 */
export function hypePercentage(providerHype: number | null, trackers: number): number {
  const base = providerHype ?? DEFAULT_HYPE_PERCENTAGE;
  return Math.min(100, Math.round(base + 15 * Math.log2(1 + Math.max(0, trackers))));
}

export function toMediaItem(row: MediaItemRow): MediaItem {
  const precision = releaseDatePrecisionSchema.safeParse(row.releaseDatePrecision);
  return {
    _id: row.id,
    id: row.id,
    item_id: row.id,
    media_type: row.mediaType as MediaType,
    title: row.title,
    slug: row.slug,
    image: row.image,
    description: row.description,
    author: row.author,
    director: row.director,
    network_name: row.networkName,
    series: row.series,
    series_number: row.seriesNumber,
    creator: row.creator,
    creator_label: row.creatorLabel,
    release_date: row.releaseDate,
    release_date_precision: row.releaseDate && precision.success ? precision.data : null,
    language: row.language,
    genres: row.genres,
    hype_meter_percentage: hypePercentage(row.hypeMeterPercentage, row.trackersCount),
    popularity: row.popularity,
  };
}

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
