import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Clock, systemClock } from '../lib/clock';

// Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
const rowsOf = (result: unknown) =>
  (result as { rows: { count: number | string; window_started_at: Date | string }[] }).rows;

export interface RateLimiter {
  /** Counts one more event for the key and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The same, with the moment the current window ends (when the count starts again). */
  hitWindow(key: string, windowMs: number): Promise<{ count: number; resetsAt: Date }>;
  /** Takes back one event counted by `hit` (it turned out not to be a failure). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window counters in the database, so a limit holds across every app process that shares it.
 * Only the repository of the auth module writes this table.
 */
export function createRateLimiter(db: Database, clock: Clock = systemClock): RateLimiter {
  let sinceCleanup = 0;
  async function hitWindow(key: string, windowMs: number) {
    const seconds = windowMs / 1000;
    const now = clock();
    const result = await db.execute(sql`
      insert into rate_limit_counters (key, count, window_started_at) values (${key}, 1, ${now})
      on conflict (key) do update set
        count = case when rate_limit_counters.window_started_at <= ${now}::timestamptz - make_interval(secs => ${seconds})
                     then 1 else rate_limit_counters.count + 1 end,
        window_started_at = case when rate_limit_counters.window_started_at <= ${now}::timestamptz - make_interval(secs => ${seconds})
                     then ${now} else rate_limit_counters.window_started_at end
      returning count, window_started_at`);
    // Old windows are dead weight: sweep them now and then.
    if (++sinceCleanup >= 500) {
      sinceCleanup = 0;
      await db.execute(
        sql`delete from rate_limit_counters where window_started_at < ${now}::timestamptz - interval '1 day'`,
      );
    }
    const row = rowsOf(result)[0];
    const started = row ? new Date(row.window_started_at) : now;
    return { count: Number(row?.count ?? 1), resetsAt: new Date(started.getTime() + windowMs) };
  }
  return {
    hitWindow,
    hit: async (key, windowMs) => (await hitWindow(key, windowMs)).count,
    async release(key) {
      await db.execute(sql`update rate_limit_counters set count = greatest(count - 1, 0) where key = ${key}`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
}
