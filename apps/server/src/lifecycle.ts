import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the process is in its life: draining once a stop was asked for. */
    lifecycle: { draining: boolean };
  }
}

/**
 * A stop in two steps: first drain (readiness answers 503, so a load balancer's health check takes
 * this instance out, while requests that still come are served and told to close their connection),
 * then close (no new connections, requests in flight finished, the database closed).
 */
export async function drainThenClose(
  app: FastifyInstance,
  drainMs: number,
  /** Waits out the drain (tests end it when they choose). */
  wait: (ms: number) => Promise<unknown> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  app.lifecycle.draining = true;
  if (drainMs > 0) await wait(drainMs);
  await app.close();
}
