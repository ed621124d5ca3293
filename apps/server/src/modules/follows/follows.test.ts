import { FOLLOWS_MAX, FOLLOWS_PER_MINUTE } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, followableRefs, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { createFollowsRepository } from './repository';

const as = (user: TestUser | null) =>
  user ? { cookie: user.cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN };

describe('following on the demo catalog', () => {
  let app: FastifyInstance;
  let member: TestUser;
  let other: TestUser;
  const follow = (user: TestUser | null, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/follows', headers: as(user), payload: payload as object });
  const follows = (user: TestUser) => app.inject({ url: '/api/follows', headers: as(user) });
  const unfollow = (user: TestUser, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/follows/${id}`, headers: as(user) });
  const watchlist = async (user: TestUser) =>
    (await app.inject({ url: `/watchlist/${user.id}`, headers: as(user) })).json() as {
      item_id: string;
      title: string;
      release_date: string | null;
      followed_via: { id: string; name: string } | null;
    }[];
  const page = async (type: string, slug: string) =>
    (await app.inject({ url: `/media/slug/${type}/${slug}` })).json();

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true });
    member = await signUp(app, { register: true });
    other = await signUp(app, { register: true });
  });
  afterAll(async () => app.close());

  it("names what a title lets you follow: a season's series and creator, a movie's director, a book's author", async () => {
    const season = (await app.inject({ url: '/upcoming/tv_seasons?limit=1' })).json()[0];
    const detail = await page('tv_seasons', season.slug);
    expect(detail.follow).toEqual([
      { kind: 'series', ref: expect.stringMatching(/^demo:series:[a-z0-9-]+$/), name: season.series },
      { kind: 'person', ref: expect.stringMatching(/^demo:person:[a-z0-9-]+$/), name: season.creator },
    ]);
    const movie = (await app.inject({ url: '/upcoming/movies?limit=1' })).json()[0];
    expect((await page('movies', movie.slug)).follow).toEqual([
      { kind: 'person', ref: expect.stringMatching(/^demo:person:/), name: movie.director },
    ]);
    const book = (await app.inject({ url: '/upcoming/books?limit=1' })).json()[0];
    expect((await page('books', book.slug)).follow).toEqual([
      { kind: 'author', ref: expect.stringMatching(/^demo:author:/), name: book.author },
    ]);
  });

  it("puts a series' seasons still to come on the watchlist, marked with the follow", async () => {
    const season = (await app.inject({ url: '/upcoming/tv_seasons?limit=1' })).json()[0];
    const [series] = (await page('tv_seasons', season.slug)).follow;
    const res = await follow(member, { ref: series.ref });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      kind: 'series',
      ref: series.ref,
      name: season.series,
      image: expect.stringMatching(/^\/demo-posters\//),
      created_at: expect.any(String),
      added: expect.any(Number),
    });
    expect(created.added).toBeGreaterThan(0);
    const mine = (await watchlist(member)).filter((e) => e.followed_via !== null);
    expect(mine).toHaveLength(created.added);
    expect(mine.every((e) => e.title.startsWith(`${season.series}: `))).toBe(true);
    expect(mine[0]?.followed_via).toEqual({ id: created.id, name: season.series });

    // Again: the same follow, nothing more added.
    const again = await follow(member, { ref: series.ref });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, added: 0 });

    const listed = (await follows(member)).json();
    expect(listed).toEqual({
      follows: [{ ...created, added: undefined, upcoming: created.added }].map(({ added: _, ...f }) => f),
    });
    expect((await follows(other)).json()).toEqual({ follows: [] });
  });

  it('never adds a title already out, nor one the member removed', async () => {
    const book = (await app.inject({ url: '/upcoming/books?limit=40' }))
      .json()
      .find((b: { author: string }) => b.author === 'Corwin Vell-Adair');
    const [author] = (await page('books', book.slug)).follow;
    await app.inject({
      method: 'POST',
      url: `/watchlist/${member.id}`,
      headers: as(member),
      payload: { item_id: book.item_id, media_type: 'books' },
    });
    await app.inject({
      method: 'DELETE',
      url: `/watchlist/${member.id}`,
      headers: as(member),
      payload: { item_id: book.item_id },
    });
    const created = (await follow(member, { ref: author.ref })).json();
    const added = (await watchlist(member)).filter((e) => e.followed_via?.id === created.id);
    expect(added.length).toBe(created.added);
    expect(added.map((e) => e.item_id)).not.toContain(book.item_id);
    const today = new Date().toISOString().slice(0, 10);
    for (const e of added) expect(e.release_date === null || e.release_date >= today.slice(0, 4)).toBe(true);
  });

  it("unfollows only the member's own follow, keeping what it added", async () => {
    const {
      follows: [first],
    } = (await follows(member)).json();
    const before = (await watchlist(member)).length;
    expect((await unfollow(other, first.id)).statusCode).toBe(404);
    const res = await unfollow(member, first.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await watchlist(member);
    expect(after).toHaveLength(before);
    expect(after.some((e) => e.followed_via?.id === first.id)).toBe(false);
    expect((await unfollow(member, first.id)).statusCode).toBe(404);
  });

  it('answers bad input with the field, an unknown ref with 404, and a visitor with 401', async () => {
    const bad = await follow(member, { ref: 'tmdb:movie:603' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { field: 'ref', message: 'must be a ref such as tmdb:tv:1399' },
    ]);
    const roles = await follow(member, { ref: 'demo:person:dana-okafor', roles: ['producing'] });
    expect(roles.json().error.details[0].field).toBe('roles.0');
    const unknown = await follow(member, { ref: 'demo:series:no-such-show' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('FOLLOW_NOT_FOUND');
    // Without TMDB configured, a TMDB ref the catalog has never credited is unknown too.
    expect((await follow(member, { ref: 'tmdb:tv:1399' })).statusCode).toBe(404);
    expect((await follow(null, { ref: 'demo:series:harbor-lights' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/follows' })).statusCode).toBe(401);
    expect((await unfollow(member, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('limits how fast one address may follow (each new ref may cost a provider call)', async () => {
    const from = { remoteAddress: '198.51.100.23' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/follows',
        headers: as(other),
        payload: { ref: `demo:series:nothing-${i}` },
        ...from,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('how many a member may follow, and how fast', () => {
  let app: FastifyInstance;
  let current = new Date('2027-03-01T12:00:00Z');
  /** Refs the demo catalog credits, each one a member can follow. */
  let refs: string[];
  // A new address per request: the route's per-address limit is not what these tests are about.
  let address = 0;
  const follow = (user: TestUser, ref: string) =>
    app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: as(user),
      payload: { ref },
      remoteAddress: `203.0.113.${++address % 250}`,
    });
  const listed = async (user: TestUser) =>
    ((await app.inject({ url: '/api/follows', headers: as(user) })).json() as { follows: { id: string }[] })
      .follows;
  const watchlist = async (user: TestUser) =>
    (await app.inject({ url: `/watchlist/${user.id}`, headers: as(user) })).json() as unknown[];

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true, clock: () => current });
    refs = await followableRefs(app);
    expect(refs.length).toBeGreaterThan(FOLLOWS_PER_MINUTE);
  });
  afterAll(async () => app.close());

  it(`answers the follow past ${FOLLOWS_MAX} with 409 TOO_MANY_FOLLOWS, changing nothing`, async () => {
    const member = await signUp(app, { register: true });
    // FOLLOWS_MAX follows by HTTP would take long (and the rate limit); written as the service would.
    const repo = createFollowsRepository(app.database.db);
    for (let i = 0; i < FOLLOWS_MAX; i++) {
      const ref = `demo:series:seeded-${i}`;
      await repo.saveTarget(ref, { kind: 'series', name: `Seeded ${i}`, image: null }, current, null);
      expect(
        await repo.insert({ userId: member.id, ref, roles: ['series'], createdAt: current }, FOLLOWS_MAX),
      ).toMatchObject({ ref });
    }
    const before = await watchlist(member);

    const refused = await follow(member, refs[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_FOLLOWS',
        message: `You can follow at most ${FOLLOWS_MAX} series, people and authors. Unfollow some to follow others.`,
      },
    });
    expect(await listed(member)).toHaveLength(FOLLOWS_MAX);
    expect(await watchlist(member)).toEqual(before);

    // Following one already followed still answers it; after an unfollow there is room for one.
    expect((await follow(member, 'demo:series:seeded-0')).statusCode).toBe(200);
    const [first] = await listed(member);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/follows/${first!.id}`, headers: as(member) }))
        .statusCode,
    ).toBe(204);
    expect((await follow(member, refs[0]!)).statusCode).toBe(201);
    expect((await follow(member, refs[1]!)).statusCode).toBe(409);
    expect(await listed(member)).toHaveLength(FOLLOWS_MAX);
  });

  it(`answers the new follow past ${FOLLOWS_PER_MINUTE} in a minute with 429, whatever the address`, async () => {
    const member = await signUp(app, { register: true });
    for (const ref of refs.slice(0, FOLLOWS_PER_MINUTE))
      expect((await follow(member, ref)).statusCode).toBe(201);

    const refused = await follow(member, refs[FOLLOWS_PER_MINUTE]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await listed(member)).toHaveLength(FOLLOWS_PER_MINUTE);
    // Following again what is followed already is no new follow: it still answers.
    expect((await follow(member, refs[0]!)).statusCode).toBe(200);
    // Another member is not held back.
    expect((await follow(await signUp(app, { register: true }), refs[FOLLOWS_PER_MINUTE]!)).statusCode).toBe(
      201,
    );

    current = new Date(current.getTime() + 61_000);
    expect((await follow(member, refs[FOLLOWS_PER_MINUTE]!)).statusCode).toBe(201);
    expect(await listed(member)).toHaveLength(FOLLOWS_PER_MINUTE + 1);
  });
});
