import { CHANNEL_LOG_SIZE, type ChannelType } from '@releasebell/contract';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  channelAttempts,
  type MemberChannelRow,
  memberChannels,
  notificationDeliveries,
  type PushSubscriptionRow,
  pushSubscriptions,
  userProfiles,
} from '../../db/schema';

export interface ChannelAttemptRecord {
  kind: string;
  title: string | null;
  status: 'sent' | 'retry' | 'failed';
  httpStatus: number | null;
  error: string | null;
  at: Date;
}

/**
 * Where a member's pushes and chat messages go: their subscribed devices and their Discord, ntfy and
 * webhook channels, with each channel's delivery log.
 */
export function createMemberChannels(db: Database) {
  return {
    /**
     * Keeps a device's subscription and turns push on for the member. The same endpoint again from
     * its owner renews its keys; from another member it is 'taken': an endpoint never moves, or one
     * member could take over another's device. The member keeps their `max` newest devices: past
     * that, the oldest is replaced (browsers subscribe anew without saying the old one is dead).
     */
    async subscribe(
      userId: string,
      sub: { endpoint: string; p256dh: string; auth: string },
      at: Date,
      max: number,
    ): Promise<'subscribed' | 'taken'> {
      return db.transaction(async (tx) => {
        // One subscribe per member at a time, so two at once cannot both keep `max`.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
        const [kept] = await tx
          .insert(pushSubscriptions)
          .values({ userId, ...sub, createdAt: at })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { p256dh: sub.p256dh, auth: sub.auth, createdAt: at },
            setWhere: eq(pushSubscriptions.userId, userId),
          })
          .returning({ id: pushSubscriptions.id });
        if (!kept) return 'taken';
        const replaced = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, kept.id)))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .offset(max - 1);
        if (replaced.length > 0) {
          const ids = replaced.map((r) => r.id);
          await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
          await tx
            .update(notificationDeliveries)
            .set({ status: 'cancelled', lastError: 'a newer device replaced it', claimedUntil: null })
            .where(
              and(
                eq(notificationDeliveries.channel, 'push'),
                inArray(notificationDeliveries.targetId, ids),
                eq(notificationDeliveries.status, 'pending'),
              ),
            );
        }
        await tx
          .update(userProfiles)
          .set({
            notificationPreferences: sql`case when 'push' = any(${userProfiles.notificationPreferences})
              then ${userProfiles.notificationPreferences}
              else array_append(${userProfiles.notificationPreferences}, 'push') end`,
            updatedAt: at,
          })
          .where(eq(userProfiles.userId, userId));
        return 'subscribed';
      });
    },

    /** Forgets one of the member's devices; push goes off with their last one. */
    async unsubscribe(userId: string, endpoint: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
        const [left] = await tx
          .select({ n: count() })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId));
        if ((left?.n ?? 0) === 0) {
          await tx
            .update(userProfiles)
            .set({
              notificationPreferences: sql`array_remove(${userProfiles.notificationPreferences}, 'push')`,
              updatedAt: at,
            })
            .where(eq(userProfiles.userId, userId));
        }
      });
    },

    async subscription(id: string): Promise<PushSubscriptionRow | null> {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return rows[0] ?? null;
    },

    async subscriptionsById(ids: string[]): Promise<Map<string, PushSubscriptionRow>> {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
      if (valid.length === 0) return new Map();
      const rows = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, valid));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The member's newest `limit` devices (older ones, from before the cap, are not sent to). */
    subscriptionsOf(userId: string, limit: number): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(limit);
    },

    /** A push service said the subscription is gone (404/410): its waiting pushes go with it. */
    async dropSubscription(id: string) {
      await db.transaction(async (tx) => {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
        await tx
          .update(notificationDeliveries)
          .set({ status: 'cancelled', lastError: 'the device unsubscribed', claimedUntil: null })
          .where(
            and(
              eq(notificationDeliveries.channel, 'push'),
              eq(notificationDeliveries.targetId, id),
              eq(notificationDeliveries.status, 'pending'),
            ),
          );
      });
    },

    channelsOf(userId: string) {
      return db
        .select()
        .from(memberChannels)
        .where(eq(memberChannels.userId, userId))
        .orderBy(memberChannels.createdAt);
    },

    async channelsById(ids: string[]): Promise<Map<string, MemberChannelRow>> {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
      if (valid.length === 0) return new Map();
      const rows = await db.select().from(memberChannels).where(inArray(memberChannels.id, valid));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async channel(id: string) {
      const rows = await db.select().from(memberChannels).where(eq(memberChannels.id, id));
      return rows[0] ?? null;
    },

    /** Adds a channel unless the member has `max` already (checked under a lock on the member's rows). */
    async addChannel(
      userId: string,
      channel: { type: ChannelType; url: string; secret: string | null },
      at: Date,
      max: number,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hooks:${userId}`}))`);
        const [existing] = await tx
          .select({ n: count() })
          .from(memberChannels)
          .where(eq(memberChannels.userId, userId));
        if ((existing?.n ?? 0) >= max) return null;
        const [row] = await tx
          .insert(memberChannels)
          .values({ userId, ...channel, createdAt: at })
          .returning();
        return row ?? null;
      });
    },

    /** Removes a member's channel; its waiting messages are cancelled. False when it is not theirs. */
    async removeChannel(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(memberChannels)
          .where(and(eq(memberChannels.id, id), eq(memberChannels.userId, userId)))
          .returning({ id: memberChannels.id });
        if (removed.length === 0) return false;
        await tx
          .update(notificationDeliveries)
          .set({ status: 'cancelled', lastError: 'the channel was removed', claimedUntil: null })
          .where(
            and(
              eq(notificationDeliveries.targetId, id),
              inArray(notificationDeliveries.status, ['pending', 'sending']),
            ),
          );
        return true;
      });
    },

    /** A 4xx answer: the channel stops getting messages until the member adds it again. */
    async disableChannel(id: string, reason: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(memberChannels)
          .set({ disabledAt: at, disabledReason: reason })
          .where(eq(memberChannels.id, id));
        await tx
          .update(notificationDeliveries)
          .set({ status: 'cancelled', lastError: `the channel is off: ${reason}`, claimedUntil: null })
          .where(and(eq(notificationDeliveries.targetId, id), eq(notificationDeliveries.status, 'pending')));
      });
    },

    async enableChannel(id: string) {
      await db
        .update(memberChannels)
        .set({ disabledAt: null, disabledReason: null })
        .where(eq(memberChannels.id, id));
    },

    /** Logs an attempt, keeping only the latest CHANNEL_LOG_SIZE of the channel's. */
    async recordAttempt(channelId: string, attempt: ChannelAttemptRecord) {
      await db.insert(channelAttempts).values({ channelId, ...attempt });
      await db.execute(sql`
        delete from ${channelAttempts} where hook_id = ${channelId} and id < (
          select id from ${channelAttempts} where hook_id = ${channelId} order by id desc offset ${CHANNEL_LOG_SIZE - 1} limit 1
        )`);
    },

    attempts(channelId: string, limit = CHANNEL_LOG_SIZE) {
      return db
        .select()
        .from(channelAttempts)
        .where(eq(channelAttempts.channelId, channelId))
        .orderBy(desc(channelAttempts.id))
        .limit(limit);
    },

    /** Each of these channels' latest attempt. */
    async lastAttempts(channelIds: string[]) {
      if (channelIds.length === 0) return new Map<string, ChannelAttemptRecord>();
      const rows = await db
        .selectDistinctOn([channelAttempts.channelId])
        .from(channelAttempts)
        .where(inArray(channelAttempts.channelId, channelIds))
        .orderBy(channelAttempts.channelId, desc(channelAttempts.id));
      return new Map(rows.map((r) => [r.channelId, r]));
    },
  };
}

export type MemberChannels = ReturnType<typeof createMemberChannels>;
