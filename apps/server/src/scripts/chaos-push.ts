/**
 * The chaos run's push service: an HTTPS server on 127.0.0.1, with a throwaway self-signed certificate
 * (the server process trusts it through NODE_EXTRA_CA_CERTS), that takes web pushes to
 * `/push/<member id>`, failing and dropping some while stormy. It checks the form of a push (an
 * aes128gcm body, a VAPID Authorization header, a TTL) but does not decrypt it: the push integration
 * tests (test/push-service.ts) do.
 */
import { execFile } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { answerFailure, createStorm, type FlakyHttpOptions, listenLocally, readBody } from './chaos-http';

export interface AcceptedPush {
  /** The push's Topic header (the same for a resend of the same message). */
  topic: string | null;
  at: number;
  /** Accepted, then the connection was dropped before the 201 reached the sender. */
  okLost: boolean;
}

/**
 * A browser's subscription keys: a P-256 public key (65-byte uncompressed point) and a 16-byte auth
 * secret, base64url. One pair serves every member: the push service never decrypts.
 */
export function subscriptionKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const VAPID_AUTHORIZATION = /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/;
/** RFC 8188's header (salt 16, record size 4, key id length 1, a 65-byte key id), a delimiter and a tag. */
const MIN_BODY = 86 + 1 + 16;

/** What is wrong with a push's form, or null. */
function pushProblem(headers: Record<string, string | string[] | undefined>, body: Buffer): string | null {
  if (headers['content-encoding'] !== 'aes128gcm') return `Content-Encoding ${headers['content-encoding']}`;
  if (!VAPID_AUTHORIZATION.test(String(headers.authorization ?? ''))) return 'no VAPID Authorization';
  if (!/^\d+$/.test(String(headers.ttl ?? ''))) return 'no TTL';
  if (body.length < MIN_BODY || body[20] !== 65)
    return `a body of ${body.length} bytes that is not aes128gcm`;
  return null;
}

/** A push service on 127.0.0.1 that answers 503/429 and drops connections at random, until calmed. */
export async function startFlakyPushService(options: FlakyHttpOptions) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-chaos-push-'));
  const caPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  try {
    // Debian's openssl: a P-256 certificate for the address, a day long.
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      caPath,
    ]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const [cert, key] = await Promise.all([readFile(caPath, 'utf8'), readFile(keyPath, 'utf8')]);

  const storm = createStorm(options);
  /** Accepted pushes by endpoint (the member's id). */
  const accepted = new Map<string, AcceptedPush[]>();
  /** Pushes refused for their form (answered 400: the delivery fails, and the run with it). */
  const malformed: string[] = [];
  let messages = 0;
  let origin = '';

  const server = createServer({ cert, key }, async (req, res) => {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return;
    }
    const member = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const problem =
      req.method !== 'POST' || !member ? `${req.method} ${req.url}` : pushProblem(req.headers, body);
    if (problem || !member) {
      // Never 404 or 410: those would drop the subscription.
      malformed.push(`${req.url}: ${problem}`);
      res.writeHead(400, { 'content-type': 'text/plain' }).end(problem ?? 'bad request');
      return;
    }
    const verdict = storm.verdict();
    if (verdict === 429 || verdict === 503) return answerFailure(res, verdict);
    if (verdict === 'drop') {
      req.socket.destroy();
      return;
    }
    const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
    const push: AcceptedPush = { topic, at: Date.now(), okLost: verdict === 'accept-then-drop' };
    accepted.set(member, [...(accepted.get(member) ?? []), push]);
    if (push.okLost) {
      req.socket.destroy();
      return;
    }
    messages++;
    res.writeHead(201, { location: `${origin}/message/${messages}` }).end();
  });
  server.on('tlsClientError', () => {});
  const { port, close } = await listenLocally(server);
  origin = `https://127.0.0.1:${port}`;
  return {
    /** A subscription's endpoint is `${endpointBase}<member id>`. */
    endpointBase: `${origin}/push/`,
    /** The certificate, for NODE_EXTRA_CA_CERTS. */
    caPath,
    accepted,
    acceptedCount: () => [...accepted.values()].reduce((a, p) => a + p.length, 0),
    malformed,
    stats: storm.stats,
    lastActivity: storm.lastActivity,
    calm: storm.calm,
    async close() {
      await close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type FlakyPushService = Awaited<ReturnType<typeof startFlakyPushService>>;
