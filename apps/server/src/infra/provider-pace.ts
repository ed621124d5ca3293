import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { providerPace } from '../db/schema';
import type { SharedPaces } from '../providers/http/provider-client';
import { realSleep, type Sleep } from '../providers/http/token-bucket';

/**
 * Providers' rates kept in the database, so every app process on it counts against one limit: each
 * request takes the provider's next slot (the database's clock, `clock_timestamp()`, is the one all
 * processes share) and waits for it.
 */
export function createSharedPaces(db: Database, sleep: Sleep = realSleep): SharedPaces {
  return (name, requestsPerSecond) => {
    const slot = sql`${1000 / requestsPerSecond} * interval '1 millisecond'`;
    return {
      async take() {
        // The database unreachable: the process's own bucket still paces it.
        const result = (await db
          .execute(sql`
          insert into ${providerPace} as p (name, next_at) values (${name}, clock_timestamp() + ${slot})
          on conflict (name) do update set next_at = greatest(p.next_at, clock_timestamp()) + ${slot}
          returning extract(epoch from (p.next_at - ${slot} - clock_timestamp())) * 1000 as wait_ms`)
          .catch(() => ({ rows: [] }))) as unknown as { rows: { wait_ms: string | number }[] };
        const wait = Number(result.rows[0]?.wait_ms ?? 0);
        if (wait > 0) await sleep(wait);
      },
      async pause(ms) {
        const until = sql`clock_timestamp() + ${ms} * interval '1 millisecond'`;
        await db
          .execute(sql`
          insert into ${providerPace} as p (name, next_at) values (${name}, ${until})
          on conflict (name) do update set next_at = greatest(p.next_at, ${until})`)
          .catch(() => {});
      },
    };
  };
}
