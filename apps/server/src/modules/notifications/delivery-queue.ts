import type {
  Locale,
  MediaType,
  NotificationChannel,
  NotificationKind,
  ReleaseDatePrecision,
} from '@releasebell/contract';
import { and, asc, count, eq, inArray, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type DeliveryChannel,
  type DeliveryRow,
  mediaItems,
  notificationDeliveries,
  userProfiles,
  users,
  watchlistEntries,
} from '../../db/schema';
import {
  localeOf,
  type MemberDayOptions,
  memberReleaseDay,
  preferencesOf,
  timeZoneOf,
  watcherColumns,
} from './notification-sql';

/** What a send needs about a member and the titles of the deliveries it carries. */
export interface Recipient {
  userId: string;
  email: string;
  phoneNumber: string | null;
  phoneVerified: boolean;
  timeZone: string;
  /** The language every message to the member is written in. */
  locale: Locale;
  preferences: NotificationChannel[];
  emailPaused: boolean;
  smsOptedOut: boolean;
}
export interface ItemNow {
  id: string;
  title: string;
  mediaType: MediaType;
  slug: string;
  image: string | null;
  creator: string | null;
  creatorLabel: string | null;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

/** Claims are taken one process at a time (sends are not), so one member's due rows stay together. */
const CLAIM_LOCK = 7_243_001;

/**
 * The deliveries the dispatcher sends: claiming due rows, what a send needs about members and titles,
 * recording outcomes, a member turning a channel off (STOP, the unsubscribe link), and the backlog.
 */
export function createDeliveryQueue(db: Database, options: MemberDayOptions = {}) {
  const { typed, memberDay } = memberReleaseDay(db, options);

  return {
    /**
     * Takes the due deliveries of up to `members` members on one channel: pending ones whose time
     * has come, and ones claimed by a worker whose claim ran out (it died). Each member's new rows get
     * one batch id; rows of an interrupted batch keep theirs, so a resend is the same message.
     */
    async claim(
      channel: DeliveryChannel,
      now: Date,
      leaseUntil: Date,
      members: number,
    ): Promise<DeliveryRow[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
        const due = (alias: 'd' | 't') => {
          const a = sql.raw(alias);
          return sql`${a}.channel = ${channel} and ((${a}.status = 'pending' and ${a}.next_attempt_at <= ${now})
            or (${a}.status = 'sending' and ${a}.claimed_until < ${now}))`;
        };
        // The members of the earliest due rows (an index range, not the whole backlog), then all of
        // their due rows on this channel (through the member index).
        const result = await tx.execute(sql`
          with first as (
            select d.user_id, d.next_attempt_at from ${notificationDeliveries} d where ${due('d')}
            order by d.next_attempt_at limit ${members * 4}
          ), m as materialized (
            select user_id, gen_random_uuid() as batch from first
            group by user_id order by min(next_attempt_at) limit ${members}
          )
          update ${notificationDeliveries} t
          set status = 'sending', claimed_until = ${leaseUntil}, attempts = t.attempts + 1,
              batch_id = coalesce(t.batch_id, m.batch)
          from m
          where t.user_id = m.user_id and ${due('t')}
          returning t.id`);
        const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
        if (ids.length === 0) return [];
        return tx
          .select()
          .from(notificationDeliveries)
          .where(inArray(notificationDeliveries.id, ids))
          .orderBy(asc(notificationDeliveries.userId), asc(notificationDeliveries.createdAt));
      });
    },

    async recipients(userIds: string[]): Promise<Map<string, Recipient>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          phoneNumber: watcherColumns.phoneNumber,
          phoneVerified: watcherColumns.phoneVerified,
          timeZone: timeZoneOf,
          locale: localeOf,
          preferences: preferencesOf,
          emailPaused: watcherColumns.emailPaused,
          smsOptedOut: watcherColumns.smsOptedOut,
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.userId, r]));
    },

    async items(itemIds: string[]): Promise<Map<string, ItemNow>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: mediaItems.id,
          title: mediaItems.title,
          mediaType: mediaItems.mediaType,
          slug: mediaItems.slug,
          image: mediaItems.image,
          creator: mediaItems.creator,
          creatorLabel: mediaItems.creatorLabel,
          releaseDate: mediaItems.releaseDate,
          releaseDatePrecision: mediaItems.releaseDatePrecision,
        })
        .from(mediaItems)
        .where(inArray(mediaItems.id, itemIds));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The (member, title) pairs among these that are still tracked (keyed `userId/itemId`), each with
     * the member's release day for it now (`memberDay`, as the planner reads it; null without a day).
     */
    async trackedDays(pairs: { userId: string; itemId: string }[]): Promise<Map<string, string | null>> {
      if (pairs.length === 0) return new Map();
      const rows = await db
        .select({
          userId: watchlistEntries.userId,
          itemId: watchlistEntries.itemId,
          day: sql<string | null>`(${memberDay})::text`,
        })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
        .leftJoinLateral(typed, sql`true`)
        .where(
          and(
            inArray(watchlistEntries.userId, [...new Set(pairs.map((p) => p.userId))]),
            inArray(watchlistEntries.itemId, [...new Set(pairs.map((p) => p.itemId))]),
          ),
        );
      return new Map(rows.map((r) => [`${r.userId}/${r.itemId}`, r.day]));
    },

    /** Records sends in one statement: each row with the provider's id of the message that carried it. */
    async markSent(sent: { id: string; providerMessageId: string }[], at: Date) {
      if (sent.length === 0) return;
      const values = sql.join(
        sent.map((r) => sql`(${r.id}::uuid, ${r.providerMessageId})`),
        sql`, `,
      );
      await db.execute(sql`
        update ${notificationDeliveries} t
        set status = 'sent', sent_at = ${at}, provider_message_id = v.message_id, claimed_until = null,
            last_error = null
        from (values ${values}) as v(id, message_id)
        where t.id = v.id and t.status = 'sending'`);
    },

    /**
     * A transient failure: try again later, as the same message. The batch (and so the Message-ID) is
     * kept: a dropped connection after DATA, or a worker killed after the server's 250, may mean the
     * server has it already, and a resend must be recognisable as the same message.
     */
    async markRetry(ids: string[], nextAttemptAt: Date, error: string) {
      if (ids.length === 0) return;
      await db
        .update(notificationDeliveries)
        .set({ status: 'pending', nextAttemptAt, lastError: error, claimedUntil: null })
        .where(and(inArray(notificationDeliveries.id, ids), eq(notificationDeliveries.status, 'sending')));
    },

    /**
     * Held by a cap on texts: due again at `nextAttemptAt`, not counted as an attempt, and out of its
     * batch, so the next claim sends it in one text with whatever else is due then.
     */
    async markDeferred(ids: string[], nextAttemptAt: Date, reason: string) {
      if (ids.length === 0) return;
      await db
        .update(notificationDeliveries)
        .set({
          status: 'pending',
          nextAttemptAt,
          lastError: reason,
          claimedUntil: null,
          batchId: null,
          attempts: sql`greatest(${notificationDeliveries.attempts} - 1, 0)`,
        })
        .where(and(inArray(notificationDeliveries.id, ids), eq(notificationDeliveries.status, 'sending')));
    },

    /** A final outcome other than sent: failed (with the reason), skipped or cancelled. */
    async markClosed(ids: string[], status: 'failed' | 'skipped' | 'cancelled', reason: string) {
      if (ids.length === 0) return;
      await db
        .update(notificationDeliveries)
        .set({ status, lastError: reason, claimedUntil: null })
        .where(inArray(notificationDeliveries.id, ids));
    },

    /** The member texted STOP: mobile off, the fact kept for the profile, their waiting texts dropped. */
    async stopSms(userId: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(userProfiles)
          .set({ smsOptedOutAt: at, notificationPreferences: ['email'], updatedAt: at })
          .where(eq(userProfiles.userId, userId));
        await tx
          .update(notificationDeliveries)
          .set({ status: 'cancelled', lastError: 'the member replied STOP', claimedUntil: null })
          .where(
            and(
              eq(notificationDeliveries.userId, userId),
              eq(notificationDeliveries.channel, 'sms'),
              inArray(notificationDeliveries.status, ['pending', 'sending']),
            ),
          );
      });
    },

    /** The unsubscribe link pauses release emails (an earlier pause stays); false without a profile. */
    async pauseEmail(userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(userProfiles)
        .set({ emailPausedAt: sql`coalesce(${userProfiles.emailPausedAt}, ${at})`, updatedAt: at })
        .where(eq(userProfiles.userId, userId))
        .returning({ userId: userProfiles.userId });
      return rows.length > 0;
    },
    /** Waiting deliveries by channel, kind and status, and the oldest one's due time (for /metrics). */
    async backlog() {
      const rows = await db
        .select({
          channel: notificationDeliveries.channel,
          kind: notificationDeliveries.kind,
          n: count(),
          oldest: min(notificationDeliveries.dueAt),
        })
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.status, ['pending', 'sending']))
        .groupBy(notificationDeliveries.channel, notificationDeliveries.kind);
      return rows.map((r) => ({
        channel: r.channel,
        kind: r.kind as NotificationKind,
        count: r.n,
        oldest: r.oldest ? new Date(r.oldest as unknown as string | Date) : null,
      }));
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
