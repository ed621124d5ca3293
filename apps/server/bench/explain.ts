/**
 * `node --import tsx apps/server/bench/explain.ts --data-dir <pglite dir> [--runs 20] [--sql file.sql]`
 * `node --import tsx apps/server/bench/explain.ts --database-url postgres://… [--runs 20] [--query q]…`
 *
 * Runs the benchmarked repository calls against an embedded database (stop the app using it first) or
 * a PostgreSQL one, captures the SQL they send, and prints EXPLAIN (ANALYZE, BUFFERS) for each plus
 * the mean time of the call itself. With --sql, the statements of that file (e.g. candidate indexes)
 * run first: use it on a copy of the data. --analyze runs ANALYZE first (PGlite has no autovacuum).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { MediaType } from '@releasebell/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { todayIso } from '../src/lib/dates';
import { createCatalogRepository } from '../src/modules/catalog/repository';
import { followCatalog } from '../src/modules/search/live-index';
import { createSearchRepository } from '../src/modules/search/repository';
import { createSearchService } from '../src/modules/search/service';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '20' },
    sql: { type: 'string' },
    query: { type: 'string', multiple: true },
    analyze: { type: 'boolean', default: false },
  },
});
const url = values['database-url'];
if (!values['data-dir'] && !url) {
  console.error(
    'Usage: explain.ts (--data-dir <pglite data dir> | --database-url postgres://…) [--runs 20] [--sql extra.sql] [--query q]…',
  );
  process.exit(1);
}
const runs = Number(values.runs);

let capturing = false;
let captured: { sql: string; params: unknown[] }[] = [];
const logger = {
  logQuery: (sql: string, params: unknown[]) => {
    if (capturing) captured.push({ sql, params });
  },
};
// The app's session setting (db/client.ts), on one connection so EXPLAIN sees what the calls saw.
const SESSION_SETUP = "select set_config('pg_trgm.word_similarity_threshold', '0.5', false)";
let client: {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
  close(): Promise<void>;
};
let db: Database;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('connect', (c) => void c.query(SESSION_SETUP));
  client = {
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)) as unknown as { rows: T[] },
    exec: (text) => pool.query(text),
    close: () => pool.end(),
  };
  db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
} else {
  const lite = await PGlite.create({ dataDir: values['data-dir'], extensions: { pg_trgm } });
  await lite.query(SESSION_SETUP);
  client = lite;
  db = drizzle({ client: lite, schema, logger }) as unknown as Database;
}

if (values.sql) {
  // One statement at a time: VACUUM cannot run inside the implicit transaction of a multi-statement exec.
  const statements = readFileSync(values.sql, 'utf8')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
  const started = performance.now();
  for (const statement of statements) await client.exec(statement);
  console.log(`Ran ${values.sql} in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  await client.exec('analyze media_items');
}

if (values.analyze) {
  const started = performance.now();
  await client.exec('analyze media_items');
  console.log(`ANALYZE media_items took ${((performance.now() - started) / 1000).toFixed(1)}s`);
}
const stats = await client.query<{
  n_live_tup: number;
  last_analyze: string | null;
  last_autoanalyze: string | null;
}>(
  "select n_live_tup, last_analyze, last_autoanalyze from pg_stat_user_tables where relname = 'media_items'",
);
console.log('media_items statistics:', stats.rows[0]);

const catalog = createCatalogRepository(db);
const searchRepo = createSearchRepository(db);
const search = createSearchService(searchRepo, await followCatalog(searchRepo, console));
const today = todayIso();
const [anyRow] = await catalog.mostPopular('movies', 1);
const queries = values.query ?? ['th', 'the', 'drag', 'kestrel', 'the risin', 'atlan', 'sh'];

const cases: [string, () => Promise<unknown>][] = [
  ['upcoming movies (limit 20)', () => catalog.upcoming('movies', today, 20)],
  ['trending books (limit 20)', () => catalog.trending('books', new Date(Date.now() - 7 * 86_400_000), 20)],
  ['findBySlug', () => catalog.findBySlug(anyRow?.mediaType as MediaType, anyRow?.slug ?? '')],
  ...queries.map((q): [string, () => Promise<unknown>] => [
    `search "${q}"`,
    () => search.search(q, 'all', 30),
  ]),
];

for (const [name, run] of cases) {
  captured = [];
  capturing = true;
  await run();
  capturing = false;
  const statements = captured;
  // PGlite's WebAssembly warms up over the first calls: time the steady state.
  for (let i = 0; i < 5; i++) await run();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await run();
  const mean = (performance.now() - started) / runs;
  console.log(
    `\n=== ${name}: ${mean.toFixed(2)} ms per call (${statements.length} statement(s), mean of ${runs})`,
  );
  for (const s of statements) {
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${s.sql}`,
      s.params,
    );
    console.log(plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
  }
}
await client.close();
