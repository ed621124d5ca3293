import {
  type AddToWatchlistBody,
  type Locale,
  WATCHLIST_ITEM_FIELDS,
  type WatchlistEntry,
} from '@releasebell/contract';
import type { MediaItemRow } from '../../db/schema';
import { HttpError, joined, mediaNotFound } from '../../errors';
import { type Clock, systemClock } from '../../lib/clock';
import { pick } from '../../lib/pick';
import { tmdbLogoUrl } from '../../providers/tmdb/tmdb-watch';
import { type CatalogService, toMediaItem } from '../catalog';
import type { WatchlistRepository } from './repository';

const MESSAGES = {
  wrongMediaType: /*i18n*/ {
    id: 'error.watchlist.wrongMediaType',
    message: "must be {type}, the item's media type",
  },
};

function toWatchlistEntry(
  item: MediaItemRow,
  addedAt: Date,
  followedVia: WatchlistEntry['followed_via'] = null,
  onMyServices: { id: number; name: string; logoPath: string | null }[] = [],
): WatchlistEntry {
  return {
    ...pick(toMediaItem(item), WATCHLIST_ITEM_FIELDS),
    timestamp_added: addedAt.toISOString(),
    followed_via: followedVia,
    on_my_services: onMyServices.map((p) => ({ id: p.id, name: p.name, logo: tmdbLogoUrl(p.logoPath) })),
  };
}

export function createWatchlistService(
  repo: WatchlistRepository,
  localized: CatalogService['localized'],
  clock: Clock = systemClock,
) {
  return {
    /** The member's titles, named in `lang` where the catalog has them. */
    async list(userId: string, lang?: Locale): Promise<WatchlistEntry[]> {
      const [entries, streaming] = await Promise.all([repo.list(userId), repo.streamingOnMyServices(userId)]);
      return localized(
        entries.map((e) => toWatchlistEntry(e.item, e.addedAt, e.followedVia, streaming.get(e.item.id))),
        lang,
      );
    },

    async add(userId: string, body: AddToWatchlistBody) {
      const item = await repo.findItem(body.item_id);
      if (!item) throw mediaNotFound();
      if (item.mediaType !== body.media_type) {
        const message = { ...MESSAGES.wrongMediaType, values: { type: item.mediaType } };
        throw new HttpError(400, 'VALIDATION_ERROR', joined('media_type ', message), [
          { field: 'media_type', message },
        ]);
      }
      const { created, addedAt } = await repo.add(userId, item, clock());
      return { created, entry: toWatchlistEntry(item, addedAt) };
    },

    async remove(userId: string, itemId: string) {
      return { item_id: itemId, removed: await repo.remove(userId, itemId, clock()) };
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
