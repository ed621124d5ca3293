import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  clearCatalog,
  insertItem,
  signUp,
  TEST_ORIGIN,
  type TestUser,
} from '../../../test/helpers';
import type { NormalisedItem } from '../../providers/types';

const DAY_MS = 86_400_000;
/**
 * The app's clock, which the tests move. It starts 40 days ahead of the database's own now(), so an add
 * stamped by the database instead of the app would fall outside every window the app computes.
 */
const START = new Date(Date.now() + 40 * DAY_MS);
let now = START;
const daysAfterStart = (days: number) => new Date(START.getTime() + days * DAY_MS);

let app: FastifyInstance;
const members: TestUser[] = [];

const addItem = (overrides: Partial<NormalisedItem>) => insertItem(app, overrides);

/** Tracks an item `daysAgo` days before the clock's current time, by making the add then. */
async function track(user: TestUser, itemId: string, mediaType: string, daysAgo = 0) {
  const current = now;
  now = new Date(current.getTime() - daysAgo * DAY_MS);
  try {
    const res = await app.inject({
      method: 'POST',
      url: `/watchlist/${user.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { item_id: itemId, media_type: mediaType },
    });
    if (res.statusCode >= 300) throw new Error(`track failed: ${res.body}`);
  } finally {
    now = current;
  }
}
async function untrack(user: TestUser, itemId: string) {
  await app.inject({
    method: 'DELETE',
    url: `/watchlist/${user.id}`,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    payload: { item_id: itemId },
  });
}

const board = (query: string) => app.inject({ url: `/leaderboard/api/leaderboard?${query}` });
const titles = async (query: string) =>
  (await board(query)).json().items.map((i: { title: string }) => i.title) as string[];

beforeAll(async () => {
  app = await buildTestApp({ clock: () => now });
  for (let i = 0; i < 4; i++) members.push(await signUp(app, { register: true }));
});
afterAll(() => app.close());

describe('GET /leaderboard/api/leaderboard', () => {
  let hot: string;
  let warm: string;
  let old: string;
  let dropped: string;
  let book: string;

  beforeAll(async () => {
    hot = await addItem({
      title: 'Hot Premiere',
      creator: 'Ana Ruiz',
      releaseDate: '2027-01-02',
      releaseDatePrecision: 'day',
    });
    warm = await addItem({ title: 'Warm Sequel' });
    old = await addItem({ title: 'Old Favourite' });
    dropped = await addItem({ title: 'Dropped Title' });
    book = await addItem({ mediaType: 'books', title: 'Quiet Book' });
    const [a, b, c, d] = members as [TestUser, TestUser, TestUser, TestUser];
    await track(a, hot, 'movies');
    await track(b, hot, 'movies', 2);
    await track(c, hot, 'movies', 6);
    await track(a, warm, 'movies', 1);
    await track(b, warm, 'movies', 3);
    // Added 8 and 20 days ago: monthly only.
    await track(a, old, 'movies', 8);
    await track(b, old, 'movies', 20);
    await track(c, old, 'movies', 25);
    // Added then removed: counts nowhere. Removed and re-added: counts once.
    await track(d, dropped, 'movies');
    await untrack(d, dropped);
    await track(d, warm, 'movies');
    await untrack(d, warm);
    await track(d, warm, 'movies');
    await track(a, book, 'books');
  });

  it('ranks the week by members who added within 7 days and still track; removed adds do not count, re-adds count once', async () => {
    const res = await board('timeframe=weekly&media_type=movies');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { title: string; trackers: number }) => [i.title, i.trackers])).toEqual([
      ['Hot Premiere', 3],
      ['Warm Sequel', 3],
    ]);
    expect(body.items[0]).toEqual({
      rank: 1,
      item_id: hot,
      title: 'Hot Premiere',
      creator: 'Ana Ruiz',
      image: null,
      release_date: '2027-01-02',
      release_date_precision: 'day',
      media_type: 'movies',
      slug: 'hot-premiere',
      trackers: 3,
    });
    expect(body.items[1].rank).toBe(2);
    expect(body.pagination).toEqual({ page: 1, page_size: 20, has_next: false });
  });

  it('ranks the month over 30 days; ties go to more trackers overall, then the title', async () => {
    expect(await titles('timeframe=monthly&media_type=movies')).toEqual([
      'Hot Premiere',
      'Old Favourite',
      'Warm Sequel',
    ]);
    // All three have three members in the month; equal trackers overall too, so by title.
    const ranked = (await board('timeframe=monthly&media_type=movies')).json().items;
    expect(ranked.map((i: { trackers: number }) => i.trackers)).toEqual([3, 3, 3]);
  });

  it('filters by media type, and mixes types without one', async () => {
    expect(await titles('timeframe=weekly&media_type=books')).toEqual(['Quiet Book']);
    expect(await titles('timeframe=weekly&media_type=tv_seasons')).toEqual([]);
    expect(await titles('timeframe=weekly')).toEqual(['Hot Premiere', 'Warm Sequel', 'Quiet Book']);
  });

  it('defaults to the weekly board, page 1', async () => {
    const body = (await board('')).json();
    expect(body.pagination.page).toBe(1);
    expect(body.items.map((i: { title: string }) => i.title)).toEqual([
      'Hot Premiere',
      'Warm Sequel',
      'Quiet Book',
    ]);
  });

  it('refuses a bad timeframe, media type or page, naming the allowed values', async () => {
    const cases: [string, string, RegExp][] = [
      ['timeframe=daily', 'timeframe', /weekly, monthly/],
      ['media_type=podcasts', 'media_type', /tv_seasons, movies, books/],
      ['page=0', 'page', /page number/],
      ['page=two', 'page', /page number/],
      ['page=1.5', 'page', /page number/],
    ];
    for (const [query, field, message] of cases) {
      const res = await board(query);
      expect(res.statusCode, query).toBe(400);
      const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
      expect(detail?.message, query).toMatch(message);
    }
  });
});

describe('leaderboard pages', () => {
  it('pages 20 at a time with has_next, ranks continuing across pages', async () => {
    await clearCatalog(app);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(
        await addItem({ mediaType: 'tv_seasons', title: `Season Pick ${String(i).padStart(2, '0')}` }),
      );
    }
    for (const id of ids) await track(members[0] as TestUser, id, 'tv_seasons');
    // Two more members on the last item puts it first.
    await track(members[1] as TestUser, ids[22] as string, 'tv_seasons');
    await track(members[2] as TestUser, ids[22] as string, 'tv_seasons');

    const first = (await board('timeframe=weekly&media_type=tv_seasons&page=1')).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ rank: 1, title: 'Season Pick 22', trackers: 3 });
    expect(first.items[1]).toMatchObject({ rank: 2, title: 'Season Pick 00' });
    expect(first.pagination).toEqual({ page: 1, page_size: 20, has_next: true });

    const second = (await board('timeframe=weekly&media_type=tv_seasons&page=2')).json();
    expect(second.items.map((i: { rank: number; title: string }) => [i.rank, i.title])).toEqual([
      [21, 'Season Pick 19'],
      [22, 'Season Pick 20'],
      [23, 'Season Pick 21'],
    ]);
    expect(second.pagination.has_next).toBe(false);
    expect((await board('timeframe=weekly&media_type=tv_seasons&page=3')).json().items).toEqual([]);
  });

  it('is described with its page size in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/leaderboard/api/leaderboard'].get;
    expect(op.description).toContain('Fixed page size: 20 items');
  });
});

describe('leaderboard ties and re-adds', () => {
  it('breaks a tie in the window by trackers overall before the title', async () => {
    await clearCatalog(app);
    const [a, b, c] = members as [TestUser, TestUser, TestUser];
    const alpha = await addItem({ mediaType: 'books', title: 'Alpha Tie' });
    const zulu = await addItem({ mediaType: 'books', title: 'Zulu Tie' });
    const beta = await addItem({ mediaType: 'books', title: 'Beta Tie' });
    await track(a, alpha, 'books');
    await track(a, beta, 'books', 1);
    // One member this week, two more 10 days ago: the same weekly count, more trackers overall.
    await track(a, zulu, 'books', 2);
    await track(b, zulu, 'books', 10);
    await track(c, zulu, 'books', 10);

    const weekly = (await board('timeframe=weekly&media_type=books')).json().items;
    expect(weekly.map((i: { title: string; trackers: number }) => [i.title, i.trackers])).toEqual([
      ['Zulu Tie', 1],
      ['Alpha Tie', 1],
      ['Beta Tie', 1],
    ]);
    expect(await titles('timeframe=monthly&media_type=books')).toEqual(['Zulu Tie', 'Alpha Tie', 'Beta Tie']);
  });

  it('counts a member who removed an old add and added it again this week in the week, once', async () => {
    await clearCatalog(app);
    const [a, b] = members as [TestUser, TestUser];
    const back = await addItem({ mediaType: 'movies', title: 'Comeback Film' });
    await track(a, back, 'movies', 20);
    await track(b, back, 'movies', 12);
    expect(await titles('timeframe=weekly&media_type=movies')).toEqual([]);

    await untrack(a, back);
    await track(a, back, 'movies');
    const weekly = (await board('timeframe=weekly&media_type=movies')).json().items;
    expect(weekly.map((i: { title: string; trackers: number }) => [i.title, i.trackers])).toEqual([
      ['Comeback Film', 1],
    ]);
    const monthly = (await board('timeframe=monthly&media_type=movies')).json().items;
    expect(monthly.map((i: { trackers: number }) => i.trackers)).toEqual([2]);

    // Removing it again takes it off the week; the other member's older add keeps it in the month.
    await untrack(a, back);
    expect(await titles('timeframe=weekly&media_type=movies')).toEqual([]);
    expect((await board('timeframe=monthly&media_type=movies')).json().items[0].trackers).toBe(1);
  });
});

describe('the leaderboard windows and the adds share the app clock', () => {
  afterAll(() => {
    now = START;
  });

  it('ranks an add made "now" in the week, then only in the month after 8 days, then nowhere after 31', async () => {
    await clearCatalog(app);
    now = START;
    const [a] = members as [TestUser];
    const premiere = await addItem({ mediaType: 'movies', title: 'Clockwork Premiere' });
    await track(a, premiere, 'movies');
    expect(await titles('timeframe=weekly&media_type=movies')).toEqual(['Clockwork Premiere']);
    // The entry carries the app's time, not the database's.
    const listed = (
      await app.inject({ url: `/watchlist/${a.id}`, headers: { cookie: a.cookie, origin: TEST_ORIGIN } })
    ).json();
    expect(listed.map((e: { timestamp_added: string }) => e.timestamp_added)).toEqual([START.toISOString()]);

    now = daysAfterStart(8);
    expect(await titles('timeframe=weekly&media_type=movies')).toEqual([]);
    expect(await titles('timeframe=monthly&media_type=movies')).toEqual(['Clockwork Premiere']);

    now = daysAfterStart(31);
    expect(await titles('timeframe=monthly&media_type=movies')).toEqual([]);
  });
});
