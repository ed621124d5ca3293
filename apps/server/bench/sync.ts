import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTmdbFake } from '../test/tmdb-fake';
import { type MemoryFigures, measuredChild, memoryFigures, type SectionOptions } from './child-runner';
import { round } from './stats';
import type { SyncChildResult } from './sync-import';

/** TMDB's own limit, about 50 requests per second per IP (developer.themoviedb.org/docs/rate-limiting). */
const TMDB_RATE_LIMIT = 50;
/** Ids of the benchmark's movies, clear of the fake's seeded catalog. */
const FIRST_ID = 5_000_001;

export interface SyncResult extends MemoryFigures {
  /** Titles asked for, and titles imported (received by ingest), and found in the database after. */
  requested: number;
  imported: number;
  rowsInDatabase: number;
  missing: number;
  database: string;
  /** Building the fake's catalog of that many movies, seconds (not part of any figure). */
  fakeCatalogSeconds: number;
  /** The fake's limit (requests in any one-second window) and the client's own pace. */
  rateLimit: number;
  clientRequestsPerSecond: number;
  /** Requests the fake let through per imported title (429s excluded). */
  requestsPerTitle: number;
  /** Titles per second the rate limit allows: rateLimit / requestsPerTitle. The baseline. */
  idealItemsPerSecond: number;
  /** Titles per second the client's own pace allows: clientRequestsPerSecond / requestsPerTitle. */
  clientPaceItemsPerSecond: number;
  importSeconds: number;
  itemsPerSecond: number;
  /** itemsPerSecond / idealItemsPerSecond. */
  ratioToIdeal: number;
  /** Of the import's wall time: waiting for TMDB's answers (pacing included), and the rest (normalise, write). */
  waitingOnTmdbSeconds: number;
  writingSeconds: number;
  /** The longest pause between two batches (one batch normalised and written). */
  longestWriteSeconds: number;
  /** Requests the fake received, and the 429s among them. */
  requestsReceived: number;
  tooManyRequests: number;
  statuses: Record<string, number>;
  /** peakRssMb - idlePeakRssMb: what the import itself costs. */
  importRssMb: number;
  rssSamples: NonNullable<SyncChildResult['rssSamples']>;
}

/**
 * The TMDB sync as catalog:import runs it: a fake TMDB (in this process) holding `items` movies and
 * limiting requests to TMDB's ~50/s; in a child process of its own, an empty embedded database and
 * the importer asking for every movie by id through createTmdbProvider + ingest. Before it, the same
 * child only opening that database, for its peak memory without the import.
 *
 * The empty database is made first by a child of its own: PGlite's initdb peaks near 1 GB, once in a
 * database's life, and would hide the import's memory if the importer's process made it.
 */
export async function measureSync(options: SectionOptions & { items: number }): Promise<SyncResult> {
  const fake = await startTmdbFake();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-sync-'));
  try {
    // The fake's 60 seeded movies, of seven kinds (released, upcoming, digital only, no date, foreign
    // only...), each with its credits and regional releases, serve as templates: the benchmark's movies
    // are copies with ids and titles of their own, so payloads are as varied as the fake's catalog.
    const built = performance.now();
    const templates = [...fake.data.movies.values()];
    for (let i = 0; i < options.items; i++) {
      const { id: _id, ...template } = templates[i % templates.length]!;
      fake.data.addMovie({
        ...template,
        id: FIRST_ID + i,
        title: `${template.title} ${Math.floor(i / templates.length) + 2}`,
      });
    }
    const fakeCatalogSeconds = round((performance.now() - built) / 1000, 2);
    options.log(
      `sync: the fake TMDB holds ${options.items} more movies (built in ${fakeCatalogSeconds} s), limited to ${TMDB_RATE_LIMIT} requests/s.`,
    );

    options.log('sync: creating an empty database, then the importer process only opening it…');
    const child = measuredChild<SyncChildResult>({
      name: 'sync',
      script: path.join(options.serverDir, 'bench/sync-import.ts'),
      modeVariable: 'SYNC_MODE',
      dataDir,
      env: options.env,
      repoRoot: options.repoRoot,
    });
    const { create, idle } = await child.createThenIdle();

    fake.setRateLimit(TMDB_RATE_LIMIT);
    const before = fake.requests.length;
    options.log(`sync: importing ${options.items} movies by id (about ${Math.ceil(options.items / 40)} s)…`);
    const run = await child.work('import', 'import', {
      TMDB_API_URL: fake.url,
      TMDB_API_TOKEN: fake.token,
      SYNC_FIRST_ID: String(FIRST_ID),
      SYNC_COUNT: String(options.items),
    });
    const requestsReceived = fake.requests.length - before;
    const statuses = run.statuses ?? {};
    const tooManyRequests = statuses['429'] ?? 0;
    const imported = run.imported ?? 0;
    const importSeconds = run.importSeconds ?? 0;
    const waiting = run.waitingOnTmdbSeconds ?? 0;
    const requestsPerTitle = imported > 0 ? (requestsReceived - tooManyRequests) / imported : 1;
    const ideal = TMDB_RATE_LIMIT / requestsPerTitle;
    const itemsPerSecond = importSeconds > 0 ? imported / importSeconds : 0;
    const clientRps = run.clientRequestsPerSecond ?? 0;
    return {
      requested: options.items,
      imported,
      rowsInDatabase: run.rowsInDatabase ?? 0,
      missing: run.missing ?? 0,
      database: 'an empty PGlite database',
      fakeCatalogSeconds,
      rateLimit: TMDB_RATE_LIMIT,
      clientRequestsPerSecond: clientRps,
      requestsPerTitle: round(requestsPerTitle, 3),
      idealItemsPerSecond: round(ideal),
      clientPaceItemsPerSecond: round(clientRps / requestsPerTitle),
      importSeconds: round(importSeconds),
      itemsPerSecond: round(itemsPerSecond),
      ratioToIdeal: round(itemsPerSecond / ideal, 3),
      waitingOnTmdbSeconds: round(waiting),
      writingSeconds: round(importSeconds - waiting),
      longestWriteSeconds: run.longestWriteSeconds ?? 0,
      requestsReceived,
      tooManyRequests,
      statuses,
      ...memoryFigures(create, idle, run),
      importRssMb: round(run.peakRssMb - idle.peakRssMb),
      rssSamples: run.rssSamples ?? [],
    };
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
