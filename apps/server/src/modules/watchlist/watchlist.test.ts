import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { mediaItems, trackingEvents } from '../../db/schema';
import type { NormalisedItem } from '../../providers/types';

/**
 * The app's clock runs 40 days behind the database's own now(): whatever the app stamps must come from
 * its clock, so a test with a fixed or shifted clock computes the same windows as the code it tests.
 */
const CLOCK_OFFSET_MS = -40 * 86_400_000;
const appNow = () => new Date(Date.now() + CLOCK_OFFSET_MS);

let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;
let movie: string;
let book: string;
let show: string;

const addItem = (overrides: Partial<NormalisedItem>) => insertItem(app, overrides);

const as = (user: TestUser | null) =>
  user ? { cookie: user.cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN };
const list = (user: TestUser) => app.inject({ url: `/watchlist/${user.id}`, headers: as(user) });
const add = (user: TestUser, payload: unknown, uid = user.id) =>
  app.inject({ method: 'POST', url: `/watchlist/${uid}`, headers: as(user), payload: payload as object });
const remove = (user: TestUser, payload: unknown) =>
  app.inject({
    method: 'DELETE',
    url: `/watchlist/${user.id}`,
    headers: as(user),
    payload: payload as object,
  });

async function stampsOf(userId: string) {
  const events = await app.database.db
    .select({ kind: trackingEvents.kind, at: trackingEvents.occurredAt })
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(trackingEvents.id);
  return events.map((e) => [e.kind, e.at.getTime()]);
}
async function eventsFor(userId: string) {
  return app.database.db
    .select({ kind: trackingEvents.kind, itemId: trackingEvents.itemId, mediaType: trackingEvents.mediaType })
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(trackingEvents.id);
}
async function trackersOf(itemId: string) {
  const [row] = await app.database.db
    .select({ n: mediaItems.trackersCount })
    .from(mediaItems)
    .where(eq(mediaItems.id, itemId));
  return row?.n;
}

beforeAll(async () => {
  app = await buildTestApp({ clock: appNow });
  owner = await signUp(app, { register: true });
  other = await signUp(app, { register: true });
  movie = await addItem({
    mediaType: 'movies',
    title: 'Orbiting Lanterns',
    director: 'Mara Quill',
    creator: 'Mara Quill',
    creatorLabel: 'Director',
    releaseDate: '2027-03-04',
    releaseDatePrecision: 'day',
    image: '/demo-posters/movies/mv-001.svg',
  });
  book = await addItem({
    mediaType: 'books',
    title: 'The Salt Archive',
    author: 'Ines Varga',
    series: 'Tidebound',
    releaseDate: '2027-05-01',
    releaseDatePrecision: 'month',
  });
  show = await addItem({
    mediaType: 'tv_seasons',
    title: 'Harbor Lights: Season 2',
    networkName: 'NorthSky',
  });
});
afterAll(() => app.close());

describe('watchlist', () => {
  it('starts empty, adds an item with the fields the cards show, and lists it', async () => {
    const user = await signUp(app, { register: true });
    expect((await list(user)).json()).toEqual([]);

    const res = await add(user, { item_id: movie, media_type: 'movies' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      item_id: movie,
      title: 'Orbiting Lanterns',
      media_type: 'movies',
      slug: 'orbiting-lanterns',
      image: '/demo-posters/movies/mv-001.svg',
      release_date: '2027-03-04',
      release_date_precision: 'day',
      director: 'Mara Quill',
      creator: 'Mara Quill',
      creator_label: 'Director',
    });
    expect(Date.parse(res.json().timestamp_added)).toBeGreaterThan(appNow().getTime() - 60_000);
    expect(Date.parse(res.json().timestamp_added)).toBeLessThanOrEqual(appNow().getTime());

    await add(user, { item_id: book, media_type: 'books' });
    const entries = (await list(user)).json();
    expect(entries.map((e: { item_id: string }) => e.item_id)).toEqual([book, movie]);
    expect(entries[0]).toMatchObject({
      author: 'Ines Varga',
      series: 'Tidebound',
      release_date_precision: 'month',
    });
    expect((await list(user)).headers['cache-control']).toBe('private, no-store');
  });

  it('adding twice leaves one entry, one event and one tracker, and answers 200 the second time', async () => {
    const user = await signUp(app, { register: true });
    const before = await trackersOf(show);
    expect((await add(user, { item_id: show, media_type: 'tv_seasons' })).statusCode).toBe(201);
    const again = await add(user, { item_id: show, media_type: 'tv_seasons' });
    expect(again.statusCode).toBe(200);
    expect(again.json().item_id).toBe(show);
    expect((await list(user)).json()).toHaveLength(1);
    expect(await eventsFor(user.id)).toEqual([{ kind: 'add', itemId: show, mediaType: 'tv_seasons' }]);
    expect(await trackersOf(show)).toBe((before ?? 0) + 1);
  });

  it('two tabs adding at once still leave one entry', async () => {
    const user = await signUp(app, { register: true });
    const before = (await trackersOf(movie)) ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => add(user, { item_id: movie, media_type: 'movies' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect((await list(user)).json()).toHaveLength(1);
    expect(await eventsFor(user.id)).toHaveLength(1);
    expect(await trackersOf(movie)).toBe(before + 1);
  });

  it('removes an item, records it, and removing what is not listed changes nothing', async () => {
    const user = await signUp(app, { register: true });
    await add(user, { item_id: book, media_type: 'books' });
    const before = (await trackersOf(book)) ?? 0;

    const res = await remove(user, { item_id: book });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ item_id: book, removed: true });
    expect((await list(user)).json()).toEqual([]);
    expect(await trackersOf(book)).toBe(before - 1);

    const again = await remove(user, { item_id: book });
    expect(again.json()).toEqual({ item_id: book, removed: false });
    expect(await trackersOf(book)).toBe(before - 1);
    expect((await eventsFor(user.id)).map((e) => e.kind)).toEqual(['add', 'remove']);
  });

  it("stamps the entry and both events with the app's clock, not the database's", async () => {
    const user = await signUp(app, { register: true });
    const addedFrom = appNow().getTime();
    const added = await add(user, { item_id: show, media_type: 'tv_seasons' });
    const addedTo = appNow().getTime();
    const addedAt = Date.parse(added.json().timestamp_added);
    expect(addedAt).toBeGreaterThanOrEqual(addedFrom);
    expect(addedAt).toBeLessThanOrEqual(addedTo);
    expect((await list(user)).json()[0].timestamp_added).toBe(added.json().timestamp_added);

    const removedFrom = appNow().getTime();
    await remove(user, { item_id: show });
    const removedTo = appNow().getTime();
    const [addEvent, removeEvent] = await stampsOf(user.id);
    expect(addEvent).toEqual(['add', addedAt]);
    expect(removeEvent?.[0]).toBe('remove');
    expect(removeEvent?.[1]).toBeGreaterThanOrEqual(removedFrom);
    expect(removeEvent?.[1]).toBeLessThanOrEqual(removedTo);
  });

  it("refuses an unknown item (404), a media type that is not the item's (400), and bad bodies, changing nothing", async () => {
    const user = await signUp(app, { register: true });
    const unknown = await add(user, {
      item_id: '00000000-0000-4000-8000-000000000000',
      media_type: 'movies',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'MEDIA_NOT_FOUND', message: 'Media not found.' });

    const wrongType = await add(user, { item_id: movie, media_type: 'books' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details).toEqual([
      { field: 'media_type', message: "must be movies, the item's media type" },
    ]);

    const bad: [unknown, string][] = [
      [{ media_type: 'movies' }, 'item_id'],
      [{ item_id: 'not-a-uuid', media_type: 'movies' }, 'item_id'],
      [{ item_id: movie, media_type: 'podcasts' }, 'media_type'],
      [{ item_id: movie, media_type: 'movies', user_id: other.id }, ''],
    ];
    for (const [payload, field] of bad) {
      const res = await add(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      if (field) expect(JSON.stringify(res.json().error.details)).toContain(field);
    }
    const badRemove = await remove(user, { item_id: 42 });
    expect(badRemove.statusCode).toBe(400);

    expect((await list(user)).json()).toEqual([]);
    expect(await eventsFor(user.id)).toEqual([]);
  });

  it('answers only the signed-in owner: 401 signed out, 403 for any other uid, and nothing changes', async () => {
    await add(owner, { item_id: movie, media_type: 'movies' });
    const snapshot = async () => ({
      owner: (await list(owner)).json(),
      other: (await list(other)).json(),
      events: await app.database.db.$count(trackingEvents),
    });
    const before = await snapshot();

    const callers: [string, TestUser | null][] = [
      ['signed out', null],
      ['owner', owner],
      ['another user', other],
    ];
    const uids = { "owner's": owner.id, "the other user's": other.id, malformed: '../../etc' };
    for (const [who, caller] of callers) {
      for (const [which, uid] of Object.entries(uids)) {
        // Each member's own list is covered by the tests above; here only what must be refused.
        if (caller && uid === caller.id) continue;
        const expected = caller ? 403 : 401;
        const headers = as(caller);
        const path = `/watchlist/${encodeURIComponent(uid)}`;
        const answers = await Promise.all([
          app.inject({ url: path, headers }),
          app.inject({ method: 'POST', url: path, headers, payload: { item_id: book, media_type: 'books' } }),
          app.inject({ method: 'DELETE', url: path, headers, payload: { item_id: movie } }),
        ]);
        for (const [i, res] of answers.entries()) {
          expect(res.statusCode, `${who} on the ${which} uid, call ${i}`).toBe(expected);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a cross-site add', async () => {
    const user = await signUp(app, { register: true });
    const res = await app.inject({
      method: 'POST',
      url: `/watchlist/${user.id}`,
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: { item_id: movie, media_type: 'movies' },
    });
    expect(res.statusCode).toBe(403);
    expect((await list(user)).json()).toEqual([]);
  });
});
