import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatReceivers, startChatReceivers, verifySignature } from '../../../test/chat-receivers';
import { buildTestApp, insertItem, signUp, TEST_ORIGIN, type TestUser, track } from '../../../test/helpers';
import {
  channelAttempts,
  memberServiceProviders,
  memberServices,
  notificationDeliveries,
  titleOffers,
  userProfiles,
  watchProviders,
} from '../../db/schema';

const SECRET = 'a-webhook-secret-of-some-length';

describe('Discord, ntfy and webhook channels', () => {
  let app: FastifyInstance;
  let chat: ChatReceivers;
  let now = new Date('2027-03-01T12:00:00Z');
  const logLines: string[] = [];
  const unixSeconds = (at: string) => Date.parse(at) / 1000;
  const tick = async (at: string) => {
    now = new Date(at);
    await app.notifications.tick();
  };
  // Each member calls from an address of their own, as the limits count per address.
  const addresses = new Map<string, string>();
  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
      remoteAddress: (user && addresses.get(user.id)) ?? '203.0.113.1',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    chat = await startChatReceivers();
    app = await buildTestApp({
      clock: () => now,
      env: { NOTIFY_SETTLE_SECONDS: '0', CHANNEL_ALLOW_PRIVATE_HOSTS: 'true', LOG_LEVEL: 'info' },
      logDestination: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await chat.close();
  });
  beforeEach(() => {
    chat.received.discord.length = 0;
    chat.received.ntfy.length = 0;
    chat.received.webhook.length = 0;
  });

  async function member() {
    const user = await signUp(app, { register: true });
    addresses.set(user.id, `198.51.100.${addresses.size + 2}`);
    await app.database.db
      .update(userProfiles)
      .set({ timeZone: 'UTC', reminderDays: 0 })
      .where(eq(userProfiles.userId, user.id));
    return user;
  }
  async function add(user: TestUser, body: Record<string, unknown>) {
    const res = await call(user, 'POST', '/api/channels', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; target: string };
  }
  async function release(userId: string, title: string, date: string) {
    const itemId = await insertItem(app, {
      mediaType: 'movies',
      title,
      director: 'Mara Quill',
      creator: 'Mara Quill',
      creatorLabel: 'Director',
      image: '/proxy-image/tmdb/w500/glass-harbor.jpg',
      releaseDate: date,
      releaseDatePrecision: 'day',
    });
    await track(app, userId, itemId, new Date('2027-02-01T00:00:00Z'));
    return itemId;
  }

  it('posts a release to each kind in its own format: an embed, an ntfy message, a signed JSON event', async () => {
    const user = await member();
    const discordUrl = chat.discordWebhook();
    const topic = `releases-${Date.now()}`;
    await add(user, { type: 'discord', url: discordUrl });
    await add(user, { type: 'ntfy', url: chat.ntfyTopicUrl(topic) });
    const hook = await add(user, { type: 'webhook', url: chat.webhookUrl('mine'), secret: SECRET });
    const itemId = await release(user.id, 'Glass Harbor', '2027-03-14');
    await tick('2027-03-14T09:00:00Z');
    const [discord] = await chat.waitFor('discord', 1);
    const [ntfy] = await chat.waitFor('ntfy', 1);
    const [webhook] = await chat.waitFor('webhook', 1);

    const [embed] = discord!.body.embeds!;
    expect(discord!.body.username).toBe('Releasebell');
    expect(discord!.body.allowed_mentions).toEqual({ parse: [] });
    expect(embed).toMatchObject({
      title: 'Glass Harbor',
      description: 'Glass Harbor is out today!',
      url: `${TEST_ORIGIN}/media/movies/glass-harbor`,
      fields: [{ name: 'Release date', value: 'Mar 14, 2027', inline: true }],
      thumbnail: { url: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/proxy-image/`)) },
      footer: { text: 'Releasebell' },
    });

    expect(ntfy).toMatchObject({
      topic,
      title: 'Glass Harbor',
      message: 'Glass Harbor is out today!',
      tags: ['bell'],
      click: `${TEST_ORIGIN}/media/movies/glass-harbor`,
      attach: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/proxy-image/`)),
    });

    // Signed with the time it was sent (the app's clock) and the body together.
    const signature = webhook!.headers['x-releasebell-signature'] as string;
    expect(signature).toMatch(new RegExp(`^t=${unixSeconds('2027-03-14T09:00:00Z')},v1=[0-9a-f]{64}$`));
    expect(verifySignature(webhook!.body, signature, SECRET, now)).toBe(true);
    expect(verifySignature(webhook!.body, signature, 'wrong', now)).toBe(false);
    // The same delivery replayed more than 5 minutes later is refused by a receiver that checks the time.
    expect(verifySignature(webhook!.body, signature, SECRET, new Date(now.getTime() + 301_000))).toBe(false);
    const [delivery] = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.targetId, hook.id));
    expect(webhook!.headers['x-releasebell-delivery']).toBe(delivery!.id);
    expect(webhook!.headers['x-releasebell-event']).toBe('released');
    expect(webhook!.json).toEqual({
      kind: 'released',
      item: {
        id: itemId,
        title: 'Glass Harbor',
        media_type: 'movies',
        slug: 'glass-harbor',
        creator: 'Mara Quill',
        release_date: '2027-03-14',
        release_date_precision: 'day',
        image: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/proxy-image/`)),
      },
      old_date: null,
      new_date: '2027-03-14',
      reminder_days: null,
      message: 'Glass Harbor is out today!',
      locale: 'en-US',
      url: `${TEST_ORIGIN}/media/movies/glass-harbor`,
      sent_at: '2027-03-14T09:00:00.000Z',
    });

    const list = (await call(user, 'GET', '/api/channels')).json();
    expect(
      list.channels.map((c: { type: string; last_delivery: { status: string } }) => [
        c.type,
        c.last_delivery.status,
      ]),
    ).toEqual([
      ['discord', 'sent'],
      ['ntfy', 'sent'],
      ['webhook', 'sent'],
    ]);
  });

  it("tells of a title arriving on a member's service: the service and the kind of offer in the event", async () => {
    const user = await member();
    await add(user, { type: 'discord', url: chat.discordWebhook() });
    await add(user, { type: 'webhook', url: chat.webhookUrl('mine'), secret: SECRET });
    const itemId = await release(user.id, 'Salt Cartography', '2027-01-20');
    const at = new Date('2027-02-10T12:00:00Z');
    const db = app.database.db;
    await db.insert(memberServices).values({ userId: user.id, region: 'GB', regionSince: at, updatedAt: at });
    await db.insert(memberServiceProviders).values({ userId: user.id, providerId: 8, addedAt: at });
    await db
      .insert(watchProviders)
      .values({ providerId: 8, name: 'Netflix', logoPath: '/netflix.jpg', updatedAt: at })
      .onConflictDoNothing();
    const arrived = new Date('2027-03-02T08:00:00Z');
    await db.insert(titleOffers).values({
      itemId,
      country: 'GB',
      providerId: 8,
      type: 'flatrate',
      since: arrived,
      seenAt: arrived,
    });
    await tick('2027-03-02T09:00:00Z');
    const [discord] = await chat.waitFor('discord', 1);
    const [webhook] = await chat.waitFor('webhook', 1);
    expect(discord!.body.embeds![0]!.description).toBe('Salt Cartography is now streaming on Netflix.');
    expect(webhook!.headers['x-releasebell-event']).toBe('available');
    expect(webhook!.json).toMatchObject({
      kind: 'available',
      item: { id: itemId, title: 'Salt Cartography' },
      provider: { id: 8, name: 'Netflix' },
      offer_type: 'flatrate',
    });
    // Once per title and service: the next tick finds nothing more to say.
    await tick('2027-03-02T10:00:00Z');
    expect(chat.received.webhook).toHaveLength(1);
  });

  it('retries a webhook after a 5xx with the same delivery id, and Discord after a 429 when it said', async () => {
    const user = await member();
    const hookUrl = chat.webhookUrl('flaky');
    const discordUrl = chat.discordWebhook();
    await add(user, { type: 'webhook', url: hookUrl, secret: SECRET });
    await add(user, { type: 'discord', url: discordUrl });
    chat.failNext(hookUrl, 503);
    chat.failNext(discordUrl, 429, { retryAfter: 120 });
    await release(user.id, 'Tidewater', '2027-04-04');
    await tick('2027-04-04T09:00:00Z');
    expect(chat.hits(hookUrl)).toBe(1);
    expect(chat.received.webhook).toHaveLength(0);
    // The webhook's backoff (about 30 s) is over; Discord's 120 s is not.
    await tick('2027-04-04T09:01:00Z');
    const [retried] = await chat.waitFor('webhook', 1);
    expect(chat.received.discord).toHaveLength(0);
    const rows = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channel, 'webhook'));
    const row = rows.find((r) => r.userId === user.id)!;
    expect(retried!.headers['x-releasebell-delivery']).toBe(row.id);
    // Each attempt is signed at its own time.
    expect(retried!.headers['x-releasebell-signature']).toMatch(
      new RegExp(`^t=${unixSeconds('2027-04-04T09:01:00Z')},v1=`),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    await tick('2027-04-04T09:02:01Z');
    await chat.waitFor('discord', 1);
  });

  it('turns a channel off on a 4xx (a deleted Discord webhook), says why, and a working test turns it on again', async () => {
    const user = await member();
    const discordUrl = chat.discordWebhook();
    const hook = await add(user, { type: 'discord', url: discordUrl });
    chat.deleteDiscordWebhook(discordUrl);
    await release(user.id, 'Gone Quiet', '2027-05-05');
    await tick('2027-05-05T09:00:00Z');
    const [listed] = (await call(user, 'GET', '/api/channels')).json().channels;
    expect(listed.disabled).toEqual({ at: '2027-05-05T09:00:00.000Z', reason: '404 Unknown Webhook' });
    expect(listed.last_delivery).toEqual({
      status: 'failed',
      at: '2027-05-05T09:00:00.000Z',
      error: '404 Unknown Webhook',
    });

    // Off: the next release is not posted.
    await release(user.id, 'Next One', '2027-05-06');
    await tick('2027-05-06T09:00:00Z');
    expect(chat.hits(discordUrl)).toBe(1);

    const log = (await call(user, 'GET', `/api/channels/${hook.id}/deliveries`)).json();
    expect(log.deliveries).toEqual([
      {
        kind: 'released',
        title: 'Gone Quiet',
        status: 'failed',
        http_status: 404,
        error: '404 Unknown Webhook',
        at: '2027-05-05T09:00:00.000Z',
      },
    ]);

    const fixed = chat.discordWebhook();
    const other = await add(user, { type: 'discord', url: fixed });
    const test = await call(user, 'POST', `/api/channels/${other.id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ status: 'sent', http_status: 200, error: null });
    const [posted] = await chat.waitFor('discord', 1);
    expect(posted!.body.embeds![0]).toMatchObject({ title: 'Releasebell test' });

    // Pressed from a page in German: the test speaks German.
    const german = await app.inject({
      method: 'POST',
      url: `/api/channels/${other.id}/test`,
      headers: { origin: TEST_ORIGIN, cookie: `${user.cookie}; rb_locale=de` },
      remoteAddress: addresses.get(user.id) ?? '203.0.113.1',
    });
    expect(german.statusCode).toBe(200);
    const [, again] = await chat.waitFor('discord', 2);
    expect(again!.body.embeds![0]!.description).toMatch(/^Testbenachrichtigung/);
  });

  it('stops posting to a channel as soon as it is turned off, even within one batch', async () => {
    const user = await member();
    const discordUrl = chat.discordWebhook();
    await add(user, { type: 'discord', url: discordUrl });
    chat.deleteDiscordWebhook(discordUrl);
    await release(user.id, 'Twin One', '2027-08-08');
    await release(user.id, 'Twin Two', '2027-08-08');
    await tick('2027-08-08T09:00:00Z');
    expect(chat.hits(discordUrl)).toBe(1);
    const rows = await app.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    const discordRows = rows.filter((r) => r.channel === 'discord');
    expect(discordRows.map((r) => [r.status, r.lastError?.split(':')[0]]).sort()).toEqual([
      ['failed', 'channel_off'],
      ['failed', 'discord_404'],
    ]);
  });

  it("says why in the service's own words: a JSON error's message, or HTTP and the status", async () => {
    const user = await member();
    const jsonUrl = chat.webhookUrl('json-error');
    const htmlUrl = chat.webhookUrl('html-error');
    const json = await add(user, { type: 'webhook', url: jsonUrl, secret: SECRET });
    const html = await add(user, { type: 'webhook', url: htmlUrl, secret: SECRET });
    chat.failNext(jsonUrl, 410, { body: '{"error":{"code":"GONE","message":"This hook was deleted"}}' });
    chat.failNext(htmlUrl, 403, { body: '<html><body>Forbidden</body></html>' });
    expect((await call(user, 'POST', `/api/channels/${json.id}/test`)).json()).toEqual({
      status: 'failed',
      http_status: 410,
      error: '410 This hook was deleted',
    });
    expect((await call(user, 'POST', `/api/channels/${html.id}/test`)).json().error).toBe('HTTP 403');
  });

  it('keeps channels to their member: 404 for another member, 401 for a visitor, at most 5', async () => {
    const owner = await member();
    const stranger = await member();
    const hook = await add(owner, { type: 'ntfy', url: chat.ntfyTopicUrl() });
    for (const [method, path] of [
      ['DELETE', `/api/channels/${hook.id}`],
      ['POST', `/api/channels/${hook.id}/test`],
      ['GET', `/api/channels/${hook.id}/deliveries`],
    ] as const) {
      expect((await call(stranger, method, path)).statusCode).toBe(404);
      expect((await call(null, method, path)).statusCode).toBe(401);
    }
    expect((await call(null, 'GET', '/api/channels')).statusCode).toBe(401);
    expect((await call(stranger, 'GET', '/api/channels')).json()).toEqual({ channels: [] });
    for (let i = 0; i < 4; i++) await add(owner, { type: 'ntfy', url: chat.ntfyTopicUrl() });
    const sixth = await call(owner, 'POST', '/api/channels', { type: 'ntfy', url: chat.ntfyTopicUrl() });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('TOO_MANY_CHANNELS');
    expect((await call(owner, 'DELETE', `/api/channels/${hook.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/api/channels')).json().channels).toHaveLength(4);
  });

  it('limits channel tests per member, whichever address they come from', async () => {
    const user = await member();
    const url = chat.webhookUrl('tested-often');
    const hook = await add(user, { type: 'webhook', url, secret: SECRET });
    const testFrom = (address: string) =>
      app.inject({
        method: 'POST',
        url: `/api/channels/${hook.id}/test`,
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) expect((await testFrom(`192.0.2.${i + 1}`)).json().status).toBe('sent');
    const limited = await testFrom('192.0.2.100');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'You sent several channel tests just now. Try again in a minute.',
    });
    expect(limited.headers['retry-after']).toBe('60');
    expect(chat.hits(url)).toBe(5);
    now = new Date(now.getTime() + 60_000);
    expect((await testFrom('192.0.2.101')).json().status).toBe('sent');
  });

  it('tells the member an address could not be reached in words, the raw error only in the log', async () => {
    // A port that was just closed: connecting is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const user = await member();
    const hook = await add(user, {
      type: 'webhook',
      url: `http://127.0.0.1:${port}/hooks/nobody`,
      secret: SECRET,
    });
    // And a row written before these sentences, with the errno as it was kept.
    await app.database.db.insert(channelAttempts).values({
      channelId: hook.id,
      kind: 'released',
      title: 'Older',
      status: 'retry',
      httpStatus: null,
      error: 'EHOSTUNREACH',
      at: new Date(now.getTime() - 60_000),
    });

    logLines.length = 0;
    const test = await call(user, 'POST', `/api/channels/${hook.id}/test`);
    expect(test.json()).toEqual({
      status: 'retry',
      http_status: null,
      error: 'Could not reach that address.',
    });
    const [listed] = (await call(user, 'GET', '/api/channels')).json().channels;
    expect(listed.last_delivery.error).toBe('Could not reach that address.');
    const log = (await call(user, 'GET', `/api/channels/${hook.id}/deliveries`)).json();
    expect(log.deliveries.map((d: { error: string }) => d.error)).toEqual([
      'Could not reach that address.',
      'Could not reach that address.',
    ]);
    expect(
      logLines.filter((l) => l.includes('channel test got no answer') && l.includes('ECONNREFUSED')),
    ).toHaveLength(1);
    // The same log, read by a member whose page is in German.
    const german = await app.inject({
      url: `/api/channels/${hook.id}/deliveries`,
      headers: { cookie: `${user.cookie}; rb_locale=de` },
      remoteAddress: addresses.get(user.id) ?? '203.0.113.1',
    });
    expect(german.json().deliveries.map((d: { error: string }) => d.error)).toEqual([
      'Diese Adresse war nicht erreichbar.',
      'Diese Adresse war nicht erreichbar.',
    ]);
  });

  it('masks the secret parts of a URL in the list', async () => {
    const user = await member();
    const discordUrl = chat.discordWebhook();
    const token = discordUrl.split('/').pop()!;
    const listed = await add(user, { type: 'discord', url: discordUrl });
    expect(listed.target).not.toContain(token);
    expect(listed.target).toMatch(/\/api\/webhooks\/\d+\/…$/);
    const ntfy = await add(user, { type: 'ntfy', url: chat.ntfyTopicUrl('secret-topic-name') });
    expect(ntfy.target).toBe(`${chat.url}/sec…`);
    const hook = await add(user, {
      type: 'webhook',
      url: `${chat.webhookUrl('x')}?key=hunter2hunter2`,
      secret: SECRET,
    });
    expect(hook.target).toBe(`${chat.url}/hooks/x?key=…`);
  });

  it.each([
    [{ type: 'slack', url: 'https://hooks.slack.com/x' }, 'type'],
    [{ type: 'discord', url: 'https://example.com/not/a/webhook' }, 'url'],
    [{ type: 'ntfy', url: 'ftp://ntfy.sh/topic' }, 'url'],
    [{ type: 'ntfy', url: 'https://ntfy.sh/bad.topic' }, 'url'],
    [{ type: 'webhook', url: 'https://example.com/hook' }, 'secret'],
    [{ type: 'webhook', url: 'https://example.com/hook', secret: 'short' }, 'secret'],
    [{ type: 'webhook', url: 'not a url', secret: SECRET }, 'url'],
    [
      {
        type: 'discord',
        url: 'https://discord.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz',
        secret: SECRET,
      },
      'secret',
    ],
  ])('refuses %j with a 400 naming %s, adding nothing', async (body, field) => {
    const user = await member();
    const res = await call(user, 'POST', '/api/channels', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await call(user, 'GET', '/api/channels')).json().channels).toEqual([]);
  });
});

describe('channel URLs on a public install', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['http://hooks.example.com/x', 'must be an https URL'],
    ['https://127.0.0.1/hook', 'must be a public address'],
    ['https://[::1]/hook', 'must be a public address'],
    ['https://10.1.2.3/hook', 'must be a public address'],
    ['https://localhost/hook', 'must be a public address'],
    ['https://user:pass@hooks.example.com/x', 'must not carry a user name or password'],
  ])('refuses %s: %s', async (url, message) => {
    const user = await signUp(app, { register: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/channels',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { type: 'webhook', url, secret: SECRET },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'url', message }]);
  });
});
