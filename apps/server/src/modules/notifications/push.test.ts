import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertItem,
  signUp,
  TEST_ORIGIN,
  TEST_VAPID_KEYS,
  type TestUser,
  track,
} from '../../../test/helpers';
import { type PushService, startPushService } from '../../../test/push-service';
import { startSmtpServer } from '../../../test/smtp';
import { notificationDeliveries, pushSubscriptions, userProfiles } from '../../db/schema';

describe('web push', () => {
  let app: FastifyInstance;
  let pushService: PushService;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date('2027-03-01T12:00:00Z');
  const logLines: string[] = [];
  const tick = async (at: string) => {
    now = new Date(at);
    await app.notifications.tick();
  };

  beforeAll(async () => {
    pushService = await startPushService();
    smtp = await startSmtpServer();
    app = await buildTestApp({
      clock: () => now,
      pushAgent: pushService.agent,
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_SETTLE_SECONDS: '0',
        CHANNEL_ALLOW_PRIVATE_HOSTS: 'true',
        LOG_LEVEL: 'warn',
      },
      logDestination: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await pushService.close();
    await smtp.close();
  });
  beforeEach(() => {
    pushService.received.length = 0;
  });

  // Each member calls from an address of their own, as the subscribe limit counts per address.
  const addresses = new Map<string, string>();
  const addressOf = (user: TestUser | null) => {
    if (!user) return '203.0.113.1';
    if (!addresses.has(user.id)) addresses.set(user.id, `198.51.100.${addresses.size + 2}`);
    return addresses.get(user.id)!;
  };
  const send = (user: TestUser | null, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
      remoteAddress: addressOf(user),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const devicesOf = (userId: string) =>
    app.database.db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));

  async function memberWithDevices(devices: number) {
    const member = await signUp(app, { register: true });
    await app.database.db
      .update(userProfiles)
      .set({ timeZone: 'UTC', reminderDays: 0 })
      .where(eq(userProfiles.userId, member.id));
    const subscriptions = [];
    for (let i = 0; i < devices; i++) {
      const subscription = pushService.subscribe({ applicationServerKey: TEST_VAPID_KEYS.publicKey });
      expect((await send(member, 'POST', '/api/push/subscriptions', subscription)).statusCode).toBe(201);
      subscriptions.push(subscription);
    }
    return { member, subscriptions };
  }

  async function releaseTrackedBy(userId: string, title: string, date = '2027-03-14') {
    const itemId = await insertItem(app, {
      mediaType: 'movies',
      title,
      releaseDate: date,
      releaseDatePrecision: 'day',
    });
    await track(app, userId, itemId, new Date('2027-02-01T00:00:00Z'));
    return itemId;
  }

  it('gives the VAPID public key to anyone, for the browser to subscribe with', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: TEST_VAPID_KEYS.publicKey });
  });

  it('takes a subscription from a signed-in member only, and refuses a malformed one naming the field', async () => {
    const subscription = pushService.subscribe();
    expect((await send(null, 'POST', '/api/push/subscriptions', subscription)).statusCode).toBe(401);
    const member = await signUp(app, { register: true });
    const bad = await send(member, 'POST', '/api/push/subscriptions', {
      ...subscription,
      keys: { ...subscription.keys, p256dh: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('keys.p256dh');
    const plain = await send(member, 'POST', '/api/push/subscriptions', {
      ...subscription,
      endpoint: subscription.endpoint.replace('https:', 'http:'),
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.details[0].field).toBe('endpoint');
    expect(
      await app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id)),
    ).toEqual([]);
  });

  it("sends each of a member's devices the release, encrypted and signed, with title, body, link and tag", async () => {
    const { member, subscriptions } = await memberWithDevices(2);
    const profile = await app.inject({
      method: 'GET',
      url: `/user/details/${member.id}`,
      headers: { cookie: member.cookie },
    });
    expect(profile.json().notification_preferences).toContain('push');
    const itemId = await releaseTrackedBy(member.id, 'Glass Harbor');

    await tick('2027-03-14T08:59:00Z');
    expect(pushService.received).toHaveLength(0);
    await tick('2027-03-14T09:00:00Z');
    const pushes = await pushService.waitFor(2);
    expect(pushes.map((p) => p.endpoint).sort()).toEqual(subscriptions.map((s) => s.endpoint).sort());
    for (const push of pushes) {
      expect(push.payload).toEqual({
        title: 'Glass Harbor',
        body: 'Glass Harbor is out today!',
        url: '/media/movies/glass-harbor',
        tag: `${itemId}:released`,
      });
      expect(push).toMatchObject({ ttl: 86_400, urgency: 'normal' });
      expect(push.topic).toMatch(/^[\w-]{32}$/);
      expect(push.vapid).toMatchObject({
        subject: 'mailto:operator@example.com',
        audience: pushService.url,
        publicKey: TEST_VAPID_KEYS.publicKey,
      });
    }
    // Once: another tick sends nothing more.
    await tick('2027-03-14T09:05:00Z');
    expect(pushService.received).toHaveLength(2);
    const rows = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, member.id), eq(notificationDeliveries.channel, 'push')));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('sends several due notices to a device as one digest push', async () => {
    const { member } = await memberWithDevices(1);
    await releaseTrackedBy(member.id, 'First Light', '2027-04-02');
    await releaseTrackedBy(member.id, 'Second Wind', '2027-04-02');
    await tick('2027-04-02T09:00:00Z');
    const [push] = await pushService.waitFor(1);
    expect(push!.payload).toEqual({
      title: 'Releasebell: 2 updates',
      body: expect.stringMatching(
        /^(First Light|Second Wind) is out today!\n(First Light|Second Wind) is out today!$/,
      ),
      url: '/watchlist',
      tag: 'digest',
    });
  });

  it('forgets a device the push service says is gone (410), and still tells the others', async () => {
    const { member, subscriptions } = await memberWithDevices(2);
    const [gone, kept] = subscriptions;
    pushService.forget(gone!.endpoint);
    await releaseTrackedBy(member.id, 'Tidewater', '2027-05-05');
    await tick('2027-05-05T09:00:00Z');
    const pushes = await pushService.waitFor(1);
    expect(pushes.map((p) => p.endpoint)).toEqual([kept!.endpoint]);
    const left = await app.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.id));
    expect(left).toEqual([{ endpoint: kept!.endpoint }]);
    const failed = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, member.id), eq(notificationDeliveries.status, 'failed')));
    expect(failed.map((f) => f.lastError)).toEqual([expect.stringMatching(/^gone: 410/)]);
  });

  it('retries a push the service refuses for now (429 with Retry-After), after the wait it asked for', async () => {
    const { member, subscriptions } = await memberWithDevices(1);
    pushService.failNext(subscriptions[0]!.endpoint, 429, { retryAfter: 600 });
    await releaseTrackedBy(member.id, 'Long Haul', '2027-06-06');
    await tick('2027-06-06T09:00:00Z');
    expect(pushService.received).toHaveLength(0);
    await tick('2027-06-06T09:09:00Z');
    expect(pushService.received).toHaveLength(0);
    await tick('2027-06-06T09:10:01Z');
    const [push] = await pushService.waitFor(1);
    expect(push!.payload).toMatchObject({ title: 'Long Haul', body: 'Long Haul is out today!' });
  });

  it('keeps push on through a profile save, which does not own it', async () => {
    const { member } = await memberWithDevices(1);
    const saved = await app.inject({
      method: 'PUT',
      url: `/user/update/${member.id}`,
      headers: { origin: TEST_ORIGIN, cookie: member.cookie },
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone_number: null,
        notification_preferences: ['email'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notification_preferences).toEqual(['email', 'push']);
  });

  it('includes push in "Send me a test notification", and stops with the last device removed', async () => {
    const { member, subscriptions } = await memberWithDevices(1);
    const test = await send(member, 'POST', '/api/notifications/test');
    expect(test.statusCode).toBe(200);
    expect(test.json().channels).toEqual(['email', 'push']);
    const [push] = await pushService.waitFor(1);
    expect(push!.payload).toMatchObject({ title: 'Releasebell', url: '/profile', tag: 'test' });

    const removed = await send(member, 'DELETE', '/api/push/subscriptions', {
      endpoint: subscriptions[0]!.endpoint,
    });
    expect(removed.statusCode).toBe(204);
    const profile = await app.inject({
      method: 'GET',
      url: `/user/details/${member.id}`,
      headers: { cookie: member.cookie },
    });
    expect(profile.json().notification_preferences).toEqual(['email']);
    await releaseTrackedBy(member.id, 'Quiet Night', '2027-07-07');
    await tick('2027-07-07T09:00:00Z');
    expect(pushService.received).toHaveLength(1);
  });

  it('keeps a member to 10 devices: an 11th replaces the oldest, the same one again replaces none', async () => {
    const member = await signUp(app, { register: true });
    const subscriptions = [];
    for (let i = 0; i < 11; i++) {
      // A minute apart, so "oldest" is plain.
      now = new Date(now.getTime() + 60_000);
      const subscription = pushService.subscribe({ applicationServerKey: TEST_VAPID_KEYS.publicKey });
      expect((await send(member, 'POST', '/api/push/subscriptions', subscription)).statusCode).toBe(201);
      subscriptions.push(subscription);
    }
    const newest = subscriptions.slice(1).map((s) => s.endpoint);
    expect((await devicesOf(member.id)).map((d) => d.endpoint).sort()).toEqual([...newest].sort());

    now = new Date(now.getTime() + 60_000);
    expect((await send(member, 'POST', '/api/push/subscriptions', subscriptions[5])).statusCode).toBe(201);
    expect((await devicesOf(member.id)).map((d) => d.endpoint).sort()).toEqual([...newest].sort());
  });

  it("refuses another member an endpoint that is someone's device; the owner's pushes and removal still work", async () => {
    const { member: owner, subscriptions } = await memberWithDevices(1);
    const device = subscriptions[0]!;
    const other = await signUp(app, { register: true });

    const taken = await send(other, 'POST', '/api/push/subscriptions', device);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'PUSH_ENDPOINT_TAKEN',
      message: 'This device already gets push notifications for another account.',
    });
    // Nor with keys of their own: the endpoint stays the owner's, with the owner's keys.
    const ownKeys = pushService.subscribe().keys;
    expect(
      (await send(other, 'POST', '/api/push/subscriptions', { ...device, keys: ownKeys })).statusCode,
    ).toBe(409);
    expect(
      (await send(other, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint })).statusCode,
    ).toBe(204);
    expect(await devicesOf(owner.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh }]);
    expect(await devicesOf(other.id)).toEqual([]);

    await releaseTrackedBy(owner.id, 'Still Mine', '2027-08-08');
    await tick('2027-08-08T09:00:00Z');
    const [push] = await pushService.waitFor(1);
    expect(push).toMatchObject({ endpoint: device.endpoint, payload: { title: 'Still Mine' } });

    expect(
      (await send(owner, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint })).statusCode,
    ).toBe(204);
    expect(await devicesOf(owner.id)).toEqual([]);
  });

  it("sends a test to the member's 10 newest devices, 4 at a time, and a release to those 10", async () => {
    const member = await signUp(app, { register: true });
    // Twelve devices from before the cap, written as they were, oldest first.
    const subscriptions = [];
    for (let i = 0; i < 12; i++) {
      const subscription = pushService.subscribe({ applicationServerKey: TEST_VAPID_KEYS.publicKey });
      await app.database.db.insert(pushSubscriptions).values({
        userId: member.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        createdAt: new Date(Date.UTC(2027, 0, 1 + i)),
      });
      subscriptions.push(subscription);
    }
    await app.database.db
      .update(userProfiles)
      .set({ timeZone: 'UTC', reminderDays: 0, notificationPreferences: ['email', 'push'] })
      .where(eq(userProfiles.userId, member.id));
    const newest = subscriptions
      .slice(2)
      .map((s) => s.endpoint)
      .sort();

    pushService.takePeakOpen();
    const test = await send(member, 'POST', '/api/notifications/test');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().channels).toEqual(['email', 'push']);
    expect(pushService.received.map((p) => p.endpoint).sort()).toEqual(newest);
    expect(pushService.takePeakOpen()).toBe(4);

    pushService.received.length = 0;
    await releaseTrackedBy(member.id, 'Many Screens', '2027-09-09');
    await tick('2027-09-09T09:00:00Z');
    await pushService.waitFor(10);
    const rows = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, member.id), eq(notificationDeliveries.channel, 'push')));
    expect(rows).toHaveLength(10);
    expect(pushService.received.map((p) => p.endpoint).sort()).toEqual(newest);
  });

  it('does not count push as sent when no device is left to get the test', async () => {
    // The browser unsubscribed: a release finds its device gone (410) and forgets it, push staying on.
    const { member, subscriptions } = await memberWithDevices(1);
    pushService.forget(subscriptions[0]!.endpoint);
    await releaseTrackedBy(member.id, 'Nobody Home', '2027-10-10');
    await tick('2027-10-10T09:00:00Z');
    expect(await devicesOf(member.id)).toEqual([]);
    const test = await send(member, 'POST', '/api/notifications/test');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ channels: ['email'] });

    // Found gone by the test itself: the same, not a failure.
    const { member: another, subscriptions: theirs } = await memberWithDevices(1);
    pushService.forget(theirs[0]!.endpoint);
    const again = await send(another, 'POST', '/api/notifications/test');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ channels: ['email'] });
    expect(await devicesOf(another.id)).toEqual([]);
    expect(pushService.received).toEqual([]);
  });

  it("tells the member a device's push service could not be reached, and keeps the raw error for the log", async () => {
    // A port that was just closed: connecting is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const member = await signUp(app, { register: true });
    const { keys } = pushService.subscribe();
    const endpoint = `https://127.0.0.1:${port}/push/unreachable`;
    expect((await send(member, 'POST', '/api/push/subscriptions', { endpoint, keys })).statusCode).toBe(201);
    logLines.length = 0;
    const test = await send(member, 'POST', '/api/notifications/test');
    expect(test.statusCode).toBe(502);
    expect(test.json().error).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'The test could not be sent by push (the push service could not be reached).',
    });
    expect(
      logLines.filter((l) => l.includes('ECONNREFUSED') && l.includes(`127.0.0.1:${port}`)),
    ).toHaveLength(1);
    expect((await send(member, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(204);
  });
});

describe('web push without VAPID keys on a shared database', () => {
  it('is off: the key answers 404 with why, the start says so once, and subscribing is refused', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({
      env: {
        VAPID_PUBLIC_KEY: '',
        VAPID_PRIVATE_KEY: '',
        // As with PostgreSQL: every process must sign alike, so no pair is made on the side.
        DATABASE_URL: 'postgres://releasebell@127.0.0.1:5432/unused',
        LOG_LEVEL: 'warn',
      },
      logDestination: { write: (line) => lines.push(line) },
    });
    try {
      const key = await app.inject({ method: 'GET', url: '/api/push/key' });
      expect(key.statusCode).toBe(404);
      expect(key.json().error).toEqual({
        code: 'PUSH_NOT_CONFIGURED',
        message: 'Push notifications are not set up on this server.',
      });
      expect(lines.filter((l) => l.includes('push notifications are off'))).toHaveLength(1);
      const member = await signUp(app, { register: true });
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { origin: TEST_ORIGIN, cookie: member.cookie },
        payload: {
          endpoint: 'https://push.example.net/x',
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
