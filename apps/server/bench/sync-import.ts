/**
 * The importer of the sync benchmark (bench/sync.ts), alone in a process of its own so that its peak
 * memory is its own (the fake TMDB runs in the benchmark's process).
 *
 * SYNC_MODE=idle: opens the embedded database in DATA_DIR (creating it if the directory is empty),
 * migrates it, closes it: the same process, the same code loaded, doing nothing else.
 * SYNC_MODE=import: between opening and closing, imports SYNC_COUNT movies
 * by id (SYNC_FIRST_ID, SYNC_FIRST_ID + 1, …) from the TMDB at TMDB_API_URL (TMDB_API_TOKEN) through
 * createTmdbProvider and ingest, as catalog:import does. Prints one line `{"result":{…}}` on stdout.
 */
import { like, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { mediaItems } from '../src/db/schema';
import { ingest } from '../src/modules/catalog/ingestion';
import { createCatalogRepository } from '../src/modules/catalog/repository';
import {
  createTmdbClient,
  createTmdbProvider,
  TMDB_REQUESTS_PER_SECOND,
} from '../src/providers/tmdb/tmdb-provider';
import { log, type MeasuredResult, mb, runMeasuredChild, seconds } from './child-runner';

export interface SyncChildResult extends MeasuredResult<'import'> {
  /** import only: */
  requested?: number;
  imported?: number;
  /** Movies of the selection found in the database afterwards. */
  rowsInDatabase?: number;
  missing?: number;
  /** From the first request to the end of ingest (its ANALYZE included), seconds. */
  importSeconds?: number;
  /** Of which: the pipeline waiting for the provider's next batch (the client's pacing included). */
  waitingOnTmdbSeconds?: number;
  /** The longest time between receiving a batch and asking for the next (normalising and writing it). */
  longestWriteSeconds?: number;
  /** HTTP statuses the client received, retries included. */
  statuses?: Record<string, number>;
  clientRequestsPerSecond?: number;
  /** Resident memory as the import went, MB. */
  rssSamples?: { done: number; seconds: number; rssMb: number }[];
}

await runMeasuredChild('SYNC_MODE', 'import', async (database, statuses) => {
  const count = Number(process.env.SYNC_COUNT);
  const firstId = Number(process.env.SYNC_FIRST_ID);
  const config = loadConfig({
    TMDB_API_TOKEN: process.env.TMDB_API_TOKEN,
    TMDB_API_URL: process.env.TMDB_API_URL,
  });
  const settings = config.tmdb;
  if (!settings) throw new Error('TMDB_API_TOKEN and TMDB_API_URL are required');
  const movies = Array.from({ length: count }, (_, i) => firstId + i);
  let missing = 0;
  const provider = createTmdbProvider(createTmdbClient(settings), settings, {
    movies,
    onMissing: () => missing++,
  });
  // The time the pipeline spends waiting for each next batch, and the longest it spends between two.
  let waitingMs = 0;
  let longestWriteMs = 0;
  const timed: typeof provider = {
    ...provider,
    async *fetch() {
      const batches = provider.fetch()[Symbol.asyncIterator]();
      for (;;) {
        const asked = performance.now();
        const next = await batches.next();
        const received = performance.now();
        waitingMs += received - asked;
        if (next.done) return;
        yield next.value;
        longestWriteMs = Math.max(longestWriteMs, performance.now() - received);
      }
    },
  };
  const repo = createCatalogRepository(database.db);
  const samples: NonNullable<SyncChildResult['rssSamples']> = [];
  const started = performance.now();
  let lastLog = started;
  const total = await ingest(repo, timed, {
    onBatch: ({ received }) => {
      const now = performance.now();
      if (now - lastLog < 10_000 && received < count) return;
      lastLog = now;
      const rssMb = mb(process.memoryUsage.rss());
      samples.push({ done: received, seconds: seconds(now - started), rssMb });
      const rate = received / ((now - started) / 1000);
      log(
        `sync: ${received}/${count} titles, ${rate.toFixed(1)}/s, RSS ${rssMb} MB, 429s so far ${statuses[429] ?? 0}`,
      );
    },
  });
  const importMs = performance.now() - started;
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaItems)
    .where(like(mediaItems.providerId, 'tmdb:movie:%'));
  return {
    requested: count,
    imported: total.received,
    rowsInDatabase: row?.n ?? 0,
    missing,
    importSeconds: seconds(importMs),
    waitingOnTmdbSeconds: seconds(waitingMs),
    longestWriteSeconds: seconds(longestWriteMs),
    statuses,
    clientRequestsPerSecond: TMDB_REQUESTS_PER_SECOND,
    rssSamples: samples,
  } satisfies Partial<SyncChildResult>;
});
