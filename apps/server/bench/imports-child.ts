/**
 * The list import of the imports benchmark (bench/imports.ts), alone in a process of its own so that its
 * peak memory is its own (the fake ISBNdb runs in the benchmark's process).
 *
 * IMPORTS_MODE=idle: opens the embedded database in DATA_DIR (creating it if the directory is empty),
 * migrates it, closes it: the same process, the same code loaded, doing nothing else.
 * IMPORTS_MODE=import: between opening and closing, writes one member, then times the product's own
 * path for an upload: the imports service built as app.ts builds it (the catalog matcher, the import
 * lookup asking the ISBNdb at ISBNDB_API_URL with ISBNDB_API_KEY at the app's default pace), `create`
 * on the file IMPORTS_FILE (reading and storing its rows), then `matchPending` (matching them), then
 * `get` for the counts. Prints one line `{"result":{…}}` on stdout.
 */
import { readFileSync } from 'node:fs';
import { and, eq, ne, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { importEntries, mediaItems, userProfiles, users } from '../src/db/schema';
import { translatorFor } from '../src/infra/i18n';
import { systemClock } from '../src/lib/clock';
import { createCatalogRepository } from '../src/modules/catalog/repository';
import { createImportLookup } from '../src/modules/catalog-sync/import-lookup';
import { createCatalogMatcher } from '../src/modules/imports/matcher';
import { createImportsRepository } from '../src/modules/imports/repository';
import { createImportsService } from '../src/modules/imports/service';
import { createWatchlistRepository } from '../src/modules/watchlist/repository';
import { createIsbndbClient } from '../src/providers/isbndb/isbndb-provider';
import { log, type MeasuredResult, mb, runMeasuredChild, seconds } from './child-runner';

export interface ImportsChildResult extends MeasuredResult<'import'> {
  /** import only: */
  fileBytes?: number;
  /** Rows the import holds (`create`'s answer). */
  rows?: number;
  /** Rows skipped for their shelf (read, currently reading, did not finish): never looked up. */
  skippedByShelf?: number;
  /** `create`: reading the file and storing one entry per row, seconds. */
  readSeconds?: number;
  /** `matchPending`: the catalog, then ISBNdb for what it lacked, chunk after chunk, seconds. */
  matchSeconds?: number;
  /** Of which: inside the lookup's `bring` (the requests, writing what came, ANALYZE), seconds. */
  bringSeconds?: number;
  /** Calls to `bring` (one per chunk that had rows the catalog lacked). */
  bringCalls?: number;
  /** Titles `bring` answered it wrote (the lookup's own count). */
  titlesBrought?: number;
  /** `get` afterwards, seconds. */
  getSeconds?: number;
  /** The import's status and counts as `get` answers them. */
  status?: string;
  matched?: number;
  ambiguous?: number;
  unmatched?: number;
  alreadyTracked?: number;
  skipped?: number;
  /** Skipped because the book is out already (found, nothing to wait for). */
  skippedAlreadyOut?: number;
  /** Unmatched rows by reason. */
  unmatchedReasons?: Record<string, number>;
  /** Titles in the catalog afterwards. */
  titlesInCatalog?: number;
  /** HTTP statuses the client received, retries included. */
  statuses?: Record<string, number>;
  clientRequestsPerSecond?: number;
  /** Resident memory as the import went (done: entries no longer pending), MB. */
  rssSamples?: { phase: 'reading' | 'matching'; done: number; seconds: number; rssMb: number }[];
}

await runMeasuredChild('IMPORTS_MODE', 'import', async (database, statuses) => {
  const file = process.env.IMPORTS_FILE;
  if (!file) throw new Error('IMPORTS_FILE is required');
  // Only the key and the address: the pace is the app's default (ISBNDB_REQUESTS_PER_SECOND unset).
  const config = loadConfig({
    ISBNDB_API_KEY: process.env.ISBNDB_API_KEY,
    ISBNDB_API_URL: process.env.ISBNDB_API_URL,
  });
  const settings = config.isbndb;
  if (!settings) throw new Error('ISBNDB_API_KEY and ISBNDB_API_URL are required');
  const { db } = database;
  const bytes = new Uint8Array(readFileSync(file));

  const userId = 'bench-importer';
  await db.insert(users).values({ id: userId, email: `${userId}@bench.example`, name: userId });
  await db.insert(userProfiles).values({ userId, username: 'bench_importer' });

  // As app.ts builds it; apply (follows, the watchlist's adds) is not measured.
  const clock = systemClock;
  const catalog = createCatalogRepository(db);
  const lookup = createImportLookup({
    catalog,
    providers: {
      tmdb: null,
      isbndb: { client: createIsbndbClient(settings), imageBaseUrl: config.imageProxy.upstreams.isbndb },
    },
    clock,
  });
  let bringMs = 0;
  let bringCalls = 0;
  let titlesBrought = 0;
  const imports = createImportsService({
    repo: createImportsRepository(db),
    matcher: createCatalogMatcher(catalog),
    lookup: {
      bring: async (rows) => {
        const started = performance.now();
        const brought = await lookup.bring(rows);
        bringMs += performance.now() - started;
        bringCalls += 1;
        titlesBrought += brought.inserted;
        return brought;
      },
    },
    follows: {
      follow: async () => {
        throw new Error('not used');
      },
    },
    watchlist: createWatchlistRepository(db),
    clock,
    // The bench calls matchPending itself, to time it.
    schedule: () => {},
  });

  const samples: NonNullable<ImportsChildResult['rssSamples']> = [];
  const started = performance.now();
  let phase: 'reading' | 'matching' = 'reading';
  let importId: string | undefined;
  let rows = 0;
  const doneSoFar = async () => {
    if (!importId) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(importEntries)
      .where(and(eq(importEntries.importId, importId), ne(importEntries.status, 'pending')));
    return row?.n ?? 0;
  };
  const sample = async () => {
    const rssMb = mb(process.memoryUsage.rss());
    const elapsed = seconds(performance.now() - started);
    const done = await doneSoFar();
    samples.push({ phase, done, seconds: elapsed, rssMb });
    return { rssMb, elapsed, done };
  };
  // The last tick's query, awaited before the database closes.
  let ticking: Promise<void> = Promise.resolve();
  const ticker = setInterval(() => {
    ticking = sample().then(({ rssMb, elapsed, done }) => {
      const requests = Object.values(statuses).reduce((a, n) => a + n, 0);
      log(
        `imports: ${phase}, ${done}/${rows || '?'} rows done at ${elapsed} s, RSS ${rssMb} MB, ${requests} answers from ISBNdb (429s ${statuses[429] ?? 0})`,
      );
    });
  }, 10_000);

  try {
    const created = await imports.create(userId, bytes, 'goodreads_library_export.csv');
    const read = performance.now();
    importId = created.id;
    rows = created.rows;
    phase = 'matching';
    await sample();
    log(`imports: ${created.rows} rows read and stored in ${seconds(read - started)} s; matching…`);
    const ran = await imports.matchPending(created.id);
    if (!ran) throw new Error('matchPending did not run (the import was not claimable)');
    const matchedAt = performance.now();
    await sample();
    const got = await imports.get(userId, created.id, translatorFor('en-US'));
    const gotAt = performance.now();
    const skippedByShelf = got.entries.filter(
      (e) => e.status === 'skipped' && e.reason?.startsWith('on your'),
    ).length;
    const unmatchedReasons: Record<string, number> = {};
    for (const e of got.entries.filter((x) => x.status === 'unmatched')) {
      const reason = e.reason ?? '(none)';
      unmatchedReasons[reason] = (unmatchedReasons[reason] ?? 0) + 1;
    }
    const [titles] = await db.select({ n: sql<number>`count(*)::int` }).from(mediaItems);
    return {
      fileBytes: bytes.byteLength,
      rows: created.rows,
      skippedByShelf,
      readSeconds: seconds(read - started),
      matchSeconds: seconds(matchedAt - read),
      bringSeconds: seconds(bringMs),
      bringCalls,
      titlesBrought,
      getSeconds: seconds(gotAt - matchedAt),
      status: got.status,
      matched: got.matched,
      ambiguous: got.ambiguous,
      unmatched: got.unmatched,
      alreadyTracked: got.already_tracked,
      skipped: got.entries.filter((e) => e.status === 'skipped').length,
      skippedAlreadyOut: got.entries.filter((e) => e.status === 'skipped' && e.reason === 'already out')
        .length,
      unmatchedReasons,
      titlesInCatalog: titles?.n ?? 0,
      statuses,
      clientRequestsPerSecond: settings.requestsPerSecond,
      rssSamples: samples,
    } satisfies Partial<ImportsChildResult>;
  } finally {
    clearInterval(ticker);
    await ticking;
  }
});
