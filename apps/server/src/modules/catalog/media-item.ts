import { DEFAULT_HYPE_PERCENTAGE, type MediaItem, type SearchItem } from '@releasebell/contract';
import { type MediaItemRow, mediaItems } from '../../db/schema';

/**
 * The Hype Meter: the provider's figure (25 when it has none) raised by the members tracking the item,
 * with diminishing returns: +15 for the first, +30 at three, +45 at seven (docs/ranking.md).
 */
export function hypePercentage(providerHype: number | null, trackers: number): number {
  const base = providerHype ?? DEFAULT_HYPE_PERCENTAGE;
  return Math.min(100, Math.round(base + 15 * Math.log2(1 + Math.max(0, trackers))));
}

/**
 * The columns a search result is made from: a search is asked at every pause in typing, so it reads
 * only what its answer shows (the contract's SEARCH_ITEM_FIELDS).
 */
export const SEARCH_ITEM_COLUMNS = {
  id: mediaItems.id,
  mediaType: mediaItems.mediaType,
  title: mediaItems.title,
  slug: mediaItems.slug,
  image: mediaItems.image,
  creator: mediaItems.creator,
  creatorLabel: mediaItems.creatorLabel,
  releaseDate: mediaItems.releaseDate,
  releaseDatePrecision: mediaItems.releaseDatePrecision,
};
export type SearchItemFields = Pick<MediaItemRow, keyof typeof SEARCH_ITEM_COLUMNS>;

/**
 * The columns a media item is made from: a query answering items can select these alone (the search
 * text and vectors are long and no answer shows them).
 */
export const MEDIA_ITEM_COLUMNS = {
  ...SEARCH_ITEM_COLUMNS,
  description: mediaItems.description,
  author: mediaItems.author,
  director: mediaItems.director,
  networkName: mediaItems.networkName,
  series: mediaItems.series,
  seriesNumber: mediaItems.seriesNumber,
  language: mediaItems.language,
  genres: mediaItems.genres,
  hypeMeterPercentage: mediaItems.hypeMeterPercentage,
  trackersCount: mediaItems.trackersCount,
  popularity: mediaItems.popularity,
};
export type MediaItemFields = Pick<MediaItemRow, keyof typeof MEDIA_ITEM_COLUMNS>;

/** A catalog row as a search answers it: the first fields of its media item. */
export function toSearchItem(row: SearchItemFields): SearchItem {
  return {
    _id: row.id,
    id: row.id,
    item_id: row.id,
    media_type: row.mediaType,
    title: row.title,
    slug: row.slug,
    image: row.image,
    creator: row.creator,
    creator_label: row.creatorLabel,
    release_date: row.releaseDate,
    // The database allows a precision only beside a date (media_items_precision_check).
    release_date_precision: row.releaseDate ? row.releaseDatePrecision : null,
  };
}

/**
 * The one mapping from a catalog row to the API's media item. Catalog, watchlist and leaderboard
 * answers are this item or a pick of it (the contract's *_ITEM_FIELDS); search answers its first
 * fields, made by toSearchItem from fewer columns.
 */
export function toMediaItem(row: MediaItemFields): MediaItem {
  return {
    ...toSearchItem(row),
    description: row.description,
    author: row.author,
    director: row.director,
    network_name: row.networkName,
    series: row.series,
    series_number: row.seriesNumber,
    language: row.language,
    genres: row.genres,
    hype_meter_percentage: hypePercentage(row.hypeMeterPercentage, row.trackersCount),
    popularity: row.popularity,
  };
}
