import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertItems,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  type TestUser,
} from '../../../test/helpers';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { decodeQuotedPrintable, mailHeader, startSmtpServer } from '../../../test/smtp';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { startTwilioFake } from '../../../test/twilio';
import { notificationDeliveries, userProfiles } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { normaliseWork } from '../../providers/isbndb/works';

const HOUR = 3_600_000;
const TWILIO_SID = `AC${'7'.repeat(32)}`;

/** A fixed-offset zone where it is now around noon, so a text is not held for the night. */
function noonZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

interface Entry {
  item_id: string;
  title: string;
  followed_via: { id: string; name: string } | null;
}

describe('the follows sync, on TMDB and ISBNdb', () => {
  // Noon (UTC) yesterday, whatever the hour the suite runs at: the change feeds are read by whole days,
  // and "a day later" must be another day on their dates.
  const started = new Date();
  let current = new Date(
    Date.UTC(started.getUTCFullYear(), started.getUTCMonth(), started.getUTCDate() - 1, 12),
  );
  const clock = () => current;
  const later = (ms: number) => {
    current = new Date(current.getTime() + ms);
  };
  const today = () => current.toISOString().slice(0, 10);
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let env: Record<string, string>;
  let app: FastifyInstance;
  let member: TestUser;

  const follow = (user: TestUser, payload: object) =>
    app.inject({ method: 'POST', url: '/api/follows', headers: as(user), payload });
  const watchlist = async (user: TestUser, target = app) =>
    (await target.inject({ url: `/watchlist/${user.id}`, headers: as(user) })).json() as Entry[];
  const bell = async (user: TestUser) =>
    (await app.inject({ url: '/api/notifications', headers: as(user) })).json().notifications as {
      kind: string;
      via: string | null;
      item: { title: string };
    }[];
  const subjects = async (user: TestUser) =>
    smtp.mails
      .filter((m) => m.to.includes(user.email.toLowerCase()))
      .map((m) => mailHeader(m.raw, 'Subject'));

  beforeAll(async () => {
    tmdb = await startTmdbFake({ now: clock });
    isbndb = await startIsbndbFake({ rateLimit: null, now: current });
    smtp = await startSmtpServer();
    twilio = await startTwilioFake({ accountSid: TWILIO_SID, authToken: 'twilio-test-token' });
    env = {
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: 'twilio-test-token',
      TWILIO_FROM: '+14155550100',
      TWILIO_API_URL: twilio.url,
      TMDB_API_TOKEN: tmdb.token,
      TMDB_API_URL: tmdb.url,
      ISBNDB_API_KEY: isbndb.apiKey,
      ISBNDB_API_URL: isbndb.url,
      ISBNDB_REQUESTS_PER_SECOND: '100',
      SMTP_URL: smtp.url,
    };
    database = await openTestDatabase();
    app = await buildTestApp({ clock, env, database });
    member = await signUp(app, { register: true });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await Promise.all([tmdb.close(), isbndb.close(), smtp.close(), twilio.close()]);
  });

  it('follows a series: its seasons still to come now, a new one from the change feed, told once', async () => {
    const series = tmdb.data.addSeries({ name: 'The Lantern Keepers', popularity: 30 });
    tmdb.data.addSeason(series.id, { air_date: addDays(today(), -400) });
    tmdb.data.addSeason(series.id, { air_date: addDays(today(), 30) });
    tmdb.data.addSeason(series.id, { air_date: null });
    const res = await follow(member, { ref: `tmdb:tv:${series.id}` });
    expect(res.statusCode).toBe(201);
    const followed = res.json();
    expect(followed).toMatchObject({ kind: 'series', name: 'The Lantern Keepers', added: 2 });
    expect(followed.image).toMatch(/^\/proxy-image\/tmdb\/w500\//);
    const via = (await watchlist(member)).filter((e) => e.followed_via?.id === followed.id);
    expect(via.map((e) => e.title).sort()).toEqual([
      'The Lantern Keepers: Season 2',
      'The Lantern Keepers: Season 3',
    ]);
    // Added by following: nobody is told about what they just chose.
    await app.notifications.tick();
    expect(await bell(member)).toEqual([]);

    const since = current;
    later(HOUR);
    tmdb.data.addSeason(series.id, { air_date: addDays(today(), 400) });
    expect(await app.follows.sync('changes', since)).toEqual({ checked: 1, newTitles: 1, told: 1 });
    expect(
      (await watchlist(member)).find((e) => e.title === 'The Lantern Keepers: Season 4')?.followed_via,
    ).toEqual({
      id: followed.id,
      name: 'The Lantern Keepers',
    });
    await app.notifications.tick();
    expect(await bell(member)).toMatchObject([
      { kind: 'new_title', via: null, item: { title: 'The Lantern Keepers: Season 4' } },
    ]);
    const [mail] = await smtp.waitFor(member.email);
    expect(mailHeader(mail!.raw, 'Subject')).toMatch(/^The Lantern Keepers: Season 4 is announced, out /);
    expect(decodeQuotedPrintable(mail!.raw)).toContain('newly announced, so it is on your watchlist now');

    // Another pass finds nothing new and tells nobody again.
    later(HOUR);
    expect(await app.follows.sync('all', null)).toMatchObject({ newTitles: 0, told: 0 });
    await app.notifications.tick();
    expect(await subjects(member)).toHaveLength(1);
  });

  it('follows a director: their films to come, and a new one found by the daily refresh', async () => {
    const director = tmdb.data.addPerson({
      name: 'Imogen Vasquez-Thorne',
      known_for_department: 'Directing',
    });
    const crew = (id: number) =>
      tmdb.data.creditPerson('movie', id, director.id, { job: 'Director', department: 'Directing' });
    const old = tmdb.data.addMovie({ title: 'Harbour of Glass', usTheatrical: addDays(today(), -200) });
    const next = tmdb.data.addMovie({ title: 'The Quiet Meridian', usTheatrical: addDays(today(), 90) });
    crew(old.id);
    crew(next.id);
    const acted = tmdb.data.addMovie({ title: 'A Cameo Somewhere', usTheatrical: addDays(today(), 60) });
    tmdb.data.creditPerson('movie', acted.id, director.id, { character: 'Herself' });

    const res = await follow(member, { ref: `tmdb:person:${director.id}` });
    expect(res.statusCode).toBe(201);
    const followed = res.json();
    expect(followed).toMatchObject({ kind: 'person', name: 'Imogen Vasquez-Thorne', added: 1 });
    const mine = (await watchlist(member))
      .filter((e) => e.followed_via?.id === followed.id)
      .map((e) => e.title);
    // Her acting is not followed unless asked for; a film already out never comes.
    expect(mine).toEqual(['The Quiet Meridian']);

    // A new film appears; the daily refresh (not the feed) finds it.
    later(21 * HOUR);
    const newer = tmdb.data.addMovie({ title: 'Salt and Signal', usTheatrical: addDays(today(), 200) });
    crew(newer.id);
    const pass = await app.follows.sync('refresh', current);
    expect(pass).toMatchObject({ newTitles: 1, told: 1 });
    await app.notifications.tick();
    const news = (await bell(member)).find((n) => n.item.title === 'Salt and Signal');
    expect(news).toMatchObject({ kind: 'new_title', via: 'Imogen Vasquez-Thorne' });
    await expect
      .poll(() => subjects(member))
      .toContainEqual(expect.stringMatching(/^Imogen Vasquez-Thorne has a new movie: Salt and Signal, out /));

    const follows = (await app.inject({ url: '/api/follows', headers: as(member) })).json().follows;
    expect(follows.find((f: { id: string }) => f.id === followed.id)).toMatchObject({ upcoming: 2 });
  });

  it("hears of a person's new credit from the change feed, and of a new season from the daily refresh", async () => {
    const writer = tmdb.data.addPerson({ name: 'Tobias Renwick-Hale', known_for_department: 'Writing' });
    const show = tmdb.data.addSeries({ name: 'Mariner Street', popularity: 5 });
    tmdb.data.addSeason(show.id, { air_date: addDays(today(), 20) });
    const writerFollow = (await follow(member, { ref: `tmdb:person:${writer.id}` })).json();
    expect(writerFollow).toMatchObject({ kind: 'person', added: 0 });
    const showFollow = (await follow(member, { ref: `tmdb:tv:${show.id}` })).json();
    expect(showFollow).toMatchObject({ added: 1 });

    // A film credits the writer: TMDB lists the person (and the film) as changed.
    const since = current;
    later(HOUR);
    const film = tmdb.data.addMovie({ title: 'Ledger of Small Hours', usTheatrical: addDays(today(), 150) });
    tmdb.data.creditPerson('movie', film.id, writer.id, { job: 'Screenplay', department: 'Writing' });
    expect(await app.follows.sync('changes', since)).toMatchObject({ newTitles: 1, told: 1 });

    // A season the feed does not list (its change is older than the window read): the refresh finds it.
    tmdb.data.addSeason(show.id, { air_date: null });
    later(21 * HOUR);
    expect(await app.follows.sync('changes', new Date(current.getTime() - HOUR))).toMatchObject({
      newTitles: 0,
    });
    expect(await app.follows.sync('refresh', current)).toMatchObject({ newTitles: 1, told: 1 });
    const titles = (await watchlist(member))
      .filter((e) => e.followed_via?.id === writerFollow.id || e.followed_via?.id === showFollow.id)
      .map((e) => e.title)
      .sort();
    expect(titles).toEqual(['Ledger of Small Hours', 'Mariner Street: Season 1', 'Mariner Street: Season 2']);
    const mailed = smtp.mails.length;
    await app.notifications.tick();
    expect(await bell(member)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'new_title',
          via: 'Tobias Renwick-Hale',
          item: expect.objectContaining({ title: 'Ledger of Small Hours' }),
        }),
        expect.objectContaining({
          kind: 'new_title',
          via: null,
          item: expect.objectContaining({ title: 'Mariner Street: Season 2' }),
        }),
      ]),
    );
    // Both in one mail: the member's due notices go as a digest.
    const [digest] = smtp.mails.slice(mailed);
    const body = decodeQuotedPrintable(digest!.raw);
    expect(body).toContain('Updates on titles you track');
    expect(body).toContain('Ledger of Small Hours');
    expect(body).toContain('Mariner Street: Season 2');
  });

  it('follows an author: a new book is told, a reissue of an old one is not, a removed title stays away', async () => {
    const first = isbndb.data.add({
      title: 'The Tidewright',
      authors: ['Orla Penhallow'],
      date_published: addDays(today(), 120),
      binding: 'Hardcover',
      language: 'en',
    });
    const classic = isbndb.data.add({
      title: 'Winter Lamps',
      authors: ['Orla Penhallow'],
      date_published: '2009-05-01',
      binding: 'Paperback',
      language: 'en',
    });
    await insertItems(app, [normaliseWork([first], 'https://images.isbndb.com')], current);
    const page = (await app.inject({ url: `/media/slug/books/the-tidewright` })).json();
    expect(page.follow).toEqual([
      { kind: 'author', ref: 'isbndb:author:orla-penhallow', name: 'Orla Penhallow' },
    ]);

    const res = await follow(member, { ref: 'isbndb:author:orla-penhallow' });
    expect(res.statusCode).toBe(201);
    const followed = res.json();
    expect(followed).toMatchObject({ kind: 'author', name: 'Orla Penhallow', added: 1 });

    later(HOUR);
    const told = await subjects(member);
    isbndb.data.add({
      title: 'The Salt Cartographer',
      authors: ['Orla Penhallow'],
      date_published: '2027-03-14',
      binding: 'Hardcover',
      language: 'en',
    });
    isbndb.data.addEdition(classic.isbn13, { binding: 'Paperback', date_published: addDays(today(), 40) });
    expect(await app.follows.sync('all', null)).toMatchObject({ newTitles: 1, told: 1 });
    await app.notifications.tick();
    await expect.poll(async () => (await subjects(member)).length).toBe(told.length + 1);
    expect((await subjects(member)).at(-1)).toBe(
      'Orla Penhallow has a new book: The Salt Cartographer, out March 14, 2027',
    );
    const titles = (await watchlist(member)).map((e) => e.title);
    expect(titles).toContain('The Salt Cartographer');
    expect(titles).not.toContain('Winter Lamps');

    // Removed by the member, a followed title is not put back.
    const salt = (await watchlist(member)).find((e) => e.title === 'The Salt Cartographer')!;
    await app.inject({
      method: 'DELETE',
      url: `/watchlist/${member.id}`,
      headers: as(member),
      payload: { item_id: salt.item_id },
    });
    later(HOUR);
    expect(await app.follows.sync('all', null)).toMatchObject({ newTitles: 0 });
    expect((await watchlist(member)).map((e) => e.title)).not.toContain('The Salt Cartographer');
  });

  it('finds and tells a new title once when two app processes run the pass at once', async () => {
    const second = await buildTestApp({ clock, env, database });
    try {
      const other = await signUp(app, { register: true });
      const series = tmdb.data.addSeries({ name: 'Copper Weather', popularity: 10 });
      tmdb.data.addSeason(series.id, { air_date: addDays(today(), 10) });
      expect((await follow(other, { ref: `tmdb:tv:${series.id}` })).json()).toMatchObject({ added: 1 });
      later(HOUR);
      tmdb.data.addSeason(series.id, { air_date: addDays(today(), 300) });
      const passes = await Promise.all([app.follows.sync('all', null), second.follows.sync('all', null)]);
      expect(passes.reduce((n, p) => n + p.newTitles, 0)).toBe(1);
      await Promise.all([app.notifications.tick(), second.notifications.tick()]);
      await expect
        .poll(() => subjects(other))
        .toEqual([expect.stringMatching(/^Copper Weather: Season 2 is announced/)]);
      const rows = await app.database.db
        .select()
        .from(notificationDeliveries)
        .where(
          and(eq(notificationDeliveries.userId, other.id), eq(notificationDeliveries.kind, 'new_title')),
        );
      expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'in_app']);
      expect(await watchlist(other, second)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('texts a member who gets texts about a new season of a series they follow', async () => {
    const texter = await signUp(app, { register: true });
    const phone = '+14155550177';
    await app.database.db
      .update(userProfiles)
      .set({
        phoneNumber: phone,
        phoneVerifiedAt: current,
        notificationPreferences: ['email', 'mobile'],
        timeZone: noonZone(current),
      })
      .where(eq(userProfiles.userId, texter.id));
    const series = tmdb.data.addSeries({ name: 'Signal Hill', popularity: 3 });
    tmdb.data.addSeason(series.id, { air_date: addDays(today(), 15) });
    expect((await follow(texter, { ref: `tmdb:tv:${series.id}` })).json()).toMatchObject({ added: 1 });
    later(HOUR);
    tmdb.data.addSeason(series.id, { air_date: null });
    expect(await app.follows.sync('all', null)).toMatchObject({ newTitles: 1, told: 1 });
    await app.notifications.tick();
    const texts = twilio.messages.filter((m) => m.to === phone).map((m) => m.body);
    expect(texts).toEqual([expect.stringMatching(/^Releasebell: Signal Hill: Season 2 is announced\. /)]);
  });

  it("answers 404 for a ref TMDB does not know, and keeps another member's follow to itself", async () => {
    const res = await follow(member, { ref: 'tmdb:tv:999999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('FOLLOW_NOT_FOUND');
    const outsider = await signUp(app, { register: true });
    expect((await app.inject({ url: '/api/follows', headers: as(outsider) })).json()).toEqual({
      follows: [],
    });
    const [mine] = (await app.inject({ url: '/api/follows', headers: as(member) })).json().follows;
    const del = await app.inject({ method: 'DELETE', url: `/api/follows/${mine.id}`, headers: as(outsider) });
    expect(del.statusCode).toBe(404);
  });
});
