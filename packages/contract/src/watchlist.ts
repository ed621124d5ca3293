import { z } from 'zod';
import { isoDateSchema, mediaTypeSchema, releaseDatePrecisionSchema } from './media';
import { text } from './text';

const itemIdSchema = z.uuid({ error: () => 'must be an item id' });

/** A tracked title with what the Watchlist card, the share image and the home panel show. */
export const watchlistEntrySchema = z
  .object({
    item_id: z.string(),
    title: z.string(),
    media_type: mediaTypeSchema,
    slug: z.string(),
    image: z.string().nullable(),
    release_date: isoDateSchema.nullable(),
    release_date_precision: releaseDatePrecisionSchema.nullable(),
    author: z.string().nullable(),
    director: z.string().nullable(),
    network_name: z.string().nullable(),
    series: z.string().nullable(),
    creator: z.string().nullable(),
    creator_label: z.string().nullable(),
    /** When the member added it (ISO time). */
    timestamp_added: z.string(),
  })
  .meta({ id: 'WatchlistEntry' });
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistSchema = z.array(watchlistEntrySchema).meta({ id: 'Watchlist' });

export const watchlistParamsSchema = z.object({ uid: text().min(1).max(128) });

export const addToWatchlistBodySchema = z
  .strictObject({ item_id: itemIdSchema, media_type: mediaTypeSchema })
  .meta({ id: 'AddToWatchlist' });
export type AddToWatchlistBody = z.infer<typeof addToWatchlistBodySchema>;

export const removeFromWatchlistBodySchema = z
  .strictObject({ item_id: itemIdSchema })
  .meta({ id: 'RemoveFromWatchlist' });
export type RemoveFromWatchlistBody = z.infer<typeof removeFromWatchlistBodySchema>;

export const removeFromWatchlistAnswerSchema = z
  .object({ item_id: z.string(), removed: z.boolean() })
  .meta({ id: 'RemovedFromWatchlist' });
