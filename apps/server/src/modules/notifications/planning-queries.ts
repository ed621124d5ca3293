import {
  MEDIA_TYPES,
  type NotificationChannel,
  OFFER_TYPES,
  type OfferType,
  REMINDER_DAY_OPTIONS,
  RENT_BUY_OFFER_TYPES,
  type ReleaseDatePrecision,
  STREAMING_OFFER_TYPES,
} from '@releasebell/contract';
import { and, eq, isNull, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  follows,
  followTargets,
  mediaItems,
  mediaReleaseDates,
  memberServiceProviders,
  memberServices,
  type NewDeliveryRow,
  notificationDeliveries,
  releaseEvents,
  titleOffers,
  userProfiles,
  watchlistEntries,
  watchProviders,
} from '../../db/schema';
import { addDays } from '../../lib/dates';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';
import { type MemberDayOptions, memberReleaseDay, reminderDaysOf, watcherColumns } from './notification-sql';

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
  pushDevices: string[];
  memberChannels: string[];
}

/** A title whose date changes have settled: its state before the first unplanned change, and now. */
export interface SettledChange {
  itemId: string;
  firstEventAt: Date;
  lastEventId: number;
  before: { date: string | null; precision: ReleaseDatePrecision | null };
  now: { date: string | null; precision: ReleaseDatePrecision | null };
}

/** The key of an `available` message: one per member, title and service, whatever the kind of offer. */
export const availableKey = (providerId: number) => `provider:${providerId}`;

const words = (list: readonly string[]) =>
  sql.join(
    list.map((w) => sql`${w}`),
    sql`, `,
  );

/** A plan at least this large refreshes the deliveries' statistics (see plan). */
const ANALYZE_AFTER_ROWS = 500;

/** The longest a reminder comes before its release. */
const MAX_REMINDER_DAYS = Math.max(...REMINDER_DAY_OPTIONS);
/** Every TMDB release type that is some kind of release a member can follow. */
const FOLLOWED_TYPES = [...new Set(Object.values(RELEASE_TYPES_OF_KIND).flat())];

/**
 * What the planner reads and writes: settled date changes, the members to tell, the messages that
 * fall due, and the delivery rows it plans for them.
 */
export function createPlanningQueries(db: Database, options: MemberDayOptions = {}) {
  const { typed, memberDay } = memberReleaseDay(db, options);
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

    /**
     * Titles a follow put on a member's watchlist after it began (found by the follows sync, not
     * added when following) since `since`, that the member has not been told about yet.
     */
    newFollowedTitles(since: Date) {
      return db
        .select({
          ...watcherColumns,
          releaseDate: mediaItems.releaseDate,
          releaseDatePrecision: mediaItems.releaseDatePrecision,
          // A series' new season speaks for itself; a person's or author's title names them.
          viaName: sql<
            string | null
          >`case when ${followTargets.kind} = 'series' then null else ${followTargets.name} end`,
        })
        .from(watchlistEntries)
        .innerJoin(follows, eq(follows.id, watchlistEntries.followedVia))
        .innerJoin(followTargets, eq(followTargets.ref, follows.ref))
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
        .where(
          and(
            sql`${watchlistEntries.addedAt} > ${follows.createdAt}`,
            sql`${watchlistEntries.addedAt} >= ${since}`,
            sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${watchlistEntries.userId}
              and d.item_id = ${watchlistEntries.itemId} and d.kind = 'new_title' and d.channel = 'in_app')`,
          ),
        );
    },

    /**
     * Offers that arrived since `since` on a service of a member tracking the title, in the member's
     * country, of a kind they are told about: streaming always, rent and buy if they asked. Only
     * what arrived after they tracked the title, added the service, chose the country and asked for
     * rent and buy (what was there is not news), and not yet told for that title and service. The
     * streaming kinds come first, so a service with several kinds at once is told as the best.
     */
    availableOffers(since: Date) {
      const rank = sql`array_position(array[${words(OFFER_TYPES)}]::text[], ${titleOffers.type})`;
      return db
        .select({
          ...watcherColumns,
          providerId: titleOffers.providerId,
          providerName: sql<string>`coalesce(${watchProviders.name}, 'a streaming service')`,
          type: sql<OfferType>`${titleOffers.type}`,
          since: sql<Date>`${titleOffers.since}`,
        })
        .from(titleOffers)
        .innerJoin(watchlistEntries, eq(watchlistEntries.itemId, titleOffers.itemId))
        .innerJoin(
          memberServices,
          and(
            eq(memberServices.userId, watchlistEntries.userId),
            eq(memberServices.region, titleOffers.country),
          ),
        )
        .innerJoin(
          memberServiceProviders,
          and(
            eq(memberServiceProviders.userId, watchlistEntries.userId),
            eq(memberServiceProviders.providerId, titleOffers.providerId),
          ),
        )
        .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
        .leftJoin(watchProviders, eq(watchProviders.providerId, titleOffers.providerId))
        .where(
          and(
            sql`${titleOffers.since} >= ${since}`,
            isNull(titleOffers.goneAt),
            sql`${titleOffers.since} > greatest(${watchlistEntries.addedAt}, ${memberServiceProviders.addedAt}, ${memberServices.regionSince})`,
            sql`(${titleOffers.type} in (${words(STREAMING_OFFER_TYPES)}) or (${memberServices.includeRentBuy}
              and ${titleOffers.type} in (${words(RENT_BUY_OFFER_TYPES)}) and ${titleOffers.since} > ${memberServices.rentBuySince}))`,
            sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${watchlistEntries.userId}
              and d.item_id = ${titleOffers.itemId} and d.kind = 'available'
              and d.key_date = 'provider:' || ${titleOffers.providerId} and d.channel = 'in_app')`,
          ),
        )
        .orderBy(rank);
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
  };
}

export type PlanningQueries = ReturnType<typeof createPlanningQueries>;
