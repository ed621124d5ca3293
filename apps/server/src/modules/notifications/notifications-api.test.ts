import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildItem,
  buildTestApp,
  insertItem,
  insertItems,
  insertMember,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  type TestDatabase,
  type TestUser,
  track,
} from '../../../test/helpers';
import { mailHeader, startSmtpServer } from '../../../test/smtp';
import { mediaItems, notificationDeliveries, releaseEvents } from '../../db/schema';

const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

describe('notifications over HTTP', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date('2027-02-01T12:00:00Z');
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ clock: () => now, env: { SMTP_URL: smtp.url } });
    member = await signUp(app, { register: true });
    other = await signUp(app, { register: true });
    // Three titles the member tracks, released on consecutive days; one the other member tracks.
    for (const day of ['2027-02-02', '2027-02-03', '2027-02-04']) {
      const id = await insertItem(app, {
        title: `Bell ${day}`,
        releaseDate: day,
        releaseDatePrecision: 'day',
      });
      await track(app, member.id, id, new Date('2027-01-01T00:00:00Z'));
    }
    const theirs = await insertItem(app, {
      title: 'Not Yours',
      releaseDate: '2027-02-02',
      releaseDatePrecision: 'day',
    });
    await track(app, other.id, theirs, new Date('2027-01-01T00:00:00Z'));
    for (const at of ['2027-02-02T09:00:00Z', '2027-02-03T09:00:00Z', '2027-02-04T09:00:00Z']) {
      now = new Date(at);
      await app.notifications.tick();
    }
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("lists only the member's own notifications, newest first, with the unread count", async () => {
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    const res = await app.inject({ url: '/api/notifications', headers: as(member) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    // Each release day also had a reminder the day before (default: 1 day), but only the first two
    // reminders fell on a day the titles were tracked and still ahead.
    const released = body.notifications.filter((n: { kind: string }) => n.kind === 'released');
    expect(released.map((n: { item: { title: string } }) => n.item.title)).toEqual([
      'Bell 2027-02-04',
      'Bell 2027-02-03',
      'Bell 2027-02-02',
    ]);
    expect(body.unread_count).toBe(body.notifications.length);
    expect(released[0]).toMatchObject({
      new_date: '2027-02-04',
      new_date_precision: 'day',
      old_date: null,
      read: false,
      created_at: '2027-02-04T09:00:00.000Z',
    });
    expect(JSON.stringify(body)).not.toContain('Not Yours');
  });

  it("marks some read, then all; another member's ids change nothing", async () => {
    const list = (await app.inject({ url: '/api/notifications', headers: as(member) })).json();
    const theirs = (await app.inject({ url: '/api/notifications', headers: as(other) })).json();
    const first = list.notifications[0].id;
    const one = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(member),
      payload: { ids: [first, theirs.notifications[0].id] },
    });
    expect(one.json()).toEqual({ unread_count: list.unread_count - 1 });
    expect((await app.inject({ url: '/api/notifications', headers: as(other) })).json().unread_count).toBe(
      theirs.unread_count,
    );
    const all = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(member),
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread_count: 0 });
    const after = (await app.inject({ url: '/api/notifications', headers: as(member) })).json();
    expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('refuses a bad read body with a 400 naming the field', async () => {
    for (const payload of [
      {},
      { ids: ['not-an-id'] },
      { ids: [], all: true },
      { all: false },
      { all: true, x: 1 },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: as(member),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('pauses release emails with the one-click POST of RFC 8058, no sign-in, no Origin', async () => {
    const [mail] = smtp.mails.filter((m) => m.to.includes(member.email.toLowerCase()));
    const link = mailHeader(mail!.raw, 'List-Unsubscribe')?.match(/^<([^>]+)>$/)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    // What a mail provider sends: a form-encoded POST with no cookies.
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email_paused: true });
    const profile = (await app.inject({ url: `/user/details/${member.id}`, headers: as(member) })).json();
    expect(profile.email_paused).toBe(true);
    // Opening the link in a browser asks first (mail scanners follow links).
    const get = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe${url.search}`);
  });

  it('refuses a forged or altered unsubscribe token, changing nothing', async () => {
    const before = (await app.inject({ url: `/user/details/${other.id}`, headers: as(other) })).json();
    const forged = `${Buffer.from(other.id).toString('base64url')}.${'A'.repeat(32)}`;
    for (const token of [forged, 'abc', `${Buffer.from(other.id).toString('base64url')}`]) {
      const res = await app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_TOKEN',
        message: 'This unsubscribe link is not valid.',
      });
    }
    expect((await app.inject({ url: `/user/details/${other.id}`, headers: as(other) })).json()).toEqual(
      before,
    );
  });

  it('sends a test by email to members, at most 3 per 10 minutes', async () => {
    const count = () => smtp.mails.filter((m) => m.to.includes(other.email.toLowerCase())).length;
    const before = count();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/notifications/test', headers: as(other) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ channels: ['email'] });
    }
    const limited = await app.inject({ method: 'POST', url: '/api/notifications/test', headers: as(other) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(count()).toBe(before + 3);
    expect((await app.inject({ method: 'POST', url: '/api/notifications/test' })).statusCode).toBe(401);
  });

  it('reports deliveries on /metrics in Prometheus format', async () => {
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /^releasebell_notifications_sent_total\{channel="email",kind="released"\} [1-9]\d*$/m,
    );
    expect(res.body).toMatch(/^releasebell_notifications_pending\{channel="sms",kind="reminder"\} 0$/m);
    expect(res.body).toMatch(/^releasebell_notifications_oldest_pending_age_seconds 0$/m);
    expect(res.body).toMatch(/^process_cpu_user_seconds_total /m);
  });
});

describe('the catalog writes a release event with every date it announces, moves or removes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('in the same upsert, and none for new titles or unchanged dates', async () => {
    const item = buildItem({ releaseDate: null });
    const at = (s: string) => new Date(s);
    await insertItems(app, [item], at('2027-01-01T00:00:00Z'));
    await insertItems(app, [item], at('2027-01-02T00:00:00Z'));
    await insertItems(
      app,
      [{ ...item, releaseDate: '2027-06-01', releaseDatePrecision: 'month' }],
      at('2027-01-03T00:00:00Z'),
    );
    await insertItems(
      app,
      [{ ...item, releaseDate: '2027-06-12', releaseDatePrecision: 'day' }],
      at('2027-01-04T00:00:00Z'),
    );
    await insertItems(
      app,
      [{ ...item, releaseDate: null, releaseDatePrecision: null }],
      at('2027-01-05T00:00:00Z'),
    );
    const [row] = await app.database.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.providerId, item.providerId));
    const events = await app.database.db
      .select()
      .from(releaseEvents)
      .where(eq(releaseEvents.itemId, row!.id));
    expect(
      events.map((e) => [
        e.kind,
        e.oldDate,
        e.oldPrecision,
        e.newDate,
        e.newPrecision,
        e.source,
        e.occurredAt.toISOString(),
      ]),
    ).toEqual([
      ['announced', null, null, '2027-06-01', 'month', 'test', '2027-01-03T00:00:00.000Z'],
      ['moved', '2027-06-01', 'month', '2027-06-12', 'day', 'test', '2027-01-04T00:00:00.000Z'],
      ['removed', '2027-06-12', 'day', null, null, 'test', '2027-01-05T00:00:00.000Z'],
    ]);
  });
});

describe('two app instances on one database', () => {
  let database: TestDatabase;
  let second: Awaited<ReturnType<TestDatabase['openAnother']>>;
  let apps: FastifyInstance[];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const now = new Date('2027-03-01T10:00:00Z');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await openTestDatabase();
    second = await database.openAnother();
    const env = { SMTP_URL: smtp.url };
    apps = [await buildTestApp({ database, now, env }), await buildTestApp({ database: second, now, env })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.close();
    await smtp.close();
  });

  it('send each delivery once when both plan and send at the same time', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const members = [];
    const items = [];
    for (let i = 0; i < 4; i++) {
      items.push(await insertItem(a, { releaseDate: '2027-03-01', releaseDatePrecision: 'day' }));
    }
    for (let i = 0; i < 60; i++) {
      const m = await insertMember(a, { timeZone: i % 2 ? 'Europe/London' : 'UTC', reminderDays: 0 });
      // Each member tracks one or two titles: two go out as one digest.
      await track(a, m.id, items[i % 4]!, new Date('2027-01-01T00:00:00Z'));
      if (i % 3 === 0) await track(a, m.id, items[(i + 1) % 4]!, new Date('2027-01-01T00:00:00Z'));
      members.push(m);
    }
    await Promise.all([
      a.notifications.tick(),
      b.notifications.tick(),
      a.notifications.tick(),
      b.notifications.tick(),
    ]);
    const ids = smtp.mails.map((m) => mailHeader(m.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of members) {
      expect(
        smtp.mails.filter((mail) => mail.to.includes(m.email)),
        m.email,
      ).toHaveLength(1);
    }
    const rows = await database.db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channel, 'email'));
    expect(rows).toHaveLength(80);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
  });
});

describe('the worker, on its own', () => {
  it('sends what falls due without anyone calling it: one tick per interval through pg-boss, in any process', async () => {
    const smtp = await startSmtpServer();
    const database = await openTestDatabase();
    const second = await database.openAnother();
    const now = new Date('2027-04-01T10:00:00Z');
    const env = { SMTP_URL: smtp.url, NOTIFY_WORKER: 'true', NOTIFY_INTERVAL_SECONDS: '1' };
    const apps = [
      await buildTestApp({ database, now, env }),
      await buildTestApp({ database: second, now, env }),
    ];
    try {
      const [a] = apps as [FastifyInstance];
      const item = await insertItem(a, { releaseDate: '2027-04-01', releaseDatePrecision: 'day' });
      const members = [];
      for (let i = 0; i < 5; i++) {
        const m = await insertMember(a, { timeZone: 'UTC', reminderDays: 0 });
        await track(a, m.id, item, new Date('2027-01-01T00:00:00Z'));
        members.push(m);
      }
      await Promise.all(apps.map((app) => app.ready()));
      for (const m of members) await smtp.waitFor(m.email, 1, 20_000);
      // The tick that sent them is a pg-boss job, completed once it has recorded what it sent.
      const completedTicks = async () =>
        (
          (
            await database.executeSql(
              "select count(*)::int as n from pgboss.job where name = 'notifications-tick' and state = 'completed'",
            )
          ).rows[0] as { n: number }
        ).n;
      await expect.poll(completedTicks, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(smtp.mails).toHaveLength(5);
    } finally {
      for (const app of apps) await app.close();
      await second.close();
      await database.close();
      await smtp.close();
    }
  });
});
