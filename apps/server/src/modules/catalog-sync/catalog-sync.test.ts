import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  insertMember,
  instantProviderTime,
  openTestDatabase,
  track,
} from '../../../test/helpers';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { mediaItems, releaseEvents, syncTasks } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { workId } from '../../providers/isbndb/works';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One app on the fakes, with a clock the test moves (the fakes read the same clock). */
async function setUp(options: { tmdbToken?: string; isbndb?: boolean } = {}) {
  let current = new Date();
  const clock = () => current;
  const tmdb = await startTmdbFake({ now: clock });
  const isbndb = options.isbndb ? await startIsbndbFake({ rateLimit: null, now: current }) : null;
  const env: Record<string, string> = {
    TMDB_API_TOKEN: options.tmdbToken ?? tmdb.token,
    TMDB_API_URL: tmdb.url,
    ...(isbndb
      ? { ISBNDB_API_KEY: isbndb.apiKey, ISBNDB_API_URL: isbndb.url, ISBNDB_REQUESTS_PER_SECOND: '100' }
      : {}),
  };
  const database = await openTestDatabase();
  // A retry's backoff and the rate limit's pacing take no real time: the stand-ins limit nothing.
  const providerTime = instantProviderTime();
  const app = await buildTestApp({ clock, env, database, providerTime });
  return {
    app,
    tmdb,
    isbndb,
    env,
    clock,
    database,
    providerTime,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    ran: async (target: FastifyInstance = app) => (await target.catalogSync.runDue()).map((o) => o.task),
    detailsAsked: (from: number) =>
      tmdb.requests.slice(from).filter((r) => /^\/3\/(movie|tv)\/\d+$/.test(r.path)),
    async eventsOf(providerId: string) {
      return app.database.db
        .select({ kind: releaseEvents.kind, oldDate: releaseEvents.oldDate, newDate: releaseEvents.newDate })
        .from(releaseEvents)
        .innerJoin(mediaItems, eq(mediaItems.id, releaseEvents.itemId))
        .where(eq(mediaItems.providerId, providerId));
    },
    async item(providerId: string) {
      const [row] = await app.database.db
        .select()
        .from(mediaItems)
        .where(eq(mediaItems.providerId, providerId));
      return row;
    },
    async close() {
      await app.close();
      await database.close();
      await tmdb.close();
      await isbndb?.close();
    },
  };
}
type World = Awaited<ReturnType<typeof setUp>>;

describe('the catalog sync, on TMDB and ISBNdb', () => {
  let w: World;
  beforeAll(async () => {
    w = await setUp({ isbndb: true });
  });
  afterAll(async () => w.close());

  it('fills the catalog on a first start, /readyz saying so until it has', async () => {
    expect((await w.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', catalog: 'filling' });
    const [demo] = await w.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaItems)
      .where(like(mediaItems.providerId, 'demo:%'));
    expect(demo?.n).toBe(0);

    const ran = await w.ran();
    expect(ran.slice(0, 3)).toEqual(['tmdb-lists', 'isbndb-lists', 'tmdb-changes']);
    expect((await w.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', catalog: 'ready' });

    // A movie on TMDB's upcoming list and a book out next year are there, as a visitor sees them.
    const upcoming = w.tmdb.data.movie(w.tmdb.data.seeded.movies.upcoming[0]!);
    const list = (await w.app.inject({ url: '/upcoming/movies' })).json() as { title: string }[];
    expect(list.map((i) => i.title)).toContain(upcoming.title);
    const books = await w.app.database.db
      .select({ id: mediaItems.providerId })
      .from(mediaItems)
      .where(like(mediaItems.providerId, 'isbndb:work:%'));
    expect(books.length).toBeGreaterThan(3);
    // A new title's date is news to nobody: no release event for the fill.
    expect(await w.app.database.db.select().from(releaseEvents)).toEqual([]);
  });

  it('an hour later reads only the change feed, and a moved date writes one release event', async () => {
    const id = w.tmdb.data.seeded.movies.upcoming[1]!;
    const before = await w.item(`tmdb:movie:${id}`);
    expect(before?.releaseDate).toBeTruthy();
    w.advance(HOUR + 1000);
    const newDate = addDays(before!.releaseDate!, 40);
    w.tmdb.data.setUsTheatricalDate(id, newDate);
    const from = w.tmdb.requests.length;

    expect(await w.ran()).toEqual(['tmdb-changes', 'follows-changes', 'watch-offers']);
    expect((await w.item(`tmdb:movie:${id}`))?.releaseDate).toBe(newDate);
    expect(await w.eventsOf(`tmdb:movie:${id}`)).toEqual([
      { kind: 'moved', oldDate: before!.releaseDate, newDate },
    ]);
    // Only what changed was asked for again.
    expect(w.detailsAsked(from).map((r) => r.path)).toEqual([`/3/movie/${id}`]);

    // Nothing due a minute later: nothing runs, nothing is asked.
    w.advance(60_000);
    const quiet = w.tmdb.requests.length;
    expect(await w.ran()).toEqual([]);
    expect(w.tmdb.requests.length).toBe(quiet);
  });

  it('announces and removes dates through the feed, one event each', async () => {
    const undated = w.tmdb.data.seeded.movies.noDate[0]!;
    await w.app.catalogSync.refresh([{ providerId: `tmdb:movie:${undated}`, title: '' }]);
    expect((await w.item(`tmdb:movie:${undated}`))?.releaseDate).toBeNull();

    w.advance(HOUR + 1000);
    w.tmdb.data.setUsTheatricalDate(undated, '2028-02-11');
    expect(await w.ran()).toEqual(['tmdb-changes', 'follows-changes', 'watch-offers']);
    w.advance(HOUR + 1000);
    w.tmdb.data.setUsTheatricalDate(undated, null);
    expect(await w.ran()).toEqual(['tmdb-changes', 'follows-changes', 'watch-offers']);
    expect(await w.eventsOf(`tmdb:movie:${undated}`)).toEqual([
      { kind: 'announced', oldDate: null, newDate: '2028-02-11' },
      { kind: 'removed', oldDate: '2028-02-11', newDate: null },
    ]);
  });

  it('refreshes tracked titles daily and books not yet out, catching a book whose date moved', async () => {
    const book = w.isbndb!.data.books.find((b) => {
      const date = String(b.date_published ?? '');
      return date.length === 10 && date > addDays(w.clock().toISOString().slice(0, 10), 30);
    })!;
    const providerId = workId(book as never);
    const stored = await w.item(providerId);
    expect(stored).toBeDefined();
    const moved = addDays(stored!.releaseDate!, -3);
    // Every edition moves (the work's date is its earliest edition's).
    for (const edition of w.isbndb!.data.editionsOf(book.title))
      w.isbndb!.data.setDatePublished(edition.isbn13, moved);

    const member = await insertMember(w.app);
    const movie = await w.item(`tmdb:movie:${w.tmdb.data.seeded.movies.upcoming[2]!}`);
    await track(w.app, member.id, movie!.id, w.clock());
    w.advance(DAY);
    const from = w.tmdb.requests.length;
    const ran = await w.ran();
    expect(ran).toEqual(expect.arrayContaining(['tracked-recent', 'isbndb-unpublished', 'tmdb-lists']));
    expect(ran).not.toContain('tracked-older');
    expect(w.detailsAsked(from).map((r) => r.path)).toContain(`/3/movie/${movie!.providerId.split(':')[2]}`);
    expect((await w.item(providerId))?.releaseDate).toBe(moved);
    expect(await w.eventsOf(providerId)).toEqual([
      { kind: 'moved', oldDate: stored!.releaseDate, newDate: moved },
    ]);
  });

  it('after a gap over 14 days refreshes every tracked title instead of reading the feed', async () => {
    w.advance(15 * DAY);
    const from = w.tmdb.requests.length;
    expect(await w.ran()).toContain('tmdb-changes');
    const asked = w.tmdb.requests.slice(from).map((r) => r.path);
    expect(asked.filter((p) => p.endsWith('/changes'))).toEqual([]);
    const tracked = await w.app.database.db
      .select({ providerId: mediaItems.providerId })
      .from(mediaItems)
      .where(sql`${mediaItems.trackersCount} > 0`);
    for (const t of tracked) expect(asked).toContain(`/3/movie/${t.providerId.split(':')[2]}`);
  });
});

describe('the demo catalog once a provider is configured', () => {
  it('leaves the catalog at the next start, but not a title a member tracks', async () => {
    const tmdb = await startTmdbFake();
    const database = await openTestDatabase();
    try {
      const demo = await buildTestApp({ seedDemo: true, database });
      const demoCount = async (app: FastifyInstance) =>
        (
          await app.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(mediaItems)
            .where(like(mediaItems.providerId, 'demo:%'))
        )[0]?.n;
      expect(await demoCount(demo)).toBeGreaterThan(100);
      const [kept] = await demo.database.db
        .select()
        .from(mediaItems)
        .where(like(mediaItems.providerId, 'demo:%'))
        .limit(1);
      const member = await insertMember(demo);
      await track(demo, member.id, kept!.id, new Date());
      await demo.close();

      const real = await buildTestApp({
        database,
        env: { TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url },
      });
      expect(await demoCount(real)).toBe(1);
      const left = await real.database.db
        .select()
        .from(mediaItems)
        .where(like(mediaItems.providerId, 'demo:%'));
      expect(left.map((i) => i.id)).toEqual([kept!.id]);
      await real.close();
    } finally {
      await database.close();
      await tmdb.close();
    }
  });
});

describe('the catalog sync across processes and failures', () => {
  let w: World;
  afterEach(async () => w.close());

  it('never runs a task twice at once across two processes', async () => {
    w = await setUp();
    const second = await buildTestApp({
      clock: w.clock,
      env: w.env,
      providerTime: w.providerTime,
      database: await w.database.openAnother(),
    });
    try {
      const [a, b] = await Promise.all([w.ran(w.app), w.ran(second)]);
      expect([...a, ...b].sort()).toEqual([
        'follows-changes',
        'follows-refresh',
        'requests',
        'tmdb-changes',
        'tmdb-lists',
        'tracked-older',
        'tracked-recent',
        'watch-offers',
      ]);
      const firstPages = w.tmdb.requests.filter(
        (r) => r.path === '/3/movie/upcoming' && r.query.page === '1',
      );
      expect(firstPages).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('takes up a run whose process died once its lease runs out', async () => {
    w = await setUp();
    const now = w.clock();
    await w.app.database.db.insert(syncTasks).values({
      task: 'tmdb-lists',
      lastStartedAt: now,
      leaseOwner: 'a process that was killed',
      leaseUntil: new Date(now.getTime() + 5 * 60_000),
    });
    expect(await w.ran()).not.toContain('tmdb-lists');
    expect((await w.app.inject({ url: '/readyz' })).json().catalog).toBe('filling');
    w.advance(5 * 60_000 + 1000);
    expect(await w.ran()).toContain('tmdb-lists');
    expect((await w.app.inject({ url: '/readyz' })).json().catalog).toBe('ready');
  });

  it('keeps the catalog when TMDB is down, and tries again later', async () => {
    w = await setUp();
    await w.ran();
    const count = async () =>
      (await w.app.database.db.select({ n: sql<number>`count(*)::int` }).from(mediaItems))[0]?.n;
    const before = await count();
    w.advance(6 * HOUR);
    w.tmdb.failNext(5, { status: 503 });
    const waited = w.providerTime.waited();
    expect(await w.ran()).not.toContain('tmdb-lists');
    // It backed off between its five tries as in production (0.5 + 1 + 2 + 4 s, give or take a quarter),
    // in the clients' own time.
    expect(w.providerTime.waited() - waited).toBeGreaterThanOrEqual(0.75 * 7_500);
    expect(await count()).toBe(before);
    const [task] = await w.app.database.db.select().from(syncTasks).where(eq(syncTasks.task, 'tmdb-lists'));
    expect(task?.lastError).toMatch(/TMDB did not answer .* after 5 tries: HTTP 503/);
    // Not at the next tick: after a pause.
    w.advance(60_000);
    expect(await w.ran()).not.toContain('tmdb-lists');
    w.advance(10 * 60_000);
    expect(await w.ran()).toContain('tmdb-lists');
    expect(await count()).toBe(before);
  }, 30_000);

  it('stops on a refused key with a log line naming the variable, and goes on serving', async () => {
    w = await setUp({ tmdbToken: 'not-the-token-tmdb-gave-us' });
    const errors = vi.spyOn(w.app.log, 'error');
    expect(await w.ran()).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      'TMDB refused the API key (HTTP 401): check TMDB_API_TOKEN. The catalog sync from this provider has stopped; the app goes on serving.',
    );
    const asked = w.tmdb.requests.length;
    w.advance(DAY);
    expect(await w.ran()).toEqual([]);
    expect(w.tmdb.requests.length).toBe(asked);
    expect((await w.app.inject({ url: '/upcoming/movies' })).statusCode).toBe(200);
    const [task] = await w.app.database.db
      .select()
      .from(syncTasks)
      .where(and(eq(syncTasks.task, 'tmdb-lists')));
    expect(task?.lastError).toContain('TMDB_API_TOKEN');
  });
});
