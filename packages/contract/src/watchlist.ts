import { z } from 'zod';
import { followedViaSchema } from './follows';
import { mediaItemSchema, mediaTypeSchema } from './media';
import { text } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';
import { watchProviderRefSchema } from './watch';

const itemIdSchema = z.uuid({ error: () => say(V.itemId) });

/** The media item fields a watchlist entry carries: what the Watchlist card, the share image and the home panel show. */
export const WATCHLIST_ITEM_FIELDS = {
  item_id: true,
  title: true,
  media_type: true,
  slug: true,
  image: true,
  release_date: true,
  release_date_precision: true,
  author: true,
  director: true,
  network_name: true,
  series: true,
  creator: true,
  creator_label: true,
} as const;

/** A tracked title. */
export const watchlistEntrySchema = mediaItemSchema
  .pick(WATCHLIST_ITEM_FIELDS)
  .extend({
    /** When the member added it (ISO time). */
    timestamp_added: z.string(),
    followed_via: followedViaSchema.meta({
      description: 'The follow that put this title on the watchlist, else null',
    }),
    on_my_services: z.array(watchProviderRefSchema).meta({
      description:
        "The member's services this title streams on now in their country (flatrate, free or ads), as the catalog last saw it",
    }),
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
