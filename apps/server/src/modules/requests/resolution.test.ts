import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { decodeQuotedPrintable, mailHeader, startSmtpServer } from '../../../test/smtp';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { contentRequests, mediaItems } from '../../db/schema';

describe('content requests that resolve themselves', () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let member: TestUser;
  let now = new Date();
  beforeAll(async () => {
    tmdb = await startTmdbFake();
    smtp = await startSmtpServer();
    app = await buildTestApp({
      clock: () => now,
      env: { TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url, SMTP_URL: smtp.url },
    });
    member = await signUp(app, { register: true });
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
    await smtp.close();
  });
  const ask = (title: string, extraInfo = '', user: TestUser | null = member) =>
    app.inject({
      method: 'POST',
      url: '/api/request',
      headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
      payload: { mediaType: 'movies', title, extraInfo, userId: null, createdAt: now.toISOString() },
    });
  const request = async (id: string) =>
    (await app.database.db.select().from(contentRequests).where(eq(contentRequests.id, id)))[0];

  it('imports the title asked for right after the request and tells the member in the app and by email', async () => {
    tmdb.data.addMovie({ title: 'The Brass Orchard', usTheatrical: '2027-09-17', popularity: 40 });
    const res = await ask('the brass orchard', 'out in 2027');
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;

    await vi.waitFor(async () => expect((await request(id))?.status).toBe('added'), { timeout: 5000 });
    const [item] = await app.database.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.id, (await request(id))!.resolvedItemId!));
    expect(item).toMatchObject({ title: 'The Brass Orchard', releaseDate: '2027-09-17' });

    // The bell lists it at once; the email goes out at the next tick.
    const bell = (await app.inject({ url: '/api/notifications', headers: { cookie: member.cookie } })).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'request_resolved',
      item: { title: 'The Brass Orchard' },
    });
    await app.notifications.tick();
    const [mail] = await smtp.waitFor(member.email);
    expect(mailHeader(mail!.raw, 'Subject')).toBe('The Brass Orchard is on Releasebell now');
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain('You asked us to add it, and it is here.');
    expect(body).toContain(`/media/movies/${item!.slug}`);
    expect(body).toContain('You get this because you asked for this title on Releasebell.');
    // The poster, drawn 120 px wide, at TMDB's card size rather than the stored w500.
    expect(item!.image).toMatch(/^\/proxy-image\/tmdb\/w500\//);
    expect(body).toContain(`/proxy-image/tmdb/w342/${item!.image!.split('/').pop()}`);
  });

  it('leaves a request open when nothing matches for sure, and tries it again a day later', async () => {
    tmdb.data.addMovie({ title: 'Twin Lakes', usTheatrical: '2027-03-01', popularity: 9 });
    tmdb.data.addMovie({ title: 'Twin Lakes', usTheatrical: '1999-03-01', popularity: 8 });
    const id = (await ask('Twin Lakes', '', null)).json().id as string;
    await vi.waitFor(async () => expect((await request(id))?.checkedAt).not.toBeNull(), { timeout: 5000 });
    expect((await request(id))?.status).toBe('pending');

    // The answer arrives later: the daily job finds it.
    const movie = tmdb.data.addMovie({ title: 'Harbor of Ash', usTheatrical: '2028-01-01', popularity: 5 });
    // One failed search (a 401 is not retried) leaves the request for the daily job.
    tmdb.failNext(1, { status: 401 });
    const late = (await ask('Harbor of Ash')).json().id as string;
    await vi.waitFor(async () =>
      expect(tmdb.requests.some((r) => r.query.query === 'Harbor of Ash')).toBe(true),
    );
    expect((await request(late))?.status).toBe('pending');

    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    const ran = await app.catalogSync.runDue();
    expect(ran.find((o) => o.task === 'requests')?.result).toEqual({ resolved: 1 });
    expect((await request(late))?.status).toBe('added');
    expect((await request(id))?.status).toBe('pending');
    expect(tmdb.requests.some((r) => r.path === `/3/movie/${movie.id}`)).toBe(true);
  });
});
