import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accounts,
  contentRequests,
  follows,
  followTargets,
  imports,
  itemIdentifiers,
  mediaItems,
  memberChannels,
  memberServiceProviders,
  memberServices,
  notificationDeliveries,
  rateLimitCounters,
  trackingEvents,
  userProfiles,
  users,
  verifications,
  watchlistEntries,
  watchProviders,
} from '../../db/schema';

/** A member's rows as their export reads them. */
export function createAccountRepository(db: Database) {
  return {
    /** The account and its profile (null: no such member). */
    async account(userId: string) {
      const [row] = await db
        .select({ user: users, profile: userProfiles })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The password hash of a member who has one (Google members have none). */
    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? null;
    },

    /** The watchlist, oldest first, with each title's ids and the follow that added it. */
    async watchlist(userId: string) {
      const rows = await db
        .select({
          itemId: mediaItems.id,
          mediaType: mediaItems.mediaType,
          title: mediaItems.title,
          releaseDate: mediaItems.releaseDate,
          providerId: mediaItems.providerId,
          addedAt: watchlistEntries.addedAt,
          followedVia: follows.ref,
        })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(follows, eq(follows.id, watchlistEntries.followedVia))
        .where(eq(watchlistEntries.userId, userId))
        .orderBy(asc(watchlistEntries.addedAt), asc(mediaItems.title));
      const ids =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(itemIdentifiers)
              .where(
                inArray(
                  itemIdentifiers.itemId,
                  rows.map((r) => r.itemId),
                ),
              );
      const byItem = new Map<string, { imdb?: string; isbn13?: string }>();
      for (const id of ids) byItem.set(id.itemId, { ...byItem.get(id.itemId), [id.scheme]: id.value });
      return rows.map((row) => ({
        ...row,
        imdb: byItem.get(row.itemId)?.imdb ?? null,
        isbn13: byItem.get(row.itemId)?.isbn13 ?? null,
      }));
    },

    async follows(userId: string) {
      return db
        .select({
          ref: follows.ref,
          kind: followTargets.kind,
          name: followTargets.name,
          roles: follows.roles,
          createdAt: follows.createdAt,
        })
        .from(follows)
        .innerJoin(followTargets, eq(followTargets.ref, follows.ref))
        .where(eq(follows.userId, userId))
        .orderBy(asc(follows.createdAt));
    },

    /** The member's country and services, if they chose any. */
    async services(userId: string) {
      const [chosen] = await db.select().from(memberServices).where(eq(memberServices.userId, userId));
      if (!chosen) return null;
      const providers = await db
        .select({ id: memberServiceProviders.providerId, name: watchProviders.name })
        .from(memberServiceProviders)
        .leftJoin(watchProviders, eq(watchProviders.providerId, memberServiceProviders.providerId))
        .where(eq(memberServiceProviders.userId, userId))
        .orderBy(asc(memberServiceProviders.providerId));
      return { country: chosen.region, includeRentBuy: chosen.includeRentBuy, providers };
    },

    async channels(userId: string) {
      return db
        .select()
        .from(memberChannels)
        .where(eq(memberChannels.userId, userId))
        .orderBy(asc(memberChannels.createdAt));
    },

    /** What was sent to the member, oldest first. */
    async sentNotifications(userId: string) {
      return db
        .select({
          kind: notificationDeliveries.kind,
          title: mediaItems.title,
          channel: notificationDeliveries.channel,
          sentAt: notificationDeliveries.sentAt,
        })
        .from(notificationDeliveries)
        .innerJoin(mediaItems, eq(mediaItems.id, notificationDeliveries.itemId))
        .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.status, 'sent')))
        .orderBy(asc(notificationDeliveries.sentAt));
    },

    async imports(userId: string) {
      return db
        .select({
          source: imports.source,
          status: imports.status,
          rows: imports.rows,
          createdAt: imports.createdAt,
          appliedAt: imports.appliedAt,
        })
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(asc(imports.createdAt));
    },

    /**
     * Everything of the member, in one transaction: the titles they tracked count one tracker fewer,
     * their tracking leaves the leaderboard, the requests they made stay without their name, and the
     * account goes with every row that hangs from it (profile, sessions, watchlist, follows, services,
     * channels and their log, push devices, calendar feed, phone codes, imports, inbox and deliveries).
     */
    async deleteMember(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(mediaItems)
          .set({ trackersCount: sql`greatest(${mediaItems.trackersCount} - 1, 0)` })
          .where(
            inArray(
              mediaItems.id,
              tx
                .select({ id: watchlistEntries.itemId })
                .from(watchlistEntries)
                .where(eq(watchlistEntries.userId, userId)),
            ),
          );
        await tx.delete(trackingEvents).where(eq(trackingEvents.userId, userId));
        await tx.update(contentRequests).set({ userId: null }).where(eq(contentRequests.userId, userId));
        await tx.delete(verifications).where(eq(verifications.value, userId));
        // Limits keyed by the member (their tests, follows, exports): nothing of theirs is kept.
        await tx.delete(rateLimitCounters).where(like(rateLimitCounters.key, `%${userId}%`));
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
