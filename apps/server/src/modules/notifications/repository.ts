import {
  DEFAULT_MOVIE_RELEASE_KIND,
  DEFAULT_REGION,
  DEFAULT_REMINDER_DAYS,
  DEFAULT_TIME_ZONE,
  MEDIA_TYPES,
  type MediaType,
  MOVIE_RELEASE_KINDS,
  type NotificationChannel,
  type NotificationKind,
  REMINDER_DAY_OPTIONS,
  type ReleaseDatePrecision,
} from '@releasebell/contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type DeliveryChannel,
  type DeliveryRow,
  mediaItems,
  mediaReleaseDates,
  type NewDeliveryRow,
  notificationDeliveries,
  releaseEvents,
  userProfiles,
  users,
  watchlistEntries,
} from '../../db/schema';
import { addDays } from '../../lib/dates';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';

/** A member tracking a title, with what the planner needs to know about how to reach them. */
export interface Watcher {
  userId: string;
  itemId: string;
  addedAt: Date;
  timeZone: string;
  reminderDays: number;
  preferences: NotificationChannel[];
  phoneNumber: string | null;
  phoneVerified: boolean;
  emailPaused: boolean;
  smsOptedOut: boolean;
}

/** A title whose date changes have settled: its state before the first unplanned change, and now. */
export interface SettledChange {
  itemId: string;
  firstEventAt: Date;
  lastEventId: number;
  before: { date: string | null; precision: ReleaseDatePrecision | null };
  now: { date: string | null; precision: ReleaseDatePrecision | null };
}

/** What a send needs about a member and the titles of the deliveries it carries. */
export interface Recipient {
  userId: string;
  email: string;
  phoneNumber: string | null;
  phoneVerified: boolean;
  timeZone: string;
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
const ANALYZE_AFTER_ROWS = 500;

/** A member's settings as notifications read them, with the profile's defaults where none is set. */
const timeZoneOf = sql<string>`coalesce(${userProfiles.timeZone}, ${DEFAULT_TIME_ZONE})`;
const reminderDaysOf = sql<number>`coalesce(${userProfiles.reminderDays}, ${DEFAULT_REMINDER_DAYS})`;
const preferencesOf = sql<
  NotificationChannel[]
>`coalesce(${userProfiles.notificationPreferences}, '{email}')`;

const watcherColumns = {
  userId: watchlistEntries.userId,
  itemId: watchlistEntries.itemId,
  addedAt: watchlistEntries.addedAt,
  timeZone: timeZoneOf,
  reminderDays: reminderDaysOf,
  preferences: preferencesOf,
  phoneNumber: userProfiles.phoneNumber,
  phoneVerified: sql<boolean>`${userProfiles.phoneVerifiedAt} is not null`,
  emailPaused: sql<boolean>`${userProfiles.emailPausedAt} is not null`,
  smsOptedOut: sql<boolean>`${userProfiles.smsOptedOutAt} is not null`,
};

/** The longest a reminder comes before its release. */
const MAX_REMINDER_DAYS = Math.max(...REMINDER_DAY_OPTIONS);
/** Every TMDB release type that is some kind of release a member can follow. */
const FOLLOWED_TYPES = [...new Set(Object.values(RELEASE_TYPES_OF_KIND).flat())];

export interface NotificationsRepositoryOptions {
  /** The region of members who chose none (TMDB_REGION; DEFAULT_REGION without TMDB). */
  defaultRegion?: string | undefined;
}

export function createNotificationsRepository(db: Database, options: NotificationsRepositoryOptions = {}) {
  const defaultRegion = options.defaultRegion ?? DEFAULT_REGION;
  const region = sql`coalesce(${userProfiles.region}, ${defaultRegion})`;
  const kind = sql`coalesce(${userProfiles.movieReleaseKind}, ${DEFAULT_MOVIE_RELEASE_KIND})`;
  const kindTypes = sql`case ${kind} ${sql.join(
    MOVIE_RELEASE_KINDS.map(
      (k) => sql`when ${k} then ${sql.raw(`array[${RELEASE_TYPES_OF_KIND[k].join(', ')}]`)}`,
    ),
    sql` `,
  )} end`;
  /**
   * For a movie, the earliest typed date of the member's kind of release in the member's region
   * (null when TMDB lists none). Not asked for the default region's theatrical release: that is the
   * title's own date, which an operator may have corrected.
   */
  const typed = db
    .select({ date: sql<string | null>`min(${mediaReleaseDates.date})`.as('typed_date') })
    .from(mediaReleaseDates)
    .where(
      and(
        eq(mediaItems.mediaType, 'movies'),
        sql`not (${region} = ${defaultRegion} and ${kind} = ${DEFAULT_MOVIE_RELEASE_KIND})`,
        eq(mediaReleaseDates.itemId, mediaItems.id),
        sql`${mediaReleaseDates.country} = ${region}`,
        sql`${mediaReleaseDates.type} = any(${kindTypes})`,
      ),
    )
    .as('typed');
  /**
   * The day a member is told a title comes out: that typed date, else the title's own date when it is
   * a day (a month or a year never fires). Needs watchlist_entries, media_items, user_profiles and
   * `typed` (a lateral join) in the query.
   */
  const memberDay = sql`coalesce(${typed.date}, case when ${mediaItems.releaseDatePrecision} = 'day' then ${mediaItems.releaseDate} end)`;
  /**
   * Titles with a day in [from, to] that some member may be told about: their own date, or a typed
   * date of a tracked title (any kind). Narrows the per-member work to titles near the window.
   */
  const titlesDatedWithin = (from: string, to: string) => sql`
    select m.id from ${mediaItems} m
    where m.media_type in (${sql.join(
      MEDIA_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )}) and m.release_date_precision = 'day' and m.release_date between ${from}::date and ${to}::date
    union
    select r.item_id from ${mediaReleaseDates} r
    where r.date between ${from}::date and ${to}::date and r.type in (${sql.raw(FOLLOWED_TYPES.join(', '))})
      and r.item_id in (select w.item_id from ${watchlistEntries} w)`;

  return {
    /** Titles with unplanned release events, the latest of them older than `cutoff`. */
    async settledChanges(cutoff: Date, limit: number): Promise<SettledChange[]> {
      const pending = db
        .select({
          itemId: releaseEvents.itemId,
          firstId: min(releaseEvents.id).as('first_id'),
          lastId: sql<number>`max(${releaseEvents.id})`.as('last_id'),
          firstAt: min(releaseEvents.occurredAt).as('first_at'),
        })
        .from(releaseEvents)
        .where(isNull(releaseEvents.plannedAt))
        .groupBy(releaseEvents.itemId)
        .having(sql`max(${releaseEvents.occurredAt}) <= ${cutoff}`)
        .limit(limit)
        .as('pending');
      const rows = await db
        .select({
          itemId: pending.itemId,
          firstAt: pending.firstAt,
          lastId: pending.lastId,
          oldDate: releaseEvents.oldDate,
          oldPrecision: releaseEvents.oldPrecision,
          nowDate: mediaItems.releaseDate,
          nowPrecision: mediaItems.releaseDatePrecision,
        })
        .from(pending)
        .innerJoin(releaseEvents, eq(releaseEvents.id, pending.firstId))
        .innerJoin(mediaItems, eq(mediaItems.id, pending.itemId));
      return rows.map((r) => ({
        itemId: r.itemId,
        firstEventAt: new Date(r.firstAt as unknown as string | Date),
        lastEventId: Number(r.lastId),
        before: { date: r.oldDate, precision: r.oldPrecision },
        now: { date: r.nowDate, precision: r.nowPrecision },
      }));
    },

    /** Members tracking a title since before `addedBefore`. */
    watchers(itemId: string, addedBefore: Date): Promise<Watcher[]> {
      return db
        .select(watcherColumns)
        .from(watchlistEntries)
        .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
        .where(and(eq(watchlistEntries.itemId, itemId), sql`${watchlistEntries.addedAt} < ${addedBefore}`));
    },

    /**
     * Members tracking a title whose release day for them (`memberDay`: for a movie, the member's kind
     * of release in their region, else the title's own day) falls in [from, to] (shifted by their
     * reminder days for reminders), and who have no message of this kind for that day yet. Titles with
     * unsettled date changes wait for them to settle.
     */
    dueCandidates(kind: 'released' | 'reminder', from: string, to: string) {
      const day = kind === 'released' ? memberDay : sql`(${memberDay} - ${reminderDaysOf})`;
      const latest = kind === 'released' ? to : addDays(to, MAX_REMINDER_DAYS);
      return db
        .select({ ...watcherColumns, releaseDate: sql<string>`(${memberDay})::text` })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
        .leftJoinLateral(typed, sql`true`)
        .where(
          and(
            sql`${watchlistEntries.itemId} in (${titlesDatedWithin(from, latest)})`,
            sql`${day} between ${from}::date and ${to}::date`,
            kind === 'reminder' ? sql`${reminderDaysOf} > 0` : undefined,
            sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${watchlistEntries.userId}
              and d.item_id = ${watchlistEntries.itemId} and d.kind = ${kind}
              and d.key_date = (${memberDay})::text and d.channel = 'in_app')`,
            sql`not exists (select 1 from ${releaseEvents} e where e.item_id = ${mediaItems.id} and e.planned_at is null)`,
          ),
        );
    },

    /** Adds deliveries (a key that exists already is left alone) and marks the item's events planned. */
    async plan(rows: NewDeliveryRow[], planned?: { itemId: string; upToId: number; at: Date }) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 1000) {
          await tx
            .insert(notificationDeliveries)
            .values(rows.slice(i, i + 1000))
            .onConflictDoNothing();
        }
        if (planned) {
          await tx
            .update(releaseEvents)
            .set({ plannedAt: planned.at })
            .where(
              and(
                eq(releaseEvents.itemId, planned.itemId),
                lte(releaseEvents.id, planned.upToId),
                isNull(releaseEvents.plannedAt),
              ),
            );
        }
      });
      // A release day can add thousands of rows at once. The embedded database has no autovacuum:
      // without fresh statistics the claim's join is planned for an empty table (800 ms, not 18 ms).
      if (rows.length >= ANALYZE_AFTER_ROWS) await db.execute(sql`analyze ${notificationDeliveries}`);
    },

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
     * the member's release day for it now (see dueCandidates; null without a day).
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

    async pauseEmail(userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(userProfiles)
        .set({ emailPausedAt: sql`coalesce(${userProfiles.emailPausedAt}, ${at})`, updatedAt: at })
        .where(eq(userProfiles.userId, userId))
        .returning({ userId: userProfiles.userId });
      return rows.length > 0;
    },

    /** The bell: the member's latest in-app notifications, with their titles. */
    async latest(userId: string, limit: number) {
      return db
        .select({ delivery: notificationDeliveries, item: mediaItems })
        .from(notificationDeliveries)
        .innerJoin(mediaItems, eq(mediaItems.id, notificationDeliveries.itemId))
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            eq(notificationDeliveries.status, 'sent'),
          ),
        )
        .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            eq(notificationDeliveries.status, 'sent'),
            isNull(notificationDeliveries.readAt),
          ),
        );
      return row?.n ?? 0;
    },

    async markRead(userId: string, ids: string[] | 'all', at: Date) {
      await db
        .update(notificationDeliveries)
        .set({ readAt: at })
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            isNull(notificationDeliveries.readAt),
            ids === 'all' ? undefined : inArray(notificationDeliveries.id, ids),
          ),
        );
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

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
