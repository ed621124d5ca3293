import { type MediaType, STREAMING_OFFER_TYPES } from '@releasebell/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  follows,
  followTargets,
  type MediaItemRow,
  mediaItems,
  memberServiceProviders,
  memberServices,
  titleWatch,
  trackingEvents,
  watchlistEntries,
  watchProviders,
} from '../../db/schema';

export interface EntryRecord {
  item: MediaItemRow;
  addedAt: Date;
  followedVia: { id: string; name: string } | null;
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;

export function createWatchlistRepository(db: Database) {
  const entryOf = (userId: string, itemId: string) =>
    and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.itemId, itemId));

  return {
    async list(userId: string): Promise<EntryRecord[]> {
      const rows = await db
        .select({
          item: mediaItems,
          addedAt: watchlistEntries.addedAt,
          followId: follows.id,
          followName: followTargets.name,
        })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(follows, eq(follows.id, watchlistEntries.followedVia))
        .leftJoin(followTargets, eq(followTargets.ref, follows.ref))
        .where(eq(watchlistEntries.userId, userId))
        .orderBy(desc(watchlistEntries.addedAt), desc(mediaItems.id));
      return rows.map(({ followId, followName, ...r }) => ({
        ...r,
        followedVia: followId && followName ? { id: followId, name: followName } : null,
      }));
    },

    /**
     * The member's services each of their titles streams on now (flatrate, free or ads) in their
     * services' country, as the catalog last saw it: item id to services in TMDB's order.
     */
    async streamingOnMyServices(userId: string) {
      const offer = sql`jsonb_array_elements(${titleWatch.results} -> ${memberServices.region} -> 'offers')`;
      const rows = await db
        .select({
          itemId: titleWatch.itemId,
          providerId: watchProviders.providerId,
          name: watchProviders.name,
          logoPath: watchProviders.logoPath,
        })
        .from(watchlistEntries)
        .innerJoin(memberServices, eq(memberServices.userId, watchlistEntries.userId))
        .innerJoin(titleWatch, eq(titleWatch.itemId, watchlistEntries.itemId))
        .innerJoin(sql`lateral ${offer} with ordinality as o(value, n)`, sql`true`)
        .innerJoin(watchProviders, sql`${watchProviders.providerId} = (o.value ->> 0)::int`)
        .innerJoin(
          memberServiceProviders,
          and(
            eq(memberServiceProviders.userId, watchlistEntries.userId),
            eq(memberServiceProviders.providerId, watchProviders.providerId),
          ),
        )
        .where(
          and(
            eq(watchlistEntries.userId, userId),
            sql`(o.value ->> 1) in (${sql.join(
              STREAMING_OFFER_TYPES.map((t) => sql`${t}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(sql`o.n`);
      const byItem = new Map<string, { id: number; name: string; logoPath: string | null }[]>();
      for (const r of rows) {
        const list = byItem.get(r.itemId) ?? [];
        if (!list.some((p) => p.id === r.providerId))
          list.push({ id: r.providerId, name: r.name, logoPath: r.logoPath });
        byItem.set(r.itemId, list);
      }
      return byItem;
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

    /**
     * Adds titles to a member's list (those a follow brings marked with it), leaving those already
     * tracked alone; like `add`, only real inserts record events and count trackers. Answers the
     * titles added.
     */
    async addMany(
      userId: string,
      titles: { itemId: string; mediaType: MediaType; followId?: string | null }[],
      at: Date,
    ): Promise<string[]> {
      if (titles.length === 0) return [];
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(watchlistEntries)
          .values(
            titles.map((t) => ({
              userId,
              itemId: t.itemId,
              mediaType: t.mediaType,
              addedAt: at,
              followedVia: t.followId ?? null,
            })),
          )
          .onConflictDoNothing()
          .returning({ itemId: watchlistEntries.itemId, mediaType: watchlistEntries.mediaType });
        if (inserted.length === 0) return [];
        await tx
          .insert(trackingEvents)
          .values(inserted.map((t) => ({ userId, ...t, kind: 'add' as const, occurredAt: at })));
        await tx
          .update(mediaItems)
          .set({ trackersCount: sql`${mediaItems.trackersCount} + 1` })
          .where(
            inArray(
              mediaItems.id,
              inserted.map((t) => t.itemId),
            ),
          );
        return inserted.map((t) => t.itemId);
      });
    },

    /** Of these titles, those the member once removed from their list. */
    async removedBefore(userId: string, itemIds: string[]): Promise<Set<string>> {
      if (itemIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ itemId: trackingEvents.itemId })
        .from(trackingEvents)
        .where(
          and(
            eq(trackingEvents.userId, userId),
            eq(trackingEvents.kind, 'remove'),
            inArray(trackingEvents.itemId, [...new Set(itemIds)]),
          ),
        );
      return new Set(rows.map((r) => r.itemId));
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
