import {
  DEFAULT_LOCALE,
  DEFAULT_MOVIE_RELEASE_KIND,
  DEFAULT_TIME_ZONE,
  type Locale,
  type MediaType,
  type MovieReleaseKind,
  type ReleaseDatePrecision,
} from '@releasebell/contract';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  calendarFeeds,
  mediaItems,
  mediaReleaseDates,
  releaseEvents,
  typedDateChanges,
  userProfiles,
  watchlistEntries,
} from '../../db/schema';

export interface FeedMember {
  userId: string;
  timeZone: string;
  /** The language the feed's events are written in. */
  locale: Locale;
  region: string | null;
  movieReleaseKind: MovieReleaseKind;
}

export interface TrackedTitle {
  id: string;
  title: string;
  mediaType: MediaType;
  slug: string;
  creator: string | null;
  creatorLabel: string | null;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  updatedAt: Date;
  /** Changes of the title's own date (release events), and the latest one's time. */
  moves: number;
  movedAt: Date | null;
}

export interface RegionalDates {
  /** TMDB release types with their dates in the member's region. */
  dates: { type: number; date: string }[];
  /** Moves of each kind's date in that region, and the latest one's time. */
  moves: Map<MovieReleaseKind, { count: number; at: Date }>;
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;

/** The calendar feed's reads: its token, and a member's tracked titles with their dates and changes. */
/** A member's settings the feed is written by; a member without a profile reads the defaults. */
const FEED_MEMBER = {
  timeZone: sql<string>`coalesce(${userProfiles.timeZone}, ${DEFAULT_TIME_ZONE})`,
  locale: sql<Locale>`coalesce(${userProfiles.locale}, ${DEFAULT_LOCALE})`,
  region: userProfiles.region,
  movieReleaseKind: sql<MovieReleaseKind>`coalesce(${userProfiles.movieReleaseKind}, ${DEFAULT_MOVIE_RELEASE_KIND})`,
};

export function createCalendarRepository(db: Database) {
  const toDate = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return {
    async feedOf(userId: string) {
      const rows = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return rows[0] ?? null;
    },

    /** Sets the member's token (a new one on rotation): the old one stops working in the same statement. */
    async saveFeed(userId: string, salt: string, tokenHash: string, at: Date) {
      await db
        .insert(calendarFeeds)
        .values({ userId, salt, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { salt, tokenHash, createdAt: at } });
    },

    async memberByTokenHash(tokenHash: string): Promise<FeedMember | null> {
      const rows = await db
        .select({ ...FEED_MEMBER, userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .leftJoin(userProfiles, eq(userProfiles.userId, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return rows[0] ?? null;
    },

    /** The member as their feed is written for, whether or not they have a feed link. */
    async member(userId: string): Promise<FeedMember | null> {
      const rows = await db
        .select({ ...FEED_MEMBER, userId: userProfiles.userId })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId));
      return rows[0] ?? null;
    },

    /** The member's tracked titles of these types, with how often their own date moved. */
    async tracked(userId: string, types: readonly MediaType[]): Promise<TrackedTitle[]> {
      const moves = db
        .select({
          itemId: releaseEvents.itemId,
          moves: count().as('moves'),
          movedAt: max(releaseEvents.occurredAt).as('moved_at'),
        })
        .from(releaseEvents)
        .where(
          sql`${releaseEvents.itemId} in (select item_id from ${watchlistEntries} where user_id = ${userId})`,
        )
        .groupBy(releaseEvents.itemId)
        .as('moves');
      const rows = await db
        .select({
          id: mediaItems.id,
          title: mediaItems.title,
          mediaType: mediaItems.mediaType,
          slug: mediaItems.slug,
          creator: mediaItems.creator,
          creatorLabel: mediaItems.creatorLabel,
          releaseDate: mediaItems.releaseDate,
          releaseDatePrecision: mediaItems.releaseDatePrecision,
          updatedAt: mediaItems.updatedAt,
          moves: moves.moves,
          movedAt: moves.movedAt,
        })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .leftJoin(moves, eq(moves.itemId, mediaItems.id))
        .where(and(eq(watchlistEntries.userId, userId), inArray(mediaItems.mediaType, [...types])))
        .orderBy(mediaItems.id);
      return rows.map((r) => ({ ...r, moves: Number(r.moves ?? 0), movedAt: toDate(r.movedAt ?? null) }));
    },

    /** Typed dates of the member's tracked movies in one country, and how often each kind's date moved there. */
    async regionalDates(userId: string, country: string): Promise<Map<string, RegionalDates>> {
      const byItem = new Map<string, RegionalDates>();
      // Joined to the watchlist rather than given a thousand ids: binding them cost more than the query.
      const tracked = sql`(select w.item_id from ${watchlistEntries} w where w.user_id = ${userId} and w.media_type = 'movies')`;
      const entry = (id: string) => {
        const found: RegionalDates = byItem.get(id) ?? { dates: [], moves: new Map() };
        byItem.set(id, found);
        return found;
      };
      const [dates, changes] = await Promise.all([
        db
          .select({
            itemId: mediaReleaseDates.itemId,
            type: mediaReleaseDates.type,
            date: mediaReleaseDates.date,
          })
          .from(mediaReleaseDates)
          .where(and(sql`${mediaReleaseDates.itemId} in ${tracked}`, eq(mediaReleaseDates.country, country))),
        db
          .select({
            itemId: typedDateChanges.itemId,
            kind: typedDateChanges.kind,
            n: count(),
            at: max(typedDateChanges.changedAt),
          })
          .from(typedDateChanges)
          .where(and(sql`${typedDateChanges.itemId} in ${tracked}`, eq(typedDateChanges.country, country)))
          .groupBy(typedDateChanges.itemId, typedDateChanges.kind),
      ]);
      for (const d of dates) entry(d.itemId).dates.push({ type: d.type, date: d.date });
      for (const c of changes) entry(c.itemId).moves.set(c.kind, { count: c.n, at: toDate(c.at) as Date });
      return byItem;
    },
  };
}
