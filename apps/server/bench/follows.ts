import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, startTmdbFake } from '../test/tmdb-fake';
import { type MemoryFigures, measuredChild, memoryFigures, type SectionOptions } from './child-runner';
import type { FollowedRef, FollowsChildResult } from './follows-child';
import { round } from './stats';

/** TMDB's own limit, about 50 requests per second per IP (developer.themoviedb.org/docs/rate-limiting). */
const TMDB_RATE_LIMIT = 50;

export interface FollowsResult extends MemoryFigures {
  /** Refs followed (half series, half people), follows (one per ref), members (10 follows each). */
  refs: number;
  follows: number;
  members: number;
  database: string;
  /** Building the fake's series, people and movies (not part of any figure), seconds. */
  fakeCatalogSeconds: number;
  /** Writing the members, refs and follows before the pass (not part of any figure), seconds. */
  setupSeconds: number;
  /** What the pass answered: refs asked of TMDB, titles put on watchlists, members with new titles. */
  checked: number;
  newTitles: number;
  told: number;
  titlesInCatalog: number;
  watchlistEntries: number;
  /** The fake's limit (requests in any one-second window) and the client's own pace. */
  rateLimit: number;
  clientRequestsPerSecond: number;
  /** Requests the fake let through per ref checked (429s excluded). */
  requestsPerRef: number;
  /** Refs per second the rate limit allows: rateLimit / requestsPerRef. The baseline. */
  idealRefsPerSecond: number;
  /** Refs per second the client's own pace allows: clientRequestsPerSecond / requestsPerRef. */
  clientPaceRefsPerSecond: number;
  passSeconds: number;
  refsPerSecond: number;
  /** refsPerSecond / idealRefsPerSecond. */
  ratioToIdeal: number;
  /** Of the pass: asking TMDB for every ref and writing what it found, then the scan for new titles. */
  checkingSeconds: number;
  addingSeconds: number;
  /** Requests the fake received, and the 429s among them. */
  requestsReceived: number;
  tooManyRequests: number;
  statuses: Record<string, number>;
  /** peakRssMb - idlePeakRssMb: what the pass (and writing its follows) costs. */
  passRssMb: number;
  rssSamples: NonNullable<FollowsChildResult['rssSamples']>;
}

/**
 * One pass of the follows sync over `refs` followed refs: a fake TMDB (in this process) holding half
 * as many series (a season out 400 days ago, one to come) and half as many directors (a film out,
 * one to come), limiting requests to TMDB's ~50/s; in a child process of its own, an embedded
 * database with 10 follows per member and every ref followed once, and the follows service asking
 * TMDB for every ref (`sync('all', null)`). Before it, the same child only opening that database,
 * for its peak memory without the pass; the empty database is made by a child of its own, as in
 * bench/sync.ts, so initdb's peak stays out of both.
 */
export async function measureFollows(options: SectionOptions & { refs: number }): Promise<FollowsResult> {
  const fake = await startTmdbFake();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-follows-'));
  const dataDir = path.join(tempDir, 'pgdata');
  const refsFile = path.join(tempDir, 'refs.json');
  try {
    // Series and people alternate, so each member follows both kinds.
    const built = performance.now();
    const today = fake.data.today();
    const refs: FollowedRef[] = [];
    for (let i = 0; i < options.refs; i++) {
      const n = Math.floor(i / 2);
      const ahead = addDays(today, 30 + (n % 271));
      if (i % 2 === 0) {
        const name = `Bench Series ${n}`;
        const s = fake.data.addSeries({ name, popularity: 5 });
        fake.data.addSeason(s.id, { air_date: addDays(today, -(390 + (n % 20))) });
        fake.data.addSeason(s.id, { air_date: ahead });
        refs.push({ ref: `tmdb:tv:${s.id}`, kind: 'series', name });
      } else {
        const name = `Bench Director ${n}`;
        const p = fake.data.addPerson({ name, known_for_department: 'Directing' });
        const director = { job: 'Director', department: 'Directing' };
        const old = fake.data.addMovie({
          title: `Bench Film ${n} A`,
          usTheatrical: addDays(today, -(60 + n)),
        });
        fake.data.creditPerson('movie', old.id, p.id, director);
        const next = fake.data.addMovie({ title: `Bench Film ${n} B`, usTheatrical: ahead });
        fake.data.creditPerson('movie', next.id, p.id, director);
        refs.push({ ref: `tmdb:person:${p.id}`, kind: 'person', name });
      }
    }
    writeFileSync(refsFile, JSON.stringify(refs));
    const fakeCatalogSeconds = round((performance.now() - built) / 1000, 2);
    options.log(
      `follows: the fake TMDB holds ${Math.ceil(options.refs / 2)} more series and ${Math.floor(options.refs / 2)} directors with two films each (built in ${fakeCatalogSeconds} s), limited to ${TMDB_RATE_LIMIT} requests/s.`,
    );

    options.log('follows: creating an empty database, then the syncing process only opening it…');
    const child = measuredChild<FollowsChildResult>({
      name: 'follows',
      script: path.join(options.serverDir, 'bench/follows-child.ts'),
      modeVariable: 'FOLLOWS_MODE',
      dataDir,
      env: options.env,
      repoRoot: options.repoRoot,
    });
    const { create, idle } = await child.createThenIdle();

    fake.setRateLimit(TMDB_RATE_LIMIT);
    const before = fake.requests.length;
    // A series takes one request, a person three (details, credits, the film to come): two on average.
    options.log(`follows: one pass over ${options.refs} refs (about ${Math.ceil(options.refs / 20)} s)…`);
    const run = await child.work('sync', 'sync', {
      FOLLOWS_REFS_FILE: refsFile,
      TMDB_API_URL: fake.url,
      TMDB_API_TOKEN: fake.token,
    });
    const requestsReceived = fake.requests.length - before;
    const statuses = run.statuses ?? {};
    const tooManyRequests = statuses['429'] ?? 0;
    const checked = run.checked ?? 0;
    const passSeconds = run.passSeconds ?? 0;
    const requestsPerRef = checked > 0 ? (requestsReceived - tooManyRequests) / checked : 1;
    const ideal = TMDB_RATE_LIMIT / requestsPerRef;
    const refsPerSecond = passSeconds > 0 ? checked / passSeconds : 0;
    const clientRps = run.clientRequestsPerSecond ?? 0;
    return {
      refs: run.refs ?? options.refs,
      follows: run.follows ?? 0,
      members: run.members ?? 0,
      database: 'an empty PGlite database',
      fakeCatalogSeconds,
      setupSeconds: run.setupSeconds ?? 0,
      checked,
      newTitles: run.newTitles ?? 0,
      told: run.told ?? 0,
      titlesInCatalog: run.titlesInCatalog ?? 0,
      watchlistEntries: run.watchlistEntries ?? 0,
      rateLimit: TMDB_RATE_LIMIT,
      clientRequestsPerSecond: clientRps,
      requestsPerRef: round(requestsPerRef, 3),
      idealRefsPerSecond: round(ideal),
      clientPaceRefsPerSecond: round(clientRps / requestsPerRef),
      passSeconds: round(passSeconds),
      refsPerSecond: round(refsPerSecond),
      ratioToIdeal: round(refsPerSecond / ideal, 3),
      checkingSeconds: round(run.checkingSeconds ?? 0),
      addingSeconds: round(run.addingSeconds ?? 0),
      requestsReceived,
      tooManyRequests,
      statuses,
      ...memoryFigures(create, idle, run),
      passRssMb: round(run.peakRssMb - idle.peakRssMb),
      rssSamples: run.rssSamples ?? [],
    };
  } finally {
    await fake.close();
    rmSync(tempDir, { recursive: true, force: true });
  }
}
