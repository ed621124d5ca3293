import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProviderClient } from './provider-client';
import { createTokenBucket } from './token-bucket';

/**
 * Simulated time for code that sleeps: `sleep` sets a timer, and `run` moves the clock to the next
 * timer whenever nothing else is left to happen, so concurrent callers wait as they would for real.
 * Like Node's setTimeout, a wait under 1 ms lasts 1 ms and a timer may fire up to `early` ms before
 * it is due (Node truncates to whole milliseconds against a cached loop time: measured with
 * performance.now(), timers fire up to ~1 ms early).
 */
function virtualClock({ early = 0 }: { early?: number } = {}) {
  let t = 0;
  let order = 0;
  const timers: { at: number; order: number; fire: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => t,
    sleep: (ms: number) =>
      new Promise<void>((fire) => {
        timers.push({ at: t + Math.max(1, ms) - early, order: order++, fire });
      }),
    async run<T>(work: Promise<T>): Promise<T> {
      let finished = false;
      const done = work.finally(() => {
        finished = true;
      });
      for (;;) {
        await settle();
        if (finished) return done;
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers.shift();
        if (!next) throw new Error('nothing left to wait for, and the work is not done');
        t = Math.max(t, next.at);
        next.fire();
      }
    },
  };
}

/** The most sends within any one second, from a send to 1000 ms after it (both ends included). */
function mostInOneSecond(sent: number[]) {
  let most = 0;
  for (const [i, start] of sent.entries()) {
    most = Math.max(most, sent.slice(i).filter((at) => at <= start + 1000).length);
  }
  return most;
}

describe('token bucket under a provider rate limit', () => {
  it('at TMDB pace (40/s, default burst) never sends more than 45 in any one second, idle gaps between batches included', async () => {
    const clock = virtualClock({ early: 0.9 });
    const bucket = createTokenBucket({ ratePerSecond: 40, now: clock.now, sleep: clock.sleep });
    const sent: number[] = [];
    // The import pipeline: batches of 20 requests at once, then writing them (no request) for a while.
    const writing = [50, 300, 120, 600, 200, 1500, 260, 80, 400, 0, 0, 30];
    await clock.run(
      (async () => {
        for (let batch = 0; clock.now() < 10_000; batch++) {
          await Promise.all(
            Array.from({ length: 20 }, () => bucket.take().then(() => sent.push(clock.now()))),
          );
          const ms = writing[batch % writing.length] ?? 0;
          if (ms > 0) await clock.sleep(ms);
        }
      })(),
    );
    expect(clock.now()).toBeGreaterThanOrEqual(10_000);
    // 40/s plus the default burst of 5 (an eighth of a second's worth): under TMDB's ~50.
    expect(mostInOneSecond(sent)).toBeLessThanOrEqual(45);
    // ...and the pace itself is kept: over the whole run it sends about 40 a second, gaps aside.
    expect(mostInOneSecond(sent)).toBeGreaterThanOrEqual(40);
  });

  it('at ISBNdb pace (1/s, default burst) never sends two within one second, across idle gaps and a 429 pause', async () => {
    const clock = virtualClock({ early: 0.9 });
    const bucket = createTokenBucket({ ratePerSecond: 1, now: clock.now, sleep: clock.sleep });
    const sent: number[] = [];
    const writing = [300, 2500, 0, 1200, 700];
    await clock.run(
      (async () => {
        for (let batch = 0; clock.now() < 30_000; batch++) {
          await Promise.all(
            Array.from({ length: 3 }, () => bucket.take().then(() => sent.push(clock.now()))),
          );
          if (batch === 2) bucket.pause(1000);
          const ms = writing[batch % writing.length] ?? 0;
          if (ms > 0) await clock.sleep(ms);
        }
      })(),
    );
    expect(sent.length).toBeGreaterThan(15);
    const closest = Math.min(...sent.slice(1).map((at, i) => at - (sent[i] ?? 0)));
    // To the microsecond (floating-point sums of the clock).
    expect(Math.round(closest * 1000) / 1000).toBeGreaterThanOrEqual(1000);
  });

  it('lets pauses overlap instead of adding up: resumes at the latest end asked for', async () => {
    const clock = virtualClock();
    const bucket = createTokenBucket({ ratePerSecond: 40, now: clock.now, sleep: clock.sleep });
    bucket.pause(1000);
    bucket.pause(300);
    bucket.pause(1000);
    await clock.run(bucket.take());
    expect(clock.now()).toBe(1000);
  });
});

describe('provider client under a rate limit', () => {
  it('ten simultaneous 429s with Retry-After: 1 pause the client about 1 s, not 10', async () => {
    const clock = virtualClock();
    const calls: number[] = [];
    let allTenArrived = () => {};
    const tenArrived = new Promise<void>((resolve) => {
      allTenArrived = resolve;
    });
    /** The first ten requests refused together (Retry-After: 1) once all ten arrived; then every one answered. */
    const fakeFetch = (async () => {
      const n = calls.push(clock.now());
      const refused = n <= 10;
      if (n === 10) allTenArrived();
      if (refused) await tenArrived;
      return {
        status: refused ? 429 : 200,
        ok: !refused,
        headers: new Headers(refused ? { 'retry-after': '1' } : {}),
        body: null,
        json: async () => (refused ? { status_code: 25 } : { ok: true, n }),
      } as unknown as Response;
    }) as typeof fetch;
    const client = createProviderClient({
      name: 'TMDB',
      baseUrl: 'http://tmdb.test/3',
      keyVariable: 'TMDB_API_TOKEN',
      requestsPerSecond: 40,
      now: clock.now,
      sleep: clock.sleep,
      random: () => 0.5,
      fetch: fakeFetch,
    });
    const schema = z.object({ ok: z.literal(true), n: z.number() });
    const answers = await clock.run(
      Promise.all(Array.from({ length: 10 }, (_, i) => client.get(`/movie/${i + 1}`, schema))),
    );
    expect(answers).toHaveLength(10);
    expect(calls).toHaveLength(20);
    // The ten 429s came back together when the tenth request arrived.
    const refusedAt = calls[9] ?? Number.NaN;
    const retries = calls.slice(10);
    // Retry-After is honoured: no retry before a second after the 429s...
    expect(Math.min(...retries)).toBeGreaterThanOrEqual(refusedAt + 1000);
    // ...and the ten waits overlap: the retries go at the client's pace right after (9 x 25 ms).
    expect(Math.max(...retries)).toBeLessThan(refusedAt + 1500);
    expect(clock.now()).toBeLessThan(2000);
  });
});
