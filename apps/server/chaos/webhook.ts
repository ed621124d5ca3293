/**
 * The chaos run's webhook receiver: plain HTTP on 127.0.0.1, taking each member's webhook at
 * `/hooks/<member id>`, failing and dropping some while stormy. It checks every signature with the
 * member's secret and answers only 2xx, 429 or 5xx: any other 4xx would turn the member's hook off.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createStorm, type FlakyHttpOptions, listenLocally, readBody, throughStorm } from './http';

export interface AcceptedHook {
  /** The `x-releasebell-delivery` header: the delivery row's id, the same on every retry. */
  delivery: string;
  at: number;
  /** Accepted, then the connection was dropped before the 204 reached the sender. */
  okLost: boolean;
}

/**
 * A member's webhook secret, from the run's salt; `insertMembers` makes the same one in SQL
 * (`md5(salt || ':' || user_id)`), so no secret has to be handed over.
 */
export function hookSecret(salt: string, member: string): string {
  return createHash('md5').update(`${salt}:${member}`).digest('hex');
}

/** `t=<unix>,v1=<hmac of "t.body">`; the time is not judged here (a retry after a storm is late by design). */
function signatureMatches(header: string | string[] | undefined, secret: string, body: Buffer): boolean {
  if (typeof header !== 'string') return false;
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match?.[1] || !match[2]) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.`).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

/** A webhook receiver on 127.0.0.1 that answers 503/429 and drops connections at random, until calmed. */
export async function startFlakyWebhookReceiver(options: FlakyHttpOptions & { secretSalt: string }) {
  const storm = createStorm(options);
  const salt = options.secretSalt;
  /** Accepted posts by member. */
  const accepted = new Map<string, AcceptedHook[]>();
  /** Posts whose signature (or delivery id) was wrong: answered 204, not accepted, and the run fails. */
  const badSignatures: string[] = [];

  const server = createServer(async (req, res) => {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return;
    }
    const member = /^\/hooks\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const delivery = req.headers['x-releasebell-delivery'];
    let problem: string | null = null;
    if (req.method !== 'POST' || !member) problem = `${req.method} ${req.url}`;
    else if (typeof delivery !== 'string' || !delivery) problem = 'no x-releasebell-delivery header';
    else if (!signatureMatches(req.headers['x-releasebell-signature'], hookSecret(salt, member), body)) {
      problem = `wrong signature ${req.headers['x-releasebell-signature']}`;
    }
    if (problem || !member || typeof delivery !== 'string') {
      badSignatures.push(`${req.url} (delivery ${String(delivery)}): ${problem}`);
      // Not a 4xx, which would turn the hook off: the row is sent but not accepted, and so lost.
      res.writeHead(204).end();
      return;
    }
    throughStorm(
      storm,
      req,
      res,
      (okLost) =>
        accepted.set(member, [...(accepted.get(member) ?? []), { delivery, at: Date.now(), okLost }]),
      () => res.writeHead(204).end(),
    );
  });
  const { port, close } = await listenLocally(server);
  return {
    /** A member's hook URL is `${urlBase}<member id>`. */
    urlBase: `http://127.0.0.1:${port}/hooks/`,
    accepted,
    acceptedCount: () => [...accepted.values()].reduce((a, h) => a + h.length, 0),
    badSignatures,
    stats: storm.stats,
    lastActivity: storm.lastActivity,
    calm: storm.calm,
    close,
  };
}

export type FlakyWebhookReceiver = Awaited<ReturnType<typeof startFlakyWebhookReceiver>>;
