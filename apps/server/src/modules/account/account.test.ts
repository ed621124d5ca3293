import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { mimeParts, startSmtpServer } from '../../../test/smtp';
import {
  accounts,
  follows,
  followTargets,
  imports,
  itemIdentifiers,
  mediaItems,
  memberChannels,
  memberServiceProviders,
  memberServices,
  notificationDeliveries,
  userProfiles,
  watchlistEntries,
} from '../../db/schema';

// A member's data is theirs: all of it to take away as a ZIP, and an account that can be deleted with
// everything of it. Another member's data is never in the one, nor touched by the other.

describe("a member's own data", () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // Sessions are stamped by the identity service's own clock: the app's runs beside it.
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  const as = (user: TestUser, headers: Record<string, string> = {}) => ({
    cookie: user.cookie,
    origin: TEST_ORIGIN,
    ...headers,
  });
  const download = (user: TestUser | null) =>
    app.inject({ url: '/api/export', headers: user ? as(user) : { origin: TEST_ORIGIN } });
  const deleteAccount = (user: TestUser, payload: Record<string, unknown>) =>
    app.inject({ method: 'DELETE', url: '/api/account', headers: as(user), payload });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ clock: now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** A member with a bit of everything: titles (one through a follow), a follow, services, a channel, a sent notice, an import. */
  let made = 0;
  async function memberWithEverything(name: string) {
    // Each member's titles are their own: a shared provider id would make one title tracked twice.
    made += 1;
    const member = await signUp(app, { register: true });
    const movie = await insertItem(app, {
      providerId: `tmdb:movie:${990_000 + made}`,
      mediaType: 'movies',
      title: `${name}'s "Film", Part 1`,
      releaseDate: daysAhead(30),
      releaseDatePrecision: 'day',
    });
    const season = await insertItem(app, {
      providerId: `tmdb:tv:${990_000 + made}:2`,
      mediaType: 'tv_seasons',
      title: `${name} Show: Season 2`,
      releaseDate: daysAhead(60),
      releaseDatePrecision: 'day',
    });
    const db = app.database.db;
    await db
      .insert(itemIdentifiers)
      .values({ scheme: 'imdb', value: `tt${9_900_000 + made}`, itemId: movie });
    const ref = `tmdb:tv:${name}-series`;
    await db
      .insert(followTargets)
      .values({ ref, kind: 'series', name: `${name} Show`, createdAt: now() })
      .onConflictDoNothing();
    const [follow] = await db
      .insert(follows)
      .values({ userId: member.id, ref, roles: ['series'], createdAt: now() })
      .returning();
    for (const [itemId, mediaType, via] of [
      [movie, 'movies', null],
      [season, 'tv_seasons', follow!.id],
    ] as const) {
      const added = await app.inject({
        method: 'POST',
        url: `/watchlist/${member.id}`,
        headers: as(member),
        payload: { item_id: itemId, media_type: mediaType },
      });
      expect(added.statusCode, added.body).toBeLessThan(300);
      if (via)
        await db
          .update(watchlistEntries)
          .set({ followedVia: via })
          .where(eq(watchlistEntries.itemId, itemId));
    }
    await db
      .insert(memberServices)
      .values({ userId: member.id, region: 'GB', regionSince: now(), updatedAt: now() });
    await db.insert(memberServiceProviders).values({ userId: member.id, providerId: 8, addedAt: now() });
    await db.insert(memberChannels).values({
      userId: member.id,
      type: 'discord',
      url: `https://discord.com/api/webhooks/1234567890/${name}-secret-webhook-token`,
      createdAt: now(),
    });
    await db.insert(notificationDeliveries).values({
      userId: member.id,
      itemId: movie,
      kind: 'date_announced',
      keyDate: daysAhead(30),
      channel: 'email',
      status: 'sent',
      dueAt: now(),
      nextAttemptAt: now(),
      createdAt: now(),
      sentAt: now(),
    });
    await db.insert(imports).values({
      userId: member.id,
      source: 'letterboxd',
      status: 'applied',
      rows: 3,
      createdAt: now(),
      updatedAt: now(),
    });
    return { member, movie, season, ref };
  }

  it('gives a member all of their data as a ZIP, and nothing of anyone else', async () => {
    const ada = await memberWithEverything('Ada');
    const other = await memberWithEverything('Zed');

    const res = await download(ada.member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="releasebell-export-${day}.zip"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['calendar.ics', 'releasebell.json', 'watchlist.csv']);

    const json = JSON.parse(strFromU8(files['releasebell.json']!));
    expect(json).toMatchObject({
      format: 'releasebell-export',
      version: 1,
      profile: { email: ada.member.email, first_name: 'Test', last_name: 'Member', locale: 'en-US' },
      follows: [{ ref: ada.ref, kind: 'series', name: 'Ada Show', roles: ['series'] }],
      services: { country: 'GB', include_rent_buy: false, providers: [{ id: 8 }] },
      notifications: [{ kind: 'date_announced', title: `Ada's "Film", Part 1`, channel: 'email' }],
      imports: [{ source: 'letterboxd', status: 'applied', rows: 3 }],
    });
    expect(Date.parse(json.exported_at)).toBeGreaterThan(0);
    const [movieRow, seasonRow] = json.watchlist;
    expect(movieRow).toMatchObject({
      media_type: 'movies',
      title: `Ada's "Film", Part 1`,
      release_date: daysAhead(30),
      followed_via: null,
      ids: { tmdb: expect.any(Number), imdb: expect.stringMatching(/^tt\d+$/) },
    });
    expect(seasonRow).toMatchObject({
      media_type: 'tv_seasons',
      followed_via: ada.ref,
      ids: { tmdb: expect.any(Number), season: 2 },
    });
    // A channel's address is shown as the profile shows it: its token is no part of the export.
    expect(json.channels).toEqual([
      {
        type: 'discord',
        target: expect.not.stringContaining('secret-webhook-token'),
        created_at: expect.any(String),
        disabled_at: null,
      },
    ]);

    const csv = strFromU8(files['watchlist.csv']!);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('media_type,title,release_date,added_at,tmdb,imdb,isbn13');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`movies,"Ada's ""Film"", Part 1",${daysAhead(30)},`);

    const calendar = new ICAL.Component(ICAL.parse(strFromU8(files['calendar.ics']!)));
    const summaries = calendar.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('summary'));
    expect(summaries).toEqual(expect.arrayContaining([expect.stringContaining('Ada'), 'Ada Show: Season 2']));

    // Nothing of the other member's, in any file.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    for (const theirs of [other.member.email, 'Zed', 'Zed-secret']) expect(everything).not.toContain(theirs);
  });

  it('refuses a visitor, and a sixth export in a day', async () => {
    expect((await download(null)).statusCode).toBe(401);
    const member = await signUp(app, { register: true });
    for (let i = 0; i < 5; i++) expect((await download(member)).statusCode).toBe(200);
    const sixth = await download(member);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
  });

  it('deletes an account with its password: everything of it goes, its session stops, a last email says so', async () => {
    const { member: bea, movie } = await memberWithEverything('Bea');
    const member = bea;
    const other = await memberWithEverything('Cy');
    const calendarUrl = (await app.inject({ url: '/api/calendar', headers: as(member) })).json()
      .url as string;
    const trackers = async () =>
      (await app.database.db.select().from(mediaItems).where(eq(mediaItems.id, movie)))[0]!.trackersCount;
    expect(await trackers()).toBe(1);

    const wrong = await deleteAccount(member, { password: 'not my password 1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password', message: 'That is not your password.' }],
    });
    expect((await download(member)).statusCode).toBe(200);

    const deleted = await deleteAccount(member, { password: member.password });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Its session stops at once, its calendar link is gone, the leaderboard counts it no more.
    expect((await app.inject({ url: '/api/follows', headers: as(member) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/session', headers: as(member) })).json()).toEqual({ user: null });
    expect((await app.inject({ url: new URL(calendarUrl).pathname })).statusCode).toBe(404);
    expect(await trackers()).toBe(0);

    // No row of any table holding a member's id is left: a table added later without its deletion fails here.
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select distinct table_name from information_schema.columns
          where table_schema = current_schema() and column_name = 'user_id'`,
    );
    const names = tables.map((r) => r.table_name).sort();
    expect(names.length).toBeGreaterThan(10);
    for (const table of names) {
      const [left] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${member.id}`,
      );
      expect(left!.n, table).toBe(0);
    }
    const [byId] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${member.id}`,
    );
    expect(byId!.n).toBe(0);
    // The other member's data is all there.
    expect((await download(other.member)).statusCode).toBe(200);
    expect(
      await app.database.db
        .select()
        .from(watchlistEntries)
        .where(eq(watchlistEntries.userId, other.member.id)),
    ).toHaveLength(2);

    const [mail] = await smtp.waitFor(member.email);
    expect(mail!.raw).toContain('Subject: Your Releasebell account has been deleted');
    expect(mimeParts(mail!.raw).find((p) => p.type === 'text/plain')?.body).toContain(
      'You will get no more messages from us.',
    );

    // The same address may sign up again, as someone new.
    const again = await signUp(app, { email: member.email, register: true });
    expect(again.id).not.toBe(member.id);
    const json = JSON.parse(
      strFromU8(unzipSync(new Uint8Array((await download(again)).rawPayload))['releasebell.json']!),
    );
    expect(json.watchlist).toEqual([]);
  });

  it('asks a member without a password for their email, soon after signing in', async () => {
    const member = await signUp(app, { register: true });
    // As a Google member's: an account at the identity provider, no password.
    await app.database.db
      .update(accounts)
      .set({ providerId: 'google', password: null })
      .where(eq(accounts.userId, member.id));
    const missing = await deleteAccount(member, { password: 'anything 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([
      { field: 'confirm', message: 'Type the email address of your account to confirm.' },
    ]);
    expect((await deleteAccount(member, { confirm: 'someone.else@example.com' })).statusCode).toBe(400);
    ahead = 11 * 60_000;
    try {
      const stale = await deleteAccount(member, { confirm: member.email });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error.code).toBe('RECENT_SIGN_IN_REQUIRED');
    } finally {
      ahead = 0;
    }
    expect((await deleteAccount(member, { confirm: member.email.toUpperCase() })).statusCode).toBe(204);
    expect(
      await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, member.id)),
    ).toEqual([]);
  });

  it('sends nothing more: a notification due at the moment of deletion is not sent', async () => {
    const member = await signUp(app, { register: true });
    const item = await insertItem(app, {
      title: 'Due Right Now',
      releaseDate: '2031-01-01',
      releaseDatePrecision: 'day',
    });
    await app.database.db.insert(notificationDeliveries).values({
      userId: member.id,
      itemId: item,
      kind: 'released',
      keyDate: '2031-01-01',
      channel: 'email',
      status: 'pending',
      dueAt: now(),
      nextAttemptAt: now(),
      createdAt: now(),
    });
    expect((await deleteAccount(member, { password: member.password })).statusCode).toBe(204);
    await smtp.waitFor(member.email);
    await app.notifications.tick();
    const toMember = smtp.mails.filter((m) => m.to.includes(member.email.toLowerCase()));
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.raw).toContain('account has been deleted');
  });

  it('refuses a visitor, and a body with neither or both of password and confirm, naming the field', async () => {
    const visitor = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { origin: TEST_ORIGIN },
      payload: { password: 'x' },
    });
    expect(visitor.statusCode).toBe(401);
    const member = await signUp(app, { register: true });
    for (const body of [{}, { password: member.password, confirm: member.email }]) {
      const res = await deleteAccount(member, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('password');
    }
    expect((await app.inject({ url: '/api/follows', headers: as(member) })).statusCode).toBe(200);
  });
});
