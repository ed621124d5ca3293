/**
 * A local stand-in for a browser push service (what a PushSubscription's endpoint points at: FCM, Mozilla
 * autopush, ...): an HTTPS server on 127.0.0.1 that checks what an application server sends the way a real
 * push service does and decrypts the payload the way the browser would.
 *
 * Followed:
 * - RFC 8030 (Generic Event Delivery Using HTTP Push): POST to the subscription resource, the TTL header
 *   (required), Urgency and Topic, and 201 Created with a Location for the accepted message.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<ES256 JWT>, k=<P-256 public key>`; `aud` is the endpoint's
 *   origin, `exp` at most 24 h ahead, `sub` a mailto: or https: URL. A subscription made with an
 *   applicationServerKey only takes pushes signed by that key, a mismatch answering 403 (section 4.2, as FCM).
 * - RFC 8291 (Message Encryption for Web Push) over RFC 8188 (the aes128gcm content coding).
 * - Error statuses, errnos, messages and the JSON error body as Mozilla autopush (autopush-rs autoendpoint:
 *   src/error.rs, headers/vapid.rs, extractors/subscription.rs and notification_headers.rs): 404 errno 102
 *   for an unknown endpoint, 410 errno 106 (with Cache-Control max-age=86400) for a dropped one, 401 errno
 *   109 for any VAPID problem, 400 errno 110 for encryption and 111 for a missing TTL, 413 errno 104 past
 *   4096 bytes of body, 503 with Retry-After: 120.
 *
 * Assumed (autopush has no equivalent): the message for a bad `sub`, and a 400 for a body that does not
 * decrypt (a real service forwards it and the browser drops it silently; a test wants to hear about it).
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { Agent, type AgentOptions } from 'node:https';
import { startHttpsServer } from './tls';

/** What the browser hands the application server: `PushSubscription.toJSON()`. */
export interface PushSubscriptionJSON {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A browser's subscription key material; the private half stays inside `decrypt`. */
export interface SubscriptionKeys {
  /** base64url of the uncompressed 65-byte P-256 public point. */
  p256dh: string;
  /** base64url of the 16-byte auth secret. */
  auth: string;
  /** Decrypts an RFC 8291 aes128gcm message body sent to these keys; throws when it does not decrypt. */
  decrypt(body: Uint8Array): Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The decrypted text, JSON-parsed when it is JSON; null when the push had no body. */
  payload: unknown;
  vapid: { subject: string; audience: string; expiresAt: number; publicKey: string };
}

export interface FailOptions {
  /** Seconds, sent as the Retry-After header. */
  retryAfter?: number;
  /** How many of the next requests fail; default 1. */
  times?: number;
}

export interface PushService {
  /** https://127.0.0.1:PORT */
  url: string;
  /** The self-signed certificate's PEM file, for NODE_EXTRA_CA_CERTS in other processes. */
  caPath: string;
  /** The certificate's PEM text. */
  ca: string;
  /** Trusts the certificate; pass it as web-push's `agent` option. */
  agent: Agent;
  /**
   * A new subscription, as `PushSubscription.toJSON()` gives it. With `applicationServerKey` (base64url, as
   * passed to `pushManager.subscribe`) only pushes whose VAPID key is that key are accepted.
   */
  subscribe(options?: { applicationServerKey?: string }): PushSubscriptionJSON;
  /** Every push accepted so far, oldest first. */
  received: ReceivedPush[];
  /** The next request(s) to `endpoint` get `status` with autopush's error body. */
  failNext(endpoint: string, status: number, options?: FailOptions): void;
  /** Unsubscribes `endpoint`: it answers 410 Gone from now on. */
  forget(endpoint: string): void;
  /** Resolves with `received` once it holds at least `n` pushes; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /**
   * The most pushes the application server had open at once through `agent` since the last call: the
   * connections it opened (one per request, as the agent keeps none alive) less the requests answered.
   * An opening is counted when the client asks for it and an answer before it is written, so the
   * figure is exact for a client that waits for answers and never less than the truth otherwise.
   * Call it when no push is under way; it starts the count again.
   */
  takePeakOpen(): number;
  close(): Promise<void>;
}

/** An https agent that reports each connection it opens, when the client asks for it. */
class CountingAgent extends Agent {
  readonly #opened: () => void;
  constructor(options: AgentOptions, opened: () => void) {
    super(options);
    this.#opened = opened;
  }
  override createConnection(...args: Parameters<Agent['createConnection']>) {
    this.#opened();
    return super.createConnection(...args);
  }
}

const MAX_BODY_BYTES = 4096;
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
const ERROR_URL = 'http://autopush.readthedocs.io/en/latest/http.html#error-codes';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

// ---------------------------------------------------------------------------------------------------
// RFC 8291 / RFC 8188 decryption
// ---------------------------------------------------------------------------------------------------

const hmac = (key: Uint8Array, data: Uint8Array) => createHmac('sha256', key).update(data).digest();
const utf8 = (text: string) => Buffer.from(text, 'utf8');

export function createSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt: (body) =>
      decryptAes128gcm(Buffer.from(body), (asPublic) => ecdh.computeSecret(asPublic), {
        uaPublic,
        authSecret,
      }),
  };
}

function decryptAes128gcm(
  body: Buffer,
  agree: (asPublic: Buffer) => Buffer,
  { uaPublic, authSecret }: { uaPublic: Buffer; authSecret: Buffer },
): Buffer {
  // Header: salt(16) | rs(uint32 BE) | idlen(1) | keyid(idlen), the keyid being the sender's public key.
  if (body.length < 21) throw new Error('truncated aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (rs < 18) throw new Error(`record size ${rs} is below the minimum of 18`);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not the sender's 65-byte public key`);
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (asPublic.length !== 65 || records.length === 0) throw new Error('truncated aes128gcm body');

  const ecdhSecret = agree(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([utf8('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.of(1)]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([utf8('Content-Encoding: aes128gcm\0'), Buffer.of(1)])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([utf8('Content-Encoding: nonce\0'), Buffer.of(1)])).subarray(0, 12);

  const plaintext: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    const last = offset + rs >= records.length;
    // At least the 16-byte tag and the padding delimiter.
    if (record.length < 17) throw new Error(`record ${seq} is too short`);
    const decipher = createDecipheriv('aes-128-gcm', cek, recordNonce(nonce, seq));
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`record ${seq} has a wrong padding delimiter`);
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

/** The record's nonce: the base nonce XOR the record's sequence number (96-bit big-endian). */
function recordNonce(nonce: Buffer, seq: number): Buffer {
  const iv = Buffer.from(nonce);
  let rest = seq;
  for (let i = iv.length - 1; i >= 0 && rest > 0; i--) {
    iv[i]! ^= rest % 256;
    rest = Math.floor(rest / 256);
  }
  return iv;
}

// ---------------------------------------------------------------------------------------------------
// VAPID (RFC 8292)
// ---------------------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errno: number | null,
    message: string,
  ) {
    super(message);
  }
}

const vapidError = (message: string, status = 401) => new ApiError(status, 109, message);

/** The raw uncompressed P-256 point as a KeyObject, by way of its JWK. */
function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw vapidError('Invalid VAPID public key');
  try {
    return createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
    });
  } catch {
    throw vapidError('Invalid VAPID public key');
  }
}

function parseJson(segment: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/**
 * Checks `Authorization: vapid t=..., k=...` for `audience` and returns its claims. The messages are
 * autopush's (its JWT library's error kinds for the token itself).
 */
function verifyVapid(header: string | undefined, audience: string, applicationServerKey: string | null) {
  if (!header) throw vapidError('Missing VAPID token');
  const space = header.indexOf(' ');
  if (space < 0) throw vapidError('Missing VAPID token');
  if (header.slice(0, space).toLowerCase() !== 'vapid') throw vapidError('Unknown auth scheme');
  const params = new Map<string, string>();
  const data = header.slice(space + 1).replaceAll(' ', '');
  for (const part of data.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const k = params.get('k');
  const t = params.get('t');
  if (!k) throw vapidError('Missing VAPID public key');
  if (!t) throw vapidError('Missing VAPID token');
  const publicKey = k.replace(/=+$/, '');
  if (!BASE64URL.test(publicKey)) throw vapidError('Invalid VAPID public key');
  if (applicationServerKey !== null && publicKey !== applicationServerKey)
    throw vapidError('VAPID public key mismatch', 403);
  const key = p256PublicKey(Buffer.from(publicKey, 'base64url'));

  const segments = t.split('.');
  if (segments.length !== 3 || !segments.every((s) => BASE64URL.test(s))) throw vapidError('InvalidToken');
  const [head, body, signature] = segments as [string, string, string];
  let jose: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    jose = parseJson(head);
    claims = parseJson(body);
  } catch {
    throw vapidError('InvalidToken');
  }
  if (jose.alg !== 'ES256') throw vapidError('InvalidAlgorithm');
  // JWS carries ES256 signatures as raw r || s, not DER.
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw vapidError('InvalidSignature');

  const { aud, exp, sub } = claims;
  const now = Math.floor(Date.now() / 1000);
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw vapidError('MissingRequiredClaim');
  if (exp <= now) throw vapidError('ExpiredSignature');
  if (exp > now + MAX_VAPID_LIFETIME_S) throw vapidError('The VAPID token expiration is too long');
  if (aud !== audience) throw vapidError('Invalid VAPID audience');
  if (typeof sub !== 'string' || !isContactUrl(sub)) throw vapidError('Invalid VAPID subject');
  return { subject: sub, audience: aud, expiresAt: exp, publicKey };
}

function isContactUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'mailto:' ? url.pathname.includes('@') : url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------------

interface Subscription {
  keys: SubscriptionKeys;
  applicationServerKey: string | null;
  gone: boolean;
  failures: { status: number; retryAfter: number | undefined; remaining: number }[];
}

/** What autopush answers for a status a test forces with failNext. */
const FORCED_ERRORS: Record<number, { errno: number | null; message: string }> = {
  401: { errno: 109, message: 'Invalid Authentication' },
  404: { errno: 102, message: 'Invalid token' },
  410: { errno: 106, message: 'No such subscription' },
  413: { errno: 104, message: 'A payload reached size limit.' },
  500: { errno: null, message: 'General error' },
  503: { errno: null, message: 'Conditional database operation failed' },
};

function sendError(res: ServerResponse, error: ApiError, retryAfter?: number) {
  const body = JSON.stringify({
    code: error.status,
    errno: error.errno,
    error: STATUS_CODES[error.status] ?? 'Unknown',
    message: error.message,
    more_info: ERROR_URL,
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // autopush marks Gone as cacheable for a day and asks for a retry in two minutes on 503.
  if (error.status === 410) headers['cache-control'] = 'max-age=86400';
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  else if (error.status === 503) headers['retry-after'] = '120';
  res.writeHead(error.status, headers).end(body);
}

export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const events = new EventEmitter();
  let url = '';

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, tooLarge: boolean) {
    const endpoint = `${url}${(req.url ?? '/').split('?')[0]}`;
    const subscription = subscriptions.get(endpoint);
    if (!subscription) throw new ApiError(404, 102, 'Invalid token');
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      throw new ApiError(405, null, 'Method Not Allowed');
    }
    if (subscription.gone) throw new ApiError(410, 106, 'No such subscription');
    const failure = subscription.failures[0];
    if (failure) {
      if (--failure.remaining <= 0) subscription.failures.shift();
      const forced = FORCED_ERRORS[failure.status] ?? {
        errno: null,
        message: STATUS_CODES[failure.status] ?? 'Error',
      };
      return sendError(res, new ApiError(failure.status, forced.errno, forced.message), failure.retryAfter);
    }

    const vapid = verifyVapid(req.headers.authorization, url, subscription.applicationServerKey);
    if (tooLarge) throw new ApiError(413, 104, 'A payload reached size limit.');

    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^-?\d+$/.test(ttlHeader.trim()))
      throw new ApiError(400, 111, 'Missing TTL value');
    const ttl = Number(ttlHeader.trim());
    if (ttl < 0) throw new ApiError(400, 114, 'TTL must be greater than 0');
    const topicHeader = req.headers.topic;
    const topic = typeof topicHeader === 'string' ? topicHeader : null;
    if (topic !== null && (topic.length > 32 || !BASE64URL.test(topic)))
      throw new ApiError(400, 113, 'Topic must be no greater than 32 characters of URL-safe Base64');
    const urgencyHeader = req.headers.urgency;
    const urgency = typeof urgencyHeader === 'string' ? urgencyHeader : null;

    let payload: unknown = null;
    if (body.length > 0) {
      const encoding = req.headers['content-encoding'];
      if (!encoding) throw new ApiError(400, 110, 'Missing Content-Encoding header');
      // aesgcm (the pre-RFC draft) is refused too: browsers still take it, but our channel must send RFC 8291.
      if (encoding.toLowerCase() !== 'aes128gcm')
        throw new ApiError(400, 110, 'Unknown Content-Encoding header');
      let text: string;
      try {
        text = subscription.keys.decrypt(body).toString('utf8');
      } catch (error) {
        throw new ApiError(400, 110, `Payload does not decrypt: ${(error as Error).message}`);
      }
      try {
        payload = JSON.parse(text);
      } catch {
        payload = text;
      }
    }

    received.push({ endpoint, ttl, urgency, topic, payload, vapid });
    events.emit('received');
    // As RFC 8030 and autopush: 201 with the message resource and the TTL that will be honoured (at most 60 days).
    res
      .writeHead(201, {
        location: `${url}/m/${randomUUID()}`,
        ttl: String(Math.min(ttl, 60 * 24 * 60 * 60)),
      })
      .end();
  }

  // Pushes the client has open (see takePeakOpen).
  let open = 0;
  let peakOpen = 0;
  const httpsServer = await startHttpsServer('push-service-', (req, res) => {
    // Only the first 4096 bytes are kept; the rest is drained so that the client sees the 413, not a reset.
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      open = Math.max(0, open - 1);
      try {
        handle(req, res, Buffer.concat(chunks), size > MAX_BODY_BYTES);
      } catch (error) {
        sendError(res, error instanceof ApiError ? error : new ApiError(500, null, `General error ${error}`));
      }
    });
  });
  const { caPath, ca } = httpsServer;
  url = httpsServer.url;
  const agent = new CountingAgent({ ca }, () => {
    open++;
    peakOpen = Math.max(peakOpen, open);
  });

  const known = (endpoint: string) => {
    const subscription = subscriptions.get(endpoint);
    if (!subscription) throw new Error(`push service: ${endpoint} is not one of its subscriptions`);
    return subscription;
  };

  return {
    url,
    caPath,
    ca,
    agent,
    received,
    subscribe({ applicationServerKey } = {}) {
      const keys = createSubscriptionKeys();
      const endpoint = `${url}/push/${randomBytes(16).toString('base64url')}`;
      subscriptions.set(endpoint, {
        keys,
        applicationServerKey: applicationServerKey?.replace(/=+$/, '') ?? null,
        gone: false,
        failures: [],
      });
      return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    failNext(endpoint, status, { retryAfter, times = 1 } = {}) {
      if (!Number.isInteger(status) || status < 400 || status > 599)
        throw new Error(`push service: failNext wants an error status, not ${status}`);
      known(endpoint).failures.push({ status, retryAfter, remaining: times });
    },
    forget(endpoint) {
      known(endpoint).gone = true;
    },
    takePeakOpen() {
      const peak = peakOpen;
      // Called between sends: a connection that never reached the service is not open any more.
      open = 0;
      peakOpen = 0;
      return peak;
    },
    waitFor(n, timeoutMs = 5000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const onReceived = () => {
          if (received.length < n) return;
          cleanup();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`push service: ${received.length} of ${n} pushes arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          events.off('received', onReceived);
        };
        events.on('received', onReceived);
      });
    },
    close: () => {
      agent.destroy();
      return httpsServer.close();
    },
  };
}
