/** Waits `ms` milliseconds; injected so tests move time themselves. */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a provider under its rate limit (TMDB about 40 requests/s, ISBNdb 1/s on the basic plan):
 * `burst` requests may go at once, then one every 1/rate seconds. Callers take tokens in order.
 */
export function createTokenBucket(options: {
  ratePerSecond: number;
  burst?: number;
  now?: () => number;
  sleep?: Sleep;
}) {
  const rate = options.ratePerSecond;
  const burst = Math.max(1, options.burst ?? Math.ceil(rate));
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  let tokens = burst;
  let updated = now();
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - updated) / 1000) * rate);
    updated = t;
  };

  return {
    /** Resolves when this caller may send one request. */
    take(): Promise<void> {
      const turn = queue.then(async () => {
        refill();
        if (tokens < 1) {
          await sleep(((1 - tokens) / rate) * 1000);
          refill();
        }
        tokens -= 1;
      });
      queue = turn.catch(() => {});
      return turn;
    },
    /** The provider said to wait (429 Retry-After): nobody sends before then. */
    pause(ms: number) {
      queue = queue
        .then(() => sleep(ms))
        .then(() => {
          refill();
          tokens = Math.min(tokens, 1);
        });
    },
  };
}
export type TokenBucket = ReturnType<typeof createTokenBucket>;
