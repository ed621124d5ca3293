import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildItem,
  buildTestApp,
  insertItems,
  signUp,
  TEST_ORIGIN,
  type TestUser,
  track,
} from '../../../test/helpers';
import { mediaItems, userProfiles } from '../../db/schema';
import type { NormalisedItem } from '../../providers/types';

const now = new Date('2027-03-01T12:00:00Z');

/** What ical.js (Mozilla's parser, used by Thunderbird) reads: one entry per VEVENT. */
function parsedByIcalJs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    refresh: String(calendar.getFirstProperty('refresh-interval')?.getFirstValue()),
    ttl: calendar.getFirstPropertyValue('x-published-ttl'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        end: event.endDate.toString(),
        sequence: event.sequence,
        url: component.getFirstPropertyValue('url'),
        categories: component.getFirstPropertyValue('categories'),
        lastModified: component.getFirstPropertyValue('last-modified')?.toString(),
        stamp: component.getFirstPropertyValue('dtstamp')?.toString(),
      };
    }),
  };
}

/** What node-ical reads (another independent parser), keyed by UID. */
function parsedByNodeIcal(text: string): Map<string, VEvent> {
  const parsed = nodeIcal.sync.parseICS(text);
  return new Map(
    Object.values(parsed)
      .filter((c): c is VEvent => c?.type === 'VEVENT')
      .map((e) => [e.uid, e]),
  );
}

describe('the calendar feed', () => {
  let app: FastifyInstance;
  let member: TestUser;
  const items: Record<string, NormalisedItem> = {};
  const ids: Record<string, string> = {};
  const at = (iso: string) => new Date(iso);

  async function put(key: string, item: NormalisedItem, when = now) {
    items[key] = item;
    await insertItems(app, [item], when);
    const [row] = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, item.providerId));
    ids[key] = row!.id;
  }
  const move = (key: string, changes: Partial<NormalisedItem>, when: string) =>
    insertItems(app, [{ ...items[key]!, ...changes }], at(when));

  async function link(user: TestUser = member) {
    const res = await app.inject({ method: 'GET', url: '/api/calendar', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { url: string; webcal_url: string };
  }
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: path, headers });

  beforeAll(async () => {
    app = await buildTestApp({ clock: () => now });
    member = await signUp(app, { register: true });
    await put(
      'book',
      buildItem({
        mediaType: 'books',
        title: 'The Salt Cartographer',
        author: 'Orla Penhallow',
        creator: 'Orla Penhallow',
        creatorLabel: 'Author',
        releaseDate: '2027-03-14',
        releaseDatePrecision: 'day',
      }),
    );
    await put(
      'movie',
      buildItem({
        mediaType: 'movies',
        title: 'Glass Harbor',
        director: 'Mara Quill',
        creator: 'Mara Quill',
        creatorLabel: 'Director',
        releaseDate: '2027-04-09',
        releaseDatePrecision: 'day',
        releaseDates: [
          { country: 'US', type: 3, date: '2027-04-09' },
          { country: 'US', type: 4, date: '2027-05-20' },
          { country: 'GB', type: 3, date: '2027-04-16' },
        ],
      }),
    );
    await put(
      'season',
      buildItem({
        mediaType: 'tv_seasons',
        title: 'Ashgrove Academy: Season 2',
        releaseDate: '2027-06-01',
        releaseDatePrecision: 'day',
      }),
    );
    await put(
      'month',
      buildItem({
        mediaType: 'books',
        title: 'Only A Month',
        releaseDate: '2027-05-01',
        releaseDatePrecision: 'month',
      }),
    );
    await put(
      'long-ago',
      buildItem({
        mediaType: 'books',
        title: 'Long Ago',
        releaseDate: '2027-01-01',
        releaseDatePrecision: 'day',
      }),
    );
    await put(
      'last-month',
      buildItem({
        mediaType: 'books',
        title: 'Last Month',
        releaseDate: '2027-02-10',
        releaseDatePrecision: 'day',
      }),
    );
    await put(
      'far',
      buildItem({
        mediaType: 'books',
        title: 'Far Away',
        releaseDate: '2028-06-01',
        releaseDatePrecision: 'day',
      }),
    );
    await put(
      'untracked',
      buildItem({
        mediaType: 'books',
        title: 'Not Mine',
        releaseDate: '2027-03-20',
        releaseDatePrecision: 'day',
      }),
    );
    for (const key of ['book', 'movie', 'season', 'month', 'long-ago', 'last-month', 'far']) {
      await track(app, member.id, ids[key]!, at('2027-02-01T00:00:00Z'));
    }
  });
  afterAll(() => app.close());

  it('gives a signed-in member one private link, the same on every ask, and 401 to a visitor', async () => {
    const first = await link();
    expect(first.url).toMatch(new RegExp(`^${TEST_ORIGIN}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(first.webcal_url).toBe(first.url.replace('http://', 'webcal://'));
    expect(await link()).toEqual(first);
    expect((await app.inject({ method: 'GET', url: '/api/calendar' })).statusCode).toBe(401);
    // Only a hash of the token is stored.
    const stored = JSON.stringify(await app.database.db.execute('select * from calendar_feeds'));
    expect(stored).not.toContain(feedPath(first.url).slice(10, -4));
  });

  it('lists each tracked title with a day in the window as an all-day event that two parsers read alike', async () => {
    const res = await fetchFeed(feedPath((await link()).url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const host = new URL(TEST_ORIGIN).host;
    const parsed = parsedByIcalJs(res.body);
    expect(parsed.name).toBe('Releasebell');
    expect(parsed.refresh).toBe('PT1H');
    expect(parsed.ttl).toBe('PT1H');
    // The default member: US, theatrical. In the window (30 days back, 365 ahead), day dates only.
    expect(parsed.events.map((e) => [e.summary, e.start])).toEqual([
      ['Last Month', '2027-02-10'],
      ['The Salt Cartographer', '2027-03-14'],
      ['Glass Harbor (theatrical)', '2027-04-09'],
      ['Ashgrove Academy: Season 2', '2027-06-01'],
    ]);
    const book = parsed.events.find((e) => e.summary === 'The Salt Cartographer')!;
    expect(book).toMatchObject({
      uid: `${ids.book}-release@${host}`,
      allDay: true,
      end: '2027-03-15',
      sequence: 0,
      categories: 'Books',
      url: `${TEST_ORIGIN}/media/books/${items.book!.title.toLowerCase().replaceAll(' ', '-')}`,
    });
    expect(book.description).toBe(`Author: Orla Penhallow\n${book.url}`);
    expect(book.stamp).toBe(book.lastModified);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20270314');
    expect(res.body).toContain('DTEND;VALUE=DATE:20270315');
    expect(res.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');

    const byNodeIcal = parsedByNodeIcal(res.body);
    expect([...byNodeIcal.keys()].sort()).toEqual(parsed.events.map((e) => e.uid).sort());
    const movie = byNodeIcal.get(`${ids.movie}-theatrical@${host}`)!;
    expect(movie.summary).toBe('Glass Harbor (theatrical)');
    expect(movie.datetype).toBe('date');
    expect(Number(movie.sequence)).toBe(0);
  });

  it('sends the feed gzipped to a client that takes gzip, with the same ETag', async () => {
    const path = feedPath((await link()).url);
    const plain = await fetchFeed(path);
    const zipped = await fetchFeed(path, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('answers 304 to a calendar app that has this version', async () => {
    const path = feedPath((await link()).url);
    const first = await fetchFeed(path);
    const again = await fetchFeed(path, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchFeed(path, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('keeps one event when a date moves twice, with SEQUENCE 2 and a new ETag', async () => {
    const path = feedPath((await link()).url);
    const before = await fetchFeed(path);
    await move('book', { releaseDate: '2027-03-21' }, '2027-03-01T13:00:00Z');
    await move('book', { releaseDate: '2027-03-28' }, '2027-03-01T14:00:00Z');
    const after = await fetchFeed(path, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const books = parsedByIcalJs(after.body).events.filter((e) => e.uid.startsWith(ids.book!));
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({ start: '2027-03-28', sequence: 2 });
    expect(books[0]!.lastModified).toBe('2027-03-01T14:00:00Z');
    const node = parsedByNodeIcal(after.body).get(books[0]!.uid)!;
    expect(Number(node.sequence)).toBe(2);
  });

  it("shows a movie's kinds of release in the member's region, each with its own UID and SEQUENCE", async () => {
    await app.database.db
      .update(userProfiles)
      .set({ region: 'GB', movieReleaseKind: 'theatrical' })
      .where(eq(userProfiles.userId, member.id));
    const path = feedPath((await link()).url);
    const gb = parsedByIcalJs((await fetchFeed(`${path}?types=movies&release=theatrical,digital`)).body);
    // GB lists a cinema date and no digital one: no event for a date nobody knows.
    expect(gb.events.map((e) => [e.summary, e.start])).toEqual([['Glass Harbor (theatrical)', '2027-04-16']]);

    await app.database.db
      .update(userProfiles)
      .set({ region: 'US' })
      .where(eq(userProfiles.userId, member.id));
    await move(
      'movie',
      {
        releaseDates: [
          { country: 'US', type: 3, date: '2027-04-09' },
          { country: 'US', type: 4, date: '2027-06-03' },
          { country: 'GB', type: 3, date: '2027-04-16' },
        ],
      },
      '2027-03-02T09:00:00Z',
    );
    const us = parsedByIcalJs((await fetchFeed(`${path}?types=movies&release=digital,theatrical`)).body);
    expect(us.events.map((e) => [e.uid, e.summary, e.start, e.sequence])).toEqual([
      [`${ids.movie}-theatrical@${new URL(TEST_ORIGIN).host}`, 'Glass Harbor (theatrical)', '2027-04-09', 0],
      [`${ids.movie}-digital@${new URL(TEST_ORIGIN).host}`, 'Glass Harbor (digital)', '2027-06-03', 1],
    ]);
  });

  it('narrows by type and window', async () => {
    const path = feedPath((await link()).url);
    const summaries = async (query: string) =>
      parsedByIcalJs((await fetchFeed(`${path}?${query}`)).body).events.map((e) => e.summary);
    expect(await summaries('types=tv_seasons')).toEqual(['Ashgrove Academy: Season 2']);
    expect(await summaries('types=books&past_days=0&future_days=30')).toEqual(['The Salt Cartographer']);
    expect(await summaries('types=books&past_days=365&future_days=730')).toEqual([
      'Long Ago',
      'Last Month',
      'The Salt Cartographer',
      'Far Away',
    ]);
  });

  it.each([
    ['types=films', 'types'],
    ['types=books,', 'types'],
    ['past_days=-1', 'past_days'],
    ['past_days=366', 'past_days'],
    ['future_days=0', 'future_days'],
    ['future_days=731', 'future_days'],
    ['future_days=ten', 'future_days'],
    ['release=streaming', 'release'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await fetchFeed(`${feedPath((await link()).url)}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("gives each member their own titles, and a rotated link's old URL 404 at once", async () => {
    const other = await signUp(app, { register: true });
    await track(app, other.id, ids.untracked!, at('2027-02-01T00:00:00Z'));
    const theirs = parsedByIcalJs((await fetchFeed(feedPath((await link(other)).url))).body);
    expect(theirs.events.map((e) => e.summary)).toEqual(['Not Mine']);

    const old = await link();
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/calendar/rotate',
      headers: { cookie: member.cookie, origin: TEST_ORIGIN },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().url).not.toBe(old.url);
    expect(await link()).toEqual(rotated.json());
    const gone = await fetchFeed(feedPath(old.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('CALENDAR_NOT_FOUND');
    expect((await fetchFeed(feedPath(rotated.json().url))).statusCode).toBe(200);
    for (const bad of [
      '/calendar/short.ics',
      `/calendar/${'a'.repeat(43)}.ics`,
      `${feedPath(rotated.json().url)}x`,
    ]) {
      expect((await fetchFeed(bad)).statusCode).toBe(404);
    }
  });
});
