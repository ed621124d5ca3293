/** Waits `ms` milliseconds; injected so tests move time themselves. */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The default burst: an eighth of a second's worth of requests, at least 1 (5 at TMDB's 40/s, 1 for
 * any rate up to 8/s). Over any one-second window a bucket sends fewer than `rate + burst` requests,
 * so TMDB's client (40/s) stays under 45 against TMDB's ~50, with room for requests that arrive
 * bunched after a stall of the event loop; and a rate up to 8/s (ISBNdb: 1/s on the basic plan, a few
 * on larger ones, set to the plan's limit) is never exceeded in any second. Enough to absorb the
 * pauses of a pipeline writing between batches (TMDB's import: about 0.1 s a batch), no more.
 */
function defaultBurst(ratePerSecond: number): number {
  return Math.max(1, Math.ceil(ratePerSecond / 8));
}

/** Within this of a whole token, or of a pause's end, is there (the clock's floating-point sums). */
const EPSILON = 1e-9;

/**
 * Keeps a provider under its rate limit (TMDB about 40 requests/s, ISBNdb 1/s on the basic plan):
 * up to `burst` requests may go at once (the bucket's capacity, refilled at `ratePerSecond`; default
 * `defaultBurst`), then one every 1/rate seconds. Callers take tokens in order. A pause (the
 * provider's 429 Retry-After) holds every caller until it ends; pauses overlap rather than add up.
 */
export function createTokenBucket(options: {
  ratePerSecond: number;
  /** Requests that may go at once after an idle moment; see `defaultBurst`. */
  burst?: number;
  now?: () => number;
  sleep?: Sleep;
}) {
  const rate = options.ratePerSecond;
  const burst = Math.max(1, Math.floor(options.burst ?? defaultBurst(rate)));
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  let tokens = burst;
  let updated = now();
  /** Nobody sends before this (the provider's Retry-After); moved by `pause`, never queued. */
  let resumeAt = -Infinity;
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const t = now();
    if (updated < resumeAt && resumeAt <= t + EPSILON) {
      // A pause ended since: the bucket starts again from one token at its end, whatever it saved
      // while paused (the provider's window has only just cleared).
      tokens = Math.min(1, tokens + ((resumeAt - updated) / 1000) * rate);
      updated = resumeAt;
    }
    tokens = Math.min(burst, tokens + ((t - updated) / 1000) * rate);
    updated = t;
  };

  return {
    /** Resolves when this caller may send one request. */
    take(): Promise<void> {
      const turn = queue.then(async () => {
        for (;;) {
          const paused = resumeAt - now();
          if (paused > EPSILON) {
            await sleep(paused);
            continue;
          }
          refill();
          if (tokens >= 1 - EPSILON) break;
          await sleep(((1 - tokens) / rate) * 1000);
        }
        tokens -= 1;
      });
      queue = turn.catch(() => {});
      return turn;
    },
    /**
     * The provider said to wait (429 Retry-After): nobody sends before `ms` from now. Pauses overlap:
     * the bucket resumes at the latest end asked for, so ten 429s at once with Retry-After 1 s stop it
     * for about 1 s, not 10. A caller already waiting for a token waits for the pause too.
     */
    pause(ms: number) {
      resumeAt = Math.max(resumeAt, now() + ms);
    },
  };
}
