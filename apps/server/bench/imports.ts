import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { addDays } from '../src/lib/dates';
import { bookTitleForMatching } from '../src/modules/imports/parse';
import { goodreadsSample, sampleBooks } from '../test/import-samples';
import { startIsbndbFake } from '../test/isbndb-fake';
import { type MemoryFigures, measuredChild, memoryFigures, type SectionOptions } from './child-runner';
import type { ImportsChildResult } from './imports-child';
import { round } from './stats';

/** The sample's seed, as the match-rate test uses. */
const SEED = 7;

/** Requests to the fake of one kind, and the 429s among them. */
interface RequestCount {
  received: number;
  tooManyRequests: number;
}

export interface ImportsResult extends MemoryFigures {
  /** Rows in the Goodreads export; rows to match (the to-read shelf: others are skipped by shelf). */
  rows: number;
  rowsToMatch: number;
  skippedByShelf: number;
  fileBytes: number;
  database: string;
  /** Books the fake ISBNdb holds (one per sample book), built in (not part of any figure), seconds. */
  fakeBooks: number;
  fakeCatalogSeconds: number;
  /** The fake's limit (requests in any one second) and the client's own pace: the app's default. */
  rateLimit: number;
  clientRequestsPerSecond: number;
  /** `create`: reading the file and storing one entry per row, seconds. */
  readSeconds: number;
  /** `matchPending`: the catalog, then ISBNdb for what it lacked, chunk after chunk, seconds. */
  matchSeconds: number;
  /** Of matching: inside the lookup's `bring` (requests at the pace, writing what came, ANALYZE). */
  bringSeconds: number;
  /** Of matching: the rest (reading pending rows, the catalog matcher twice, recording outcomes). */
  restOfMatchSeconds: number;
  bringCalls: number;
  /** rows / (readSeconds + matchSeconds). */
  rowsPerSecond: number;
  /** Requests the fake received by kind, with their 429s. */
  requests: { bulk: RequestCount; title: RequestCount; other: RequestCount };
  requestsReceived: number;
  tooManyRequests: number;
  /** Requests the fake let through (429s excluded): what the import needed. */
  requestsNeeded: number;
  /** requestsNeeded / rateLimit: the import's time if every request went out at the limit, no gap. */
  idealSeconds: number;
  /** rows / idealSeconds: the rate limit's ideal. The baseline. */
  idealRowsPerSecond: number;
  /** rowsPerSecond / idealRowsPerSecond. */
  ratioToIdeal: number;
  /** The import's counts as `get` answers them. */
  status: string;
  matched: number;
  alreadyTracked: number;
  ambiguous: number;
  skipped: number;
  skippedAlreadyOut: number;
  unmatched: number;
  unmatchedReasons: Record<string, number>;
  /** (matched + already tracked + skipped "already out") / rowsToMatch. */
  foundShare: number;
  titlesBrought: number;
  titlesInCatalog: number;
  /** HTTP statuses the client received, retries included. */
  statuses: Record<string, number>;
  /** peakRssMb - idlePeakRssMb: what the import costs. */
  importRssMb: number;
  rssSamples: NonNullable<ImportsChildResult['rssSamples']>;
}

/**
 * One Goodreads library export of `rows` rows (the tests' generator, seed 7) uploaded and matched: a
 * fake ISBNdb (in this process) holding one book per sample book as the match-rate test seeds it,
 * limited to the app's default pace (ISBNDB_REQUESTS_PER_SECOND, 1/s: ISBNdb's basic plan); in a
 * child process of its own, an empty embedded database, one member, and the imports service as app.ts
 * builds it reading and storing the file (`create`), then matching it (`matchPending`: the catalog,
 * then ISBNdb's bulk lookup by ISBN and title searches for the rest). Before it, the same child only
 * opening that database, for its peak memory without the import; the empty database is made by a child
 * of its own, as in bench/follows.ts, so initdb's peak stays out of both.
 */
export async function measureImports(options: SectionOptions & { rows: number }): Promise<ImportsResult> {
  const fake = await startIsbndbFake({ books: [], rateLimit: null });
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-imports-'));
  const dataDir = path.join(tempDir, 'pgdata');
  const file = path.join(tempDir, 'goodreads_library_export.csv');
  try {
    // The app's own pace, as a member on the default configuration has it.
    const pace = loadConfig({ ISBNDB_API_KEY: fake.apiKey, ISBNDB_API_URL: fake.url }).isbndb;
    if (!pace) throw new Error('loadConfig gave no ISBNdb settings');
    const rateLimit = pace.requestsPerSecond;

    // As match-rate.test.ts seeds it: ISBNdb names a book without the series Goodreads appends, half
    // the time with its subtitle; a third are out already.
    const built = performance.now();
    const today = new Date().toISOString().slice(0, 10);
    const books = sampleBooks({ rows: options.rows, seed: SEED });
    books.forEach((b, i) => {
      const title =
        i % 2 === 0 ? bookTitleForMatching(b.title) : b.title.replace(/\s*\([^()]*#\s*\d[^()]*\)$/, '');
      fake.data.add({
        title,
        authors: b.authors,
        ...(b.isbn13 ? { isbn13: b.isbn13 } : {}),
        date_published: i % 3 === 0 ? '2015-04-01' : addDays(today, 30 + i),
        binding: 'Paperback',
        language: 'en',
      });
    });
    const bytes = goodreadsSample({ rows: options.rows, seed: SEED });
    writeFileSync(file, bytes);
    const fakeCatalogSeconds = round((performance.now() - built) / 1000, 2);
    // What the import should need: per chunk of 200 rows, a bulk lookup per 100 ISBNs on the to-read
    // shelf, and a title search per such book without one.
    let estimate = 0;
    for (let i = 0; i < books.length; i += 200) {
      const toRead = books.slice(i, i + 200).filter((b) => b.status === 'to-read');
      const withIsbn = toRead.filter((b) => b.isbn13 ?? b.isbn10).length;
      estimate += Math.ceil(withIsbn / 100) + (toRead.length - withIsbn);
    }
    options.log(
      `imports: the fake ISBNdb holds ${fake.data.books.length} books (built in ${fakeCatalogSeconds} s), limited to ${rateLimit} request/s, the app's default pace; the export is ${bytes.byteLength} bytes.`,
    );

    options.log('imports: creating an empty database, then the importing process only opening it…');
    const child = measuredChild<ImportsChildResult>({
      name: 'imports',
      script: path.join(options.serverDir, 'bench/imports-child.ts'),
      modeVariable: 'IMPORTS_MODE',
      dataDir,
      env: options.env,
      repoRoot: options.repoRoot,
    });
    const { create, idle } = await child.createThenIdle();

    fake.setRateLimit(rateLimit);
    const before = fake.requests.length;
    options.log(
      `imports: one ${options.rows}-row Goodreads import (about ${estimate} requests at ${rateLimit}/s: ${Math.ceil(estimate / rateLimit)} s or more)…`,
    );
    const run = await child.work('run', 'import', {
      IMPORTS_FILE: file,
      ISBNDB_API_URL: fake.url,
      ISBNDB_API_KEY: fake.apiKey,
    });
    const sent = fake.requests.slice(before);
    const count = (kind: (r: (typeof sent)[number]) => boolean): RequestCount => {
      const of = sent.filter(kind);
      return { received: of.length, tooManyRequests: of.filter((r) => r.status === 429).length };
    };
    const requests = {
      bulk: count((r) => r.method === 'POST' && r.path === '/books'),
      title: count((r) => r.method === 'GET' && r.path.startsWith('/books/')),
      other: count(
        (r) =>
          !(r.method === 'POST' && r.path === '/books') &&
          !(r.method === 'GET' && r.path.startsWith('/books/')),
      ),
    };
    const tooManyRequests = sent.filter((r) => r.status === 429).length;
    const requestsNeeded = sent.length - tooManyRequests;
    const rows = run.rows ?? 0;
    const readSeconds = run.readSeconds ?? 0;
    const matchSeconds = run.matchSeconds ?? 0;
    const rowsPerSecond = readSeconds + matchSeconds > 0 ? rows / (readSeconds + matchSeconds) : 0;
    const idealSeconds = requestsNeeded / rateLimit;
    const idealRowsPerSecond = idealSeconds > 0 ? rows / idealSeconds : 0;
    const skippedByShelf = run.skippedByShelf ?? 0;
    const rowsToMatch = rows - skippedByShelf;
    const matched = run.matched ?? 0;
    const alreadyTracked = run.alreadyTracked ?? 0;
    const skippedAlreadyOut = run.skippedAlreadyOut ?? 0;
    return {
      rows,
      rowsToMatch,
      skippedByShelf,
      fileBytes: run.fileBytes ?? bytes.byteLength,
      database: 'an empty PGlite database',
      fakeBooks: fake.data.books.length,
      fakeCatalogSeconds,
      rateLimit,
      clientRequestsPerSecond: run.clientRequestsPerSecond ?? 0,
      readSeconds: round(readSeconds, 2),
      matchSeconds: round(matchSeconds),
      bringSeconds: round(run.bringSeconds ?? 0),
      restOfMatchSeconds: round(matchSeconds - (run.bringSeconds ?? 0)),
      bringCalls: run.bringCalls ?? 0,
      rowsPerSecond: round(rowsPerSecond, 2),
      requests,
      requestsReceived: sent.length,
      tooManyRequests,
      requestsNeeded,
      idealSeconds: round(idealSeconds),
      idealRowsPerSecond: round(idealRowsPerSecond, 2),
      ratioToIdeal: idealRowsPerSecond > 0 ? round(rowsPerSecond / idealRowsPerSecond, 3) : 0,
      status: run.status ?? '?',
      matched,
      alreadyTracked,
      ambiguous: run.ambiguous ?? 0,
      skipped: run.skipped ?? 0,
      skippedAlreadyOut,
      unmatched: run.unmatched ?? 0,
      unmatchedReasons: run.unmatchedReasons ?? {},
      foundShare:
        rowsToMatch > 0 ? round((matched + alreadyTracked + skippedAlreadyOut) / rowsToMatch, 3) : 0,
      titlesBrought: run.titlesBrought ?? 0,
      titlesInCatalog: run.titlesInCatalog ?? 0,
      statuses: run.statuses ?? {},
      ...memoryFigures(create, idle, run),
      importRssMb: round(run.peakRssMb - idle.peakRssMb),
      rssSamples: run.rssSamples ?? [],
    };
  } finally {
    await fake.close();
    rmSync(tempDir, { recursive: true, force: true });
  }
}
