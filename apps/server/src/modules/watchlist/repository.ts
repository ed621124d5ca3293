import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MediaItemRow, mediaItems, trackingEvents, watchlistEntries } from '../../db/schema';

export interface EntryRecord {
  item: MediaItemRow;
  addedAt: Date;
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;

export function createWatchlistRepository(db: Database) {
  const entryOf = (userId: string, itemId: string) =>
    and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.itemId, itemId));

  return {
    async list(userId: string): Promise<EntryRecord[]> {
      return db
        .select({ item: mediaItems, addedAt: watchlistEntries.addedAt })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .where(eq(watchlistEntries.userId, userId))
        .orderBy(desc(watchlistEntries.addedAt), desc(mediaItems.id));
    },

    async findItem(itemId: string): Promise<MediaItemRow | undefined> {
      const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, itemId)).limit(1);
      return row;
    },

    /**
     * Adds the entry unless it is there. Only a real insert records an event and counts a tracker, in
     * one transaction, so two tabs adding at once leave one entry, one event and one count. `at` (the
     * app's clock) stamps the entry and the event.
     */
    async add(userId: string, item: MediaItemRow, at: Date): Promise<{ created: boolean; addedAt: Date }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(watchlistEntries)
          .values({ userId, itemId: item.id, mediaType: item.mediaType, addedAt: at })
          .onConflictDoNothing()
          .returning({ addedAt: watchlistEntries.addedAt });
        if (inserted) {
          await tx
            .insert(trackingEvents)
            .values({ userId, itemId: item.id, mediaType: item.mediaType, kind: 'add', occurredAt: at });
          await tx
            .update(mediaItems)
            .set({ trackersCount: sql`${mediaItems.trackersCount} + 1` })
            .where(eq(mediaItems.id, item.id));
          return { created: true, addedAt: inserted.addedAt };
        }
        const [existing] = await tx
          .select({ addedAt: watchlistEntries.addedAt })
          .from(watchlistEntries)
          .where(entryOf(userId, item.id));
        // Only a concurrent remove between the two statements could leave nothing; report it as added now.
        return { created: false, addedAt: existing?.addedAt ?? at };
      });
    },

    /** Removes the entry if it is there (the event stamped `at`); returns whether it was. */
    async remove(userId: string, itemId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(watchlistEntries)
          .where(entryOf(userId, itemId))
          .returning({ mediaType: watchlistEntries.mediaType });
        if (!removed) return false;
        await tx
          .insert(trackingEvents)
          .values({ userId, itemId, mediaType: removed.mediaType, kind: 'remove', occurredAt: at });
        await tx
          .update(mediaItems)
          .set({ trackersCount: sql`greatest(${mediaItems.trackersCount} - 1, 0)` })
          .where(eq(mediaItems.id, itemId));
        return true;
      });
    },
  };
}
