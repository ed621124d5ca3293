/**
 * The chaos run's push service: an HTTPS server on 127.0.0.1, with a throwaway self-signed certificate
 * (test/tls.ts; the server process trusts it through NODE_EXTRA_CA_CERTS), that takes web pushes to
 * `/push/<member id>`, failing and dropping some while stormy. It checks the form of a push (an
 * aes128gcm body, a VAPID Authorization header, a TTL) but does not decrypt it: the push integration
 * tests (test/push-service.ts) do.
 */
import { startHttpsServer } from '../test/tls';
import { createStorm, type FlakyHttpOptions, readBody, throughStorm } from './http';

export interface AcceptedPush {
  /** The push's Topic header (the same for a resend of the same message). */
  topic: string | null;
  at: number;
  /** Accepted, then the connection was dropped before the 201 reached the sender. */
  okLost: boolean;
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
  const storm = createStorm(options);
  /** Accepted pushes by endpoint (the member's id). */
  const accepted = new Map<string, AcceptedPush[]>();
  /** Pushes refused for their form (answered 400: the delivery fails, and the run with it). */
  const malformed: string[] = [];
  let messages = 0;
  let origin = '';

  const service = await startHttpsServer('releasebell-chaos-push-', async (req, res) => {
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
    const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
    throughStorm(
      storm,
      req,
      res,
      (okLost) => accepted.set(member, [...(accepted.get(member) ?? []), { topic, at: Date.now(), okLost }]),
      () => {
        messages++;
        res.writeHead(201, { location: `${origin}/message/${messages}` }).end();
      },
    );
  });
  // Resets and half-sent requests from senders that were SIGKILLed are expected here.
  service.server.on('tlsClientError', () => {});
  service.server.on('clientError', (_err, socket) => socket.destroy());
  service.server.on('error', () => {});
  origin = service.url;
  return {
    /** A subscription's endpoint is `${endpointBase}<member id>`. */
    endpointBase: `${origin}/push/`,
    /** The certificate, for NODE_EXTRA_CA_CERTS. */
    caPath: service.caPath,
    accepted,
    acceptedCount: () => [...accepted.values()].reduce((a, p) => a + p.length, 0),
    malformed,
    stats: storm.stats,
    lastActivity: storm.lastActivity,
    calm: storm.calm,
    close: service.close,
  };
}

export type FlakyPushService = Awaited<ReturnType<typeof startFlakyPushService>>;
