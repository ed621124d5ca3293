import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  insertItem,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  type TestDatabase,
} from '../../../test/helpers';
import { mediaItems } from '../../db/schema';

// Two app instances on one database, as behind a load balancer: a member's session and writes, and
// the limits on sign-in and on routes, are the same whichever instance a request reaches.

/** Two app instances on one database with `env`, made before the tests and closed after them. */
function twoInstances(env: Record<string, string>) {
  const made = {} as { one: FastifyInstance; two: FastifyInstance };
  let database: TestDatabase;
  let second: Awaited<ReturnType<TestDatabase['openAnother']>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    second = await database.openAnother();
    made.one = await buildTestApp({ env, database });
    made.two = await buildTestApp({ env, database: second });
  });
  afterAll(async () => {
    await made.two.close();
    await made.one.close();
    await second.close();
    await database.close();
  });
  return made;
}

describe('two instances on one database', () => {
  const apps = twoInstances({ AUTH_MAX_FAILED_SIGNINS: '4', AUTH_RATE_LIMIT_PER_IP: '1000' });

  it('takes a session made on one on the other, and reads a write made on one at once on the other', async () => {
    const { one, two } = apps;
    const member = await signUp(one, { register: true });
    const headers = { cookie: member.cookie, origin: TEST_ORIGIN };
    expect((await two.inject({ url: '/api/session', headers })).json().user).toMatchObject({ id: member.id });

    const itemId = await insertItem(one, { title: 'Seen From Both Sides' });
    const added = await one.inject({
      method: 'POST',
      url: `/watchlist/${member.id}`,
      headers,
      payload: { item_id: itemId, media_type: 'movies' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const listed = await two.inject({ url: `/watchlist/${member.id}`, headers });
    expect(listed.json().map((e: { title: string }) => e.title)).toEqual(['Seen From Both Sides']);

    // Signed out on the second: the first refuses the session too.
    await two.inject({ method: 'POST', url: '/api/auth/sign-out', headers, payload: {} });
    expect((await one.inject({ url: '/api/follows', headers })).statusCode).toBe(401);
  });

  it('counts wrong passwords across both: the cap holds wherever the tries land', async () => {
    const { one, two } = apps;
    const member = await signUp(one);
    const signIn = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '203.0.113.7',
        payload: { email: member.email, password },
      });
    // Four wrong tries, alternating: two on each, under the cap on either alone.
    for (const app of [one, two, one, two])
      expect((await signIn(app, 'not the password 1')).statusCode).toBe(401);
    for (const app of [one, two]) {
      const refused = await signIn(app, member.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    }
  });

  it("counts a route's limit across both: unknown API paths from one address", async () => {
    const { one, two } = apps;
    // The limit is 120 a minute: sixty on each is under it on either alone.
    const probe = (app: FastifyInstance, n: number) =>
      app.inject({ url: `/api/no-such-path-${n}`, remoteAddress: '198.51.100.9' });
    for (let n = 0; n < 120; n++) expect((await probe(n % 2 ? one : two, n)).statusCode).toBe(404);
    for (const app of [one, two]) {
      const refused = await probe(app, 120);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    }
  });
});

describe('a catalog change made through one instance', () => {
  // Answers kept five minutes: only the change notice can make the other instance see it sooner.
  const apps = twoInstances({ CATALOG_CACHE_SECONDS: '300' });

  it('is seen by the other within 5 seconds, kept answers and pages included', async () => {
    const { one, two } = apps;
    const itemId = await insertItem(one, {
      title: 'The Moving Date',
      releaseDate: '2031-03-01',
      releaseDatePrecision: 'day',
    });
    const [row] = await one.database.db.select().from(mediaItems).where(eq(mediaItems.id, itemId));
    const path = `/media/slug/movies/${row!.slug}`;
    const dateOn = async (app: FastifyInstance) => (await app.inject({ url: path })).json().release_date;
    expect(await dateOn(two)).toBe('2031-03-01');
    // Kept by the second: the same answer, even after the database changes underneath it, until told.
    await one.database.db
      .update(mediaItems)
      .set({ releaseDate: '2031-09-15' })
      .where(eq(mediaItems.id, itemId));
    await vi.waitFor(async () => expect(await dateOn(two)).toBe('2031-09-15'), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('is found by search on the other within 5 seconds, new or renamed', async () => {
    const { one, two } = apps;
    const found = async (q: string) =>
      (await two.inject({ url: '/api/search', query: { q } })).json().map((i: { title: string }) => i.title);
    // Asked twice on the second before the title exists: the empty answer is kept (from its second
    // ask) until the notice.
    expect(await found('quarrymoor')).toEqual([]);
    expect(await found('quarrymoor')).toEqual([]);
    const itemId = await insertItem(one, { title: 'Quarrymoor Lights' });
    await vi.waitFor(async () => expect(await found('quarrymoor')).toEqual(['Quarrymoor Lights']), {
      timeout: 5000,
      interval: 100,
    });
    await one.database.db
      .update(mediaItems)
      .set({ title: 'Quarrymoor Nights', searchText: 'quarrymoor nights' })
      .where(eq(mediaItems.id, itemId));
    await vi.waitFor(async () => expect(await found('quarrymoor n')).toEqual(['Quarrymoor Nights']), {
      timeout: 5000,
      interval: 100,
    });
    expect(await found('quarrymoor l')).toEqual([]);
  });
});
