import { randomBytes } from 'node:crypto';
import { DEFAULT_REGION, type MovieReleaseKind } from '@releasebell/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, insertMember, track } from '../../../test/helpers';
import { mediaItems, mediaReleaseDates, userProfiles, users, watchlistEntries } from '../../db/schema';
import { releaseDayForMember } from '../../lib/release-day';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';
import type { NormalisedItem } from '../../providers/types';
import { memberReleaseDay } from './notification-sql';

/**
 * Every kind of date a title can have. Typed dates: 1 premiere, 2 limited and 3 wide cinema, 4 digital,
 * 5 physical, 6 TV. The server's default region is US unless a case says otherwise.
 */
const TITLES: Record<string, Partial<NormalisedItem>> = {
  // TMDB's US cinema date (12 March) is not the title's own (14 March, as an operator corrected it).
  allKinds: {
    mediaType: 'movies',
    releaseDate: '2027-03-14',
    releaseDatePrecision: 'day',
    releaseDates: [
      { country: 'US', type: 3, date: '2027-03-12' },
      { country: 'US', type: 4, date: '2027-04-02' },
      { country: 'US', type: 5, date: '2027-05-10' },
      { country: 'GB', type: 2, date: '2027-03-20' },
      { country: 'GB', type: 3, date: '2027-03-27' },
      { country: 'GB', type: 4, date: '2027-04-10' },
      { country: 'GB', type: 5, date: '2027-06-01' },
      { country: 'GB', type: 5, date: '2027-05-25' },
      { country: 'FR', type: 4, date: '2027-06-01' },
      { country: 'DE', type: 1, date: '2027-02-10' },
      { country: 'CA', type: 6, date: '2027-08-01' },
    ],
  },
  // GB has only a cinema date; the US no cinema date, but digital and physical ones.
  cinemaOnlyInGb: {
    mediaType: 'movies',
    releaseDate: '2027-05-01',
    releaseDatePrecision: 'day',
    releaseDates: [
      { country: 'GB', type: 3, date: '2027-05-08' },
      { country: 'US', type: 4, date: '2027-07-01' },
      { country: 'US', type: 5, date: '2027-08-01' },
    ],
  },
  monthWithTyped: {
    mediaType: 'movies',
    releaseDate: '2027-09-01',
    releaseDatePrecision: 'month',
    releaseDates: [
      { country: 'GB', type: 3, date: '2027-09-17' },
      { country: 'US', type: 4, date: '2027-10-05' },
    ],
  },
  movieMonth: { mediaType: 'movies', releaseDate: '2027-09-01', releaseDatePrecision: 'month' },
  movieYear: { mediaType: 'movies', releaseDate: '2028-01-01', releaseDatePrecision: 'year' },
  movieDayOnly: { mediaType: 'movies', releaseDate: '2027-06-06', releaseDatePrecision: 'day' },
  undatedWithTyped: {
    mediaType: 'movies',
    releaseDate: null,
    releaseDatePrecision: null,
    releaseDates: [{ country: 'GB', type: 4, date: '2027-12-01' }],
  },
  undatedMovie: { mediaType: 'movies', releaseDate: null, releaseDatePrecision: null },
  seasonDay: { mediaType: 'tv_seasons', releaseDate: '2027-06-01', releaseDatePrecision: 'day' },
  seasonMonth: { mediaType: 'tv_seasons', releaseDate: '2027-07-01', releaseDatePrecision: 'month' },
  // Typed dates count for movies only.
  bookWithTyped: {
    mediaType: 'books',
    releaseDate: '2027-03-14',
    releaseDatePrecision: 'day',
    releaseDates: [
      { country: 'US', type: 3, date: '2027-01-01' },
      { country: 'GB', type: 4, date: '2027-01-02' },
    ],
  },
  bookYear: { mediaType: 'books', releaseDate: '2027-01-01', releaseDatePrecision: 'year' },
  undatedBook: { mediaType: 'books', releaseDate: null, releaseDatePrecision: null },
};

/** Members by their profile; `null` is a member with no profile row at all. */
const MEMBERS: Record<string, { region?: string; movieReleaseKind?: MovieReleaseKind } | null> = {
  noProfile: null,
  defaults: {},
  digital: { movieReleaseKind: 'digital' },
  physical: { movieReleaseKind: 'physical' },
  usTheatrical: { region: 'US', movieReleaseKind: 'theatrical' },
  gb: { region: 'GB' },
  gbDigital: { region: 'GB', movieReleaseKind: 'digital' },
  gbPhysical: { region: 'GB', movieReleaseKind: 'physical' },
  fr: { region: 'FR' },
  frDigital: { region: 'FR', movieReleaseKind: 'digital' },
  dePhysical: { region: 'DE', movieReleaseKind: 'physical' },
  ca: { region: 'CA' },
  jpDigital: { region: 'JP', movieReleaseKind: 'digital' },
};

/** The server's default region: DEFAULT_REGION, and another as TMDB_REGION may set. */
const DEFAULT_REGIONS = [DEFAULT_REGION, 'GB'];

/** Some answers spelt out, so a change made to both sides alike is seen too. */
const EXPECTED: [defaultRegion: string, member: string, title: string, day: string | null][] = [
  ['US', 'defaults', 'allKinds', '2027-03-14'],
  ['US', 'noProfile', 'allKinds', '2027-03-14'],
  ['US', 'usTheatrical', 'allKinds', '2027-03-14'],
  ['US', 'digital', 'allKinds', '2027-04-02'],
  ['US', 'gb', 'allKinds', '2027-03-20'],
  ['US', 'gbDigital', 'allKinds', '2027-04-10'],
  ['US', 'gbPhysical', 'allKinds', '2027-05-25'],
  ['US', 'fr', 'allKinds', '2027-03-14'],
  ['US', 'frDigital', 'allKinds', '2027-06-01'],
  ['US', 'dePhysical', 'allKinds', '2027-03-14'],
  ['US', 'ca', 'allKinds', '2027-03-14'],
  ['US', 'gbDigital', 'cinemaOnlyInGb', '2027-05-01'],
  ['US', 'gbPhysical', 'cinemaOnlyInGb', '2027-05-01'],
  ['US', 'gb', 'cinemaOnlyInGb', '2027-05-08'],
  ['US', 'digital', 'cinemaOnlyInGb', '2027-07-01'],
  ['US', 'defaults', 'cinemaOnlyInGb', '2027-05-01'],
  ['US', 'gb', 'monthWithTyped', '2027-09-17'],
  ['US', 'digital', 'monthWithTyped', '2027-10-05'],
  ['US', 'defaults', 'monthWithTyped', null],
  ['US', 'gb', 'movieMonth', null],
  ['US', 'defaults', 'movieYear', null],
  ['US', 'jpDigital', 'movieDayOnly', '2027-06-06'],
  ['US', 'gbDigital', 'undatedWithTyped', '2027-12-01'],
  ['US', 'defaults', 'undatedWithTyped', null],
  ['US', 'defaults', 'undatedMovie', null],
  ['US', 'gbDigital', 'seasonDay', '2027-06-01'],
  ['US', 'defaults', 'seasonMonth', null],
  ['US', 'gbDigital', 'bookWithTyped', '2027-03-14'],
  ['US', 'defaults', 'bookYear', null],
  ['US', 'defaults', 'undatedBook', null],
  // With GB the default region, GB's cinema-goers get the title's own date and the US's get TMDB's.
  ['GB', 'gb', 'allKinds', '2027-03-14'],
  ['GB', 'defaults', 'allKinds', '2027-03-14'],
  ['GB', 'usTheatrical', 'allKinds', '2027-03-12'],
  ['GB', 'digital', 'allKinds', '2027-04-10'],
  ['GB', 'defaults', 'monthWithTyped', null],
];

type Day = { defaultRegion: string; member: string; title: string; day: string | null };
/** One order for both sides' answers, so a difference shows as the case it is in. */
const byKey = (a: Day, b: Day) =>
  `${a.defaultRegion}/${a.member}/${a.title}`.localeCompare(`${b.defaultRegion}/${b.member}/${b.title}`);

describe("a member's release day: the notifications' SQL and the TypeScript rule agree", () => {
  let app: FastifyInstance;
  const titleKey = new Map<string, string>();
  const memberKey = new Map<string, string>();

  beforeAll(async () => {
    app = await buildTestApp();
    for (const [key, item] of Object.entries(TITLES)) {
      titleKey.set(await insertItem(app, { title: key, ...item }), key);
    }
    for (const [key, profile] of Object.entries(MEMBERS)) {
      let id: string;
      if (profile) {
        id = (await insertMember(app, profile)).id;
      } else {
        id = `member-${randomBytes(8).toString('hex')}`;
        await app.database.db.insert(users).values({ id, email: `${id}@example.com` });
      }
      memberKey.set(id, key);
      for (const itemId of titleKey.keys()) await track(app, id, itemId, new Date('2027-01-01T00:00:00Z'));
    }
  });
  afterAll(() => app.close());

  /** Each member's day of each title, as the planner and the dispatcher read it. */
  async function sqlDays(defaultRegion: string): Promise<Day[]> {
    const { db } = app.database;
    const { typed, memberDay } = memberReleaseDay(db, { defaultRegion });
    const rows = await db
      .select({
        userId: watchlistEntries.userId,
        itemId: watchlistEntries.itemId,
        day: sql<string | null>`(${memberDay})::text`,
      })
      .from(watchlistEntries)
      .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
      .leftJoin(userProfiles, eq(userProfiles.userId, watchlistEntries.userId))
      .leftJoinLateral(typed, sql`true`);
    return rows.map((r) => ({
      defaultRegion,
      member: memberKey.get(r.userId)!,
      title: titleKey.get(r.itemId)!,
      day: r.day,
    }));
  }

  /** The same, by releaseDayForMember on the same stored rows. */
  async function tsDays(defaultRegion: string): Promise<Day[]> {
    const { db } = app.database;
    const [titles, dates, profiles] = await Promise.all([
      db.select().from(mediaItems),
      db.select().from(mediaReleaseDates),
      db.select().from(userProfiles),
    ]);
    const rule = { defaultRegion, typesOfKind: RELEASE_TYPES_OF_KIND };
    return [...memberKey].flatMap(([userId, member]) => {
      const profile = profiles.find((p) => p.userId === userId);
      const choices = { region: profile?.region ?? null, kind: profile?.movieReleaseKind ?? null };
      return titles.map((title) => ({
        defaultRegion,
        member,
        title: titleKey.get(title.id)!,
        day: releaseDayForMember(
          title,
          choices,
          dates.filter((d) => d.itemId === title.id),
          rule,
        ),
      }));
    });
  }

  it.each(DEFAULT_REGIONS)(
    'gives every member the same day of every title (default region %s)',
    async (region) => {
      const [fromSql, fromTs] = await Promise.all([sqlDays(region), tsDays(region)]);
      expect(fromSql).toHaveLength(Object.keys(TITLES).length * Object.keys(MEMBERS).length);
      expect(fromTs.sort(byKey)).toEqual(fromSql.sort(byKey));
      // Every way to a day is taken: a typed date, the title's own, and none.
      const typedDays = new Set(
        Object.values(TITLES).flatMap((t) => (t.releaseDates ?? []).map((d) => d.date)),
      );
      expect(fromSql.some((d) => d.day && typedDays.has(d.day) && d.day !== '2027-03-14')).toBe(true);
      expect(fromSql.some((d) => d.day === null)).toBe(true);
      expect(fromSql.some((d) => d.title === 'allKinds' && d.day === '2027-03-14')).toBe(true);
    },
  );

  it('gives the days the rule says, on both sides', async () => {
    const all = (await Promise.all(DEFAULT_REGIONS.flatMap((r) => [sqlDays(r), tsDays(r)]))).flat();
    for (const [defaultRegion, member, title, day] of EXPECTED) {
      const found = all.filter(
        (d) => d.defaultRegion === defaultRegion && d.member === member && d.title === title,
      );
      expect(found, `${defaultRegion}/${member}/${title}`).toEqual([
        { defaultRegion, member, title, day },
        { defaultRegion, member, title, day },
      ]);
    }
  });
});
