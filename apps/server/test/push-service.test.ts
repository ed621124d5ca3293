import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { type PushSubscription, type RequestOptions, type WebPushError } from 'web-push';
import {
  createSubscriptionKeys,
  type PushService,
  type PushSubscriptionJSON,
  startPushService,
} from './push-service';

const vapidKeys = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:alerts@example.com',
  publicKey: vapidKeys.publicKey,
  privateKey: vapidKeys.privateKey,
};

let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service?.close());

const send = (subscription: PushSubscription, payload?: string, options: RequestOptions = {}) =>
  webpush.sendNotification(subscription, payload, { vapidDetails, agent: service.agent, ...options });

/** The WebPushError a send was refused with. */
async function refusal(sending: Promise<unknown>): Promise<WebPushError> {
  const error = await sending.then(
    () => {
      throw new Error('the push service accepted the push');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(webpush.WebPushError);
  return error as WebPushError;
}

/** autopush's JSON error body; `fields` pin the reason phrase or message where a test knows them. */
const autopushError = (
  code: number,
  errno: number | null,
  fields: { error?: string; message?: string } = {},
) => ({
  code,
  errno,
  error: fields.error ?? expect.any(String),
  message: fields.message ?? expect.any(String),
  more_info: 'http://autopush.readthedocs.io/en/latest/http.html#error-codes',
});

/** A raw request, for what web-push would never send. */
function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body?: Buffer | null,
  method = 'POST',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(endpoint, { method, headers, agent: service.agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }),
      );
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** web-push's request for a push, to send tampered with. */
function details(subscription: PushSubscriptionJSON, payload?: string) {
  const { headers, body } = webpush.generateRequestDetails(subscription, payload, { vapidDetails });
  return { headers: { ...headers } as Record<string, string | number>, body };
}

/** A VAPID header signed with our key pair over hand-picked claims. */
function vapidHeader(claims: Record<string, unknown>): string {
  const point = Buffer.from(vapidKeys.publicKey, 'base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapidKeys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${input}.${signature.toString('base64url')}, k=${vapidKeys.publicKey}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe('delivery', () => {
  it('decrypts a JSON payload and records TTL, urgency, topic and the VAPID claims', async () => {
    const subscription = service.subscribe();
    const before = service.received.length;
    const message = { title: 'Dune: Part Three', body: 'Out today', url: '/titles/42', n: [1, 2] };

    const result = await send(subscription, JSON.stringify(message), {
      TTL: 3600,
      urgency: 'high',
      topic: 'release-42',
    });

    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${service.url}/m/`));
    const received = await service.waitFor(before + 1);
    expect(received.at(-1)).toEqual({
      endpoint: subscription.endpoint,
      ttl: 3600,
      urgency: 'high',
      topic: 'release-42',
      payload: message,
      vapid: {
        subject: 'mailto:alerts@example.com',
        audience: service.url,
        expiresAt: expect.any(Number),
        publicKey: vapidKeys.publicKey,
      },
    });
    const { expiresAt } = received.at(-1)!.vapid;
    expect(expiresAt).toBeGreaterThan(now());
    expect(expiresAt).toBeLessThanOrEqual(now() + 24 * 60 * 60);
  });

  it('keeps a text payload as text and a push without a body as null', async () => {
    const subscription = service.subscribe();
    await send(subscription, 'not { json');
    await send(subscription);

    const pushes = service.received.filter((p) => p.endpoint === subscription.endpoint);
    expect(pushes.map((p) => p.payload)).toEqual(['not { json', null]);
    // web-push's defaults: four weeks, normal urgency, no topic.
    expect(pushes[1]).toMatchObject({ ttl: 2419200, urgency: 'normal', topic: null });
  });

  it('takes a restricted subscription only from its application server key', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapidKeys.publicKey });
    await expect(send(subscription, '{}')).resolves.toMatchObject({ statusCode: 201 });

    const other = webpush.generateVAPIDKeys();
    const error = await refusal(send(subscription, '{}', { vapidDetails: { ...vapidDetails, ...other } }));
    expect(error.statusCode).toBe(403);
    expect(JSON.parse(error.body)).toEqual(autopushError(403, 109));
  });

  it('waitFor rejects when too few pushes arrive in time', async () => {
    await expect(service.waitFor(service.received.length + 1, 20)).rejects.toThrow(/arrived within 20 ms/);
  });
});

describe('VAPID', () => {
  it('refuses a token signed with another key than k', async () => {
    const subscription = service.subscribe();
    const before = service.received.length;
    const signer = webpush.generateVAPIDKeys();

    const error = await refusal(
      send(subscription, '{}', { vapidDetails: { ...vapidDetails, privateKey: signer.privateKey } }),
    );

    expect(error.statusCode).toBe(401);
    expect(JSON.parse(error.body)).toEqual(autopushError(401, 109, { message: 'InvalidSignature' }));
    expect(service.received).toHaveLength(before);
  });

  it('refuses a missing header, a wrong audience, a bad subject and a bad expiry', async () => {
    const subscription = service.subscribe();
    const claims = { aud: service.url, exp: now() + 3600, sub: 'mailto:alerts@example.com' };
    const cases: [Record<string, unknown> | null, string][] = [
      [null, 'Missing VAPID token'],
      [{ ...claims, aud: 'https://push.example.com' }, 'Invalid VAPID audience'],
      [{ ...claims, sub: 'alerts@example.com' }, 'Invalid VAPID subject'],
      [{ ...claims, sub: 'http://example.com/contact' }, 'Invalid VAPID subject'],
      [{ ...claims, exp: now() - 60 }, 'ExpiredSignature'],
      [{ ...claims, exp: now() + 25 * 60 * 60 }, 'The VAPID token expiration is too long'],
    ];
    for (const [jwtClaims, message] of cases) {
      const { headers } = details(subscription);
      if (jwtClaims) headers.Authorization = vapidHeader(jwtClaims);
      else delete headers.Authorization;
      const res = await post(subscription.endpoint, headers);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: autopushError(401, 109, { message }),
      });
    }

    const { headers } = details(subscription);
    headers.Authorization = vapidHeader(claims);
    expect((await post(subscription.endpoint, headers)).status).toBe(201);
  });
});

describe('failures', () => {
  it('failNext(410) rejects with a WebPushError whose statusCode is 410, once', async () => {
    const subscription = service.subscribe();
    service.failNext(subscription.endpoint, 410);

    const error = await refusal(send(subscription, '{}'));
    expect(error.statusCode).toBe(410);
    expect(error.endpoint).toBe(subscription.endpoint);
    expect(JSON.parse(error.body)).toEqual(autopushError(410, 106, { error: 'Gone' }));

    await expect(send(subscription, '{}')).resolves.toMatchObject({ statusCode: 201 });
  });

  it('429 carries Retry-After for as many times as asked', async () => {
    const subscription = service.subscribe();
    service.failNext(subscription.endpoint, 429, { retryAfter: 30, times: 2 });

    for (let i = 0; i < 2; i++) {
      const error = await refusal(send(subscription, '{}'));
      expect(error.statusCode).toBe(429);
      expect(error.headers['retry-after']).toBe('30');
      expect(JSON.parse(error.body)).toEqual(autopushError(429, null, { error: 'Too Many Requests' }));
    }
    await expect(send(subscription, '{}')).resolves.toMatchObject({ statusCode: 201 });
  });

  it('a 503 asks for a retry in two minutes, as autopush', async () => {
    const subscription = service.subscribe();
    service.failNext(subscription.endpoint, 503);
    const error = await refusal(send(subscription));
    expect(error.statusCode).toBe(503);
    expect(error.headers['retry-after']).toBe('120');
  });

  it('a forgotten subscription answers 410 from then on', async () => {
    const subscription = service.subscribe();
    service.forget(subscription.endpoint);
    for (let i = 0; i < 2; i++) {
      const error = await refusal(send(subscription, '{}'));
      expect(error.statusCode).toBe(410);
      expect(error.headers['cache-control']).toBe('max-age=86400');
    }
  });

  it('an unknown endpoint answers 404', async () => {
    const { p256dh, auth } = createSubscriptionKeys();
    const error = await refusal(
      send({ endpoint: `${service.url}/push/no-such-subscription`, keys: { p256dh, auth } }, '{}'),
    );
    expect(error.statusCode).toBe(404);
    expect(JSON.parse(error.body)).toEqual(autopushError(404, 102, { message: 'Invalid token' }));
  });
});

describe('request checks', () => {
  it('wants POST', async () => {
    const subscription = service.subscribe();
    const res = await post(subscription.endpoint, details(subscription).headers, null, 'PUT');
    expect(res.status).toBe(405);
  });

  it('wants a TTL header', async () => {
    const subscription = service.subscribe();
    const { headers, body } = details(subscription, '{}');
    delete headers.TTL;
    const res = await post(subscription.endpoint, headers, body);
    expect(res).toMatchObject({ status: 400, body: { errno: 111, message: 'Missing TTL value' } });
  });

  it('wants aes128gcm for a body', async () => {
    const subscription = service.subscribe();
    const missing = details(subscription, '{}');
    delete missing.headers['Content-Encoding'];
    expect(await post(subscription.endpoint, missing.headers, missing.body)).toMatchObject({
      status: 400,
      body: { errno: 110, message: 'Missing Content-Encoding header' },
    });

    const legacy = details(subscription, '{}');
    legacy.headers['Content-Encoding'] = 'aesgcm';
    expect((await post(subscription.endpoint, legacy.headers, legacy.body)).status).toBe(400);
  });

  it('refuses a body that does not decrypt', async () => {
    const subscription = service.subscribe();
    const { headers, body } = details(subscription, '{"a":1}');
    body![body!.length - 1]! ^= 1;
    const res = await post(subscription.endpoint, headers, body);
    expect(res).toMatchObject({ status: 400, body: { errno: 110 } });

    // Encrypted to someone else's keys.
    const stranger = { ...subscription, keys: createSubscriptionKeys() };
    const misdirected = details(stranger, '{"a":1}');
    expect((await post(subscription.endpoint, misdirected.headers, misdirected.body)).status).toBe(400);
  });

  it('takes at most 4096 bytes of body', async () => {
    const subscription = service.subscribe();
    // 3993 bytes of text make exactly 4096 bytes of body: header 86, delimiter 1, tag 16.
    await expect(send(subscription, 'x'.repeat(3993))).resolves.toMatchObject({ statusCode: 201 });
    const error = await refusal(send(subscription, 'x'.repeat(3994)));
    expect(error.statusCode).toBe(413);
    expect(JSON.parse(error.body)).toEqual(autopushError(413, 104));
  });
});

describe('createSubscriptionKeys', () => {
  it('makes a P-256 point and a 16-byte auth secret that web-push encrypts to', () => {
    const keys = createSubscriptionKeys();
    const point = Buffer.from(keys.p256dh, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(keys.auth, 'base64url')).toHaveLength(16);

    const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, 'hello', 'aes128gcm');
    expect(keys.decrypt(cipherText).toString()).toBe('hello');
    expect(() => createSubscriptionKeys().decrypt(cipherText)).toThrow();
  });

  it('decrypts several records and strips their padding', () => {
    const keys = createSubscriptionKeys();
    const text = Buffer.from('The quick brown fox jumps over the lazy dog, twice over.'.repeat(2));
    expect(keys.decrypt(encrypt(keys, text, { rs: 40, padding: 2 })).equals(text)).toBe(true);
    expect(keys.decrypt(encrypt(keys, Buffer.alloc(0), { rs: 18 }))).toHaveLength(0);
  });
});

/**
 * RFC 8291 encryption in records of `rs` bytes, zero padding in the last one: web-push only ever writes
 * a single record, so the multi-record path needs a sender of its own.
 */
function encrypt(
  keys: { p256dh: string; auth: string },
  data: Buffer,
  { rs, padding = 0 }: { rs: number; padding?: number },
): Buffer {
  const hmac = (key: Buffer, ...parts: (Buffer | string)[]) =>
    createHmac('sha256', key)
      .update(Buffer.concat(parts.map((p) => Buffer.from(p))))
      .digest();
  const sender = createECDH('prime256v1');
  const asPublic = sender.generateKeys();
  const uaPublic = Buffer.from(keys.p256dh, 'base64url');
  const salt = randomBytes(16);
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), sender.computeSecret(uaPublic));
  const ikm = hmac(prkKey, 'WebPush: info\0', uaPublic, asPublic, '\x01');
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, 'Content-Encoding: aes128gcm\0\x01').subarray(0, 16);
  const nonce = hmac(prk, 'Content-Encoding: nonce\0\x01').subarray(0, 12);

  const size = rs - 17;
  const count = Math.max(1, Math.ceil(data.length / size));
  const records: Buffer[] = [];
  for (let seq = 0; seq < count; seq++) {
    const last = seq === count - 1;
    const padded = Buffer.concat([
      data.subarray(seq * size, (seq + 1) * size),
      Buffer.of(last ? 2 : 1),
      Buffer.alloc(last ? padding : 0),
    ]);
    if (padded.length + 16 > rs) throw new Error('padding does not fit in the last record');
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const cipher = createCipheriv('aes-128-gcm', cek, iv);
    records.push(cipher.update(padded), cipher.final(), cipher.getAuthTag());
  }
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(rs, 16);
  header[20] = asPublic.length;
  return Buffer.concat([header, asPublic, ...records]);
}
