import {
  DEFAULT_LOCALE,
  DEFAULT_MOVIE_RELEASE_KIND,
  DEFAULT_REGION,
  DEFAULT_REMINDER_DAYS,
  DEFAULT_TIME_ZONE,
  type Locale,
  MAX_PUSH_DEVICES,
  MOVIE_RELEASE_KINDS,
  type NotificationChannel,
} from '@releasebell/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  mediaItems,
  mediaReleaseDates,
  memberChannels,
  pushSubscriptions,
  userProfiles,
  watchlistEntries,
} from '../../db/schema';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';

/** A member's settings as notifications read them, with the profile's defaults where none is set. */
export const timeZoneOf = sql<string>`coalesce(${userProfiles.timeZone}, ${DEFAULT_TIME_ZONE})`;
/** The member's language (a member with no profile yet reads the default). */
export const localeOf = sql<Locale>`coalesce(${userProfiles.locale}, ${DEFAULT_LOCALE})`;
export const reminderDaysOf = sql<number>`coalesce(${userProfiles.reminderDays}, ${DEFAULT_REMINDER_DAYS})`;
export const preferencesOf = sql<
  NotificationChannel[]
>`coalesce(${userProfiles.notificationPreferences}, '{email}')`;

export const watcherColumns = {
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
  /**
   * The member's subscribed devices (push subscription ids), their newest MAX_PUSH_DEVICES: a member
   * with more from before the cap does not get a push per device on each notice.
   */
  pushDevices: sql<string[]>`array(select s.id::text from ${pushSubscriptions} s
    where s.user_id = ${watchlistEntries.userId}
    order by s.created_at desc, s.id desc limit ${sql.raw(String(MAX_PUSH_DEVICES))})`,
  /** The member's working chat and webhook channels, as `type:id`. */
  memberChannels: sql<string[]>`array(select h.type || ':' || h.id::text from ${memberChannels} h
    where h.user_id = ${watchlistEntries.userId} and h.disabled_at is null order by h.id)`,
};

export interface MemberDayOptions {
  /** The region of members who chose none (TMDB_REGION; DEFAULT_REGION without TMDB). */
  defaultRegion?: string | undefined;
}

/**
 * The member's release day of a title, for the planner's due messages and the dispatcher's check
 * that a waiting message's day still holds (both must read it the same way). The calendar and the
 * page compute it with releaseDayForMember (lib/release-day.ts); release-day.test.ts holds the two to
 * one answer, so a change of rule is made in both.
 */
export function memberReleaseDay(db: Database, options: MemberDayOptions = {}) {
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
  return { typed, memberDay };
}
