import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the chaos run's flaky HTTP receivers (push.ts, webhook.ts) share: the storm that
 * decides each request's fate, and serving on 127.0.0.1.
 */
export interface FlakyHttpOptions {
  random: () => number;
  /** Share of requests answered 503 or 429 (Retry-After: 1) while stormy. */
  failureRate: number;
  /** Share of requests whose connection is dropped once the body is read (half before, half after accepting). */
  dropRate: number;
}

/** What to do with a request whose body has been read and checked. */
export type Verdict = 'accept' | 'drop' | 'accept-then-drop' | 429 | 503;

export interface StormStats {
  /** Requests answered 503 or 429. */
  failed: number;
  /** Connections dropped with the message refused (the sender retries). */
  droppedBeforeAccept: number;
  /** Connections dropped after the message was accepted (a "lost OK": the resend is a duplicate). */
  droppedAfterAccept: number;
}

export function createStorm(options: FlakyHttpOptions) {
  const stats: StormStats = { failed: 0, droppedBeforeAccept: 0, droppedAfterAccept: 0 };
  let calm = false;
  let lastActivity = Date.now();
  return {
    stats,
    verdict(): Verdict {
      lastActivity = Date.now();
      if (calm) return 'accept';
      const roll = options.random();
      if (roll < options.dropRate) {
        if (roll < options.dropRate / 2) {
          stats.droppedBeforeAccept++;
          return 'drop';
        }
        stats.droppedAfterAccept++;
        return 'accept-then-drop';
      }
      if (roll < options.dropRate + options.failureRate) {
        stats.failed++;
        return options.random() < 0.5 ? 503 : 429;
      }
      return 'accept';
    },
    /** When the last request came in. */
    lastActivity: () => lastActivity,
    /** No more failures or drops from now on. */
    calm() {
      calm = true;
    },
  };
}

/** The whole body (a sender killed mid-request leaves an error, answered by nobody). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Lets the storm decide a checked request's fate: a 503 or 429, a dropped connection, or accepted:
 * `accept` records it (told whether its answer is then lost to a dropped connection) and, unless it
 * is, `answer` answers it.
 */
export function throughStorm(
  storm: ReturnType<typeof createStorm>,
  req: IncomingMessage,
  res: ServerResponse,
  accept: (okLost: boolean) => void,
  answer: () => void,
): void {
  const verdict = storm.verdict();
  if (verdict === 429 || verdict === 503) answerFailure(res, verdict);
  else if (verdict === 'drop') req.socket.destroy();
  else {
    const okLost = verdict === 'accept-then-drop';
    accept(okLost);
    if (okLost) req.socket.destroy();
    else answer();
  }
}

/** Answers a 503 or 429 the way a busy service does. */
function answerFailure(res: ServerResponse, status: 429 | 503): void {
  res.writeHead(status, { 'retry-after': '1', 'content-type': 'text/plain' });
  res.end(status === 429 ? 'Too Many Requests' : 'Service Unavailable');
}

/** Listens on 127.0.0.1 (a free port); answers the port and a close that cuts every connection. */
export async function listenLocally(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  // Resets and half-sent requests from senders that were SIGKILLed are expected here.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {});
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
