/**
 * The follows sync of the follows benchmark (bench/follows.ts), alone in a process of its own so that
 * its peak memory is its own (the fake TMDB runs in the benchmark's process).
 *
 * FOLLOWS_MODE=idle: opens the embedded database in DATA_DIR (creating it if the directory is empty),
 * migrates it, closes it: the same process, the same code loaded, doing nothing else.
 * FOLLOWS_MODE=sync: between opening and closing, writes the members, the followed refs listed in
 * FOLLOWS_REFS_FILE (JSON, `{ ref, kind, name }[]`) and 10 follows per member, then times one pass of
 * the follows sync (`sync('all', null)`, as follows:sync runs it) against the TMDB at TMDB_API_URL
 * (TMDB_API_TOKEN). Prints one line `{"result":{…}}` on stdout.
 */
import { readFileSync } from 'node:fs';
import type { CreditRole } from '@releasebell/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { follows, followTargets, mediaItems, userProfiles, users, watchlistEntries } from '../src/db/schema';
import { createRateLimiter } from '../src/infra/rate-limiter';
import { createCatalogRepository } from '../src/modules/catalog/repository';
import { createFollowSources } from '../src/modules/catalog-sync/follow-sources';
import { createFollowsRepository } from '../src/modules/follows/repository';
import { createFollowsService } from '../src/modules/follows/service';
import { createWatchlistRepository } from '../src/modules/watchlist/repository';
import { createTmdbClient, TMDB_REQUESTS_PER_SECOND } from '../src/providers/tmdb/tmdb-provider';
import { log, type MeasuredResult, mb, runMeasuredChild, seconds } from './child-runner';

/** A followed ref as the benchmark made it on the fake. */
export interface FollowedRef {
  ref: string;
  kind: 'series' | 'person';
  name: string;
}

export interface FollowsChildResult extends MeasuredResult<'sync'> {
  /** sync only: */
  members?: number;
  refs?: number;
  follows?: number;
  /** Writing the members, refs and follows before the pass (not timed as part of it), seconds. */
  setupSeconds?: number;
  /** What the pass answered. */
  checked?: number;
  newTitles?: number;
  told?: number;
  /** The pass, from its first query to its answer, seconds. */
  passSeconds?: number;
  /** Of which: asking TMDB for every ref and writing what it found, then the scan for new titles. */
  checkingSeconds?: number;
  addingSeconds?: number;
  /** Rows found afterwards: titles in the catalog, entries on watchlists. */
  titlesInCatalog?: number;
  watchlistEntries?: number;
  /** HTTP statuses the client received, retries included. */
  statuses?: Record<string, number>;
  clientRequestsPerSecond?: number;
  /** Resident memory as the pass went, MB. */
  rssSamples?: { checked: number; seconds: number; rssMb: number }[];
}

/** Members each follow this many refs, every ref followed once. */
const FOLLOWS_PER_MEMBER = 10;
/** Rows per insert statement. */
const CHUNK = 1000;

await runMeasuredChild('FOLLOWS_MODE', 'sync', async (database, statuses) => {
  const refsFile = process.env.FOLLOWS_REFS_FILE;
  if (!refsFile) throw new Error('FOLLOWS_REFS_FILE is required');
  const refs = JSON.parse(readFileSync(refsFile, 'utf8')) as FollowedRef[];
  const config = loadConfig({
    TMDB_API_TOKEN: process.env.TMDB_API_TOKEN,
    TMDB_API_URL: process.env.TMDB_API_URL,
  });
  const settings = config.tmdb;
  if (!settings) throw new Error('TMDB_API_TOKEN and TMDB_API_URL are required');
  const { db } = database;

  // Followed a day ago, so every credit the pass writes counts as found since the follow began.
  const setup = performance.now();
  const dayAgo = new Date(Date.now() - 86_400_000);
  const members = Math.ceil(refs.length / FOLLOWS_PER_MEMBER);
  const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
  };
  const memberIds = Array.from({ length: members }, (_, i) => `bench-member-${i}`);
  await inChunks(memberIds, (ids) =>
    db.insert(users).values(ids.map((id) => ({ id, email: `${id}@bench.example`, name: id }))),
  );
  await inChunks(memberIds, (ids) =>
    db.insert(userProfiles).values(ids.map((id) => ({ userId: id, username: id.replaceAll('-', '_') }))),
  );
  await inChunks(refs, (chunk) =>
    db
      .insert(followTargets)
      .values(chunk.map((r) => ({ ...r, image: null, checkedAt: null, createdAt: dayAgo }))),
  );
  const roles: Record<FollowedRef['kind'], CreditRole[]> = {
    series: ['series'],
    person: ['directing', 'writing', 'creating'],
  };
  await inChunks(
    refs.map((r, i) => ({
      userId: memberIds[Math.floor(i / FOLLOWS_PER_MEMBER)]!,
      ref: r.ref,
      roles: roles[r.kind],
      createdAt: dayAgo,
    })),
    (chunk) => db.insert(follows).values(chunk),
  );
  const setupSeconds = seconds(performance.now() - setup);
  log(`follows: ${members} members following ${refs.length} refs written in ${setupSeconds} s`);

  const clock = () => new Date();
  const sources = createFollowSources({
    catalog: createCatalogRepository(db),
    providers: { tmdb: { client: createTmdbClient(settings), settings }, isbndb: null },
    clock,
  });
  const repo = createFollowsRepository(db);
  // Refs asked of TMDB so far, and when the pass turned to the scan for new titles.
  let fetched = 0;
  let scanStarted: number | undefined;
  const service = createFollowsService({
    repo: {
      ...repo,
      titlesToAdd: (options) => {
        scanStarted ??= performance.now();
        return repo.titlesToAdd(options);
      },
    },
    sources: {
      ...sources,
      fetch: async (ref, known) => {
        const found = await sources.fetch(ref, known);
        fetched += 1;
        return found;
      },
    },
    watchlist: createWatchlistRepository(db),
    clock,
    limiter: createRateLimiter(db, clock),
  });

  const samples: NonNullable<FollowsChildResult['rssSamples']> = [];
  const started = performance.now();
  const sample = () => {
    const rssMb = mb(process.memoryUsage.rss());
    const elapsed = seconds(performance.now() - started);
    samples.push({ checked: fetched, seconds: elapsed, rssMb });
    return { rssMb, elapsed };
  };
  const ticker = setInterval(() => {
    const { rssMb, elapsed } = sample();
    log(
      `follows: ${fetched}/${refs.length} refs, ${(fetched / elapsed).toFixed(1)}/s, RSS ${rssMb} MB, 429s so far ${statuses[429] ?? 0}`,
    );
  }, 10_000);
  const pass = await service.sync('all', null).finally(() => clearInterval(ticker));
  const ended = performance.now();
  sample();
  const [titles] = await db.select({ n: sql<number>`count(*)::int` }).from(mediaItems);
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(watchlistEntries);
  return {
    members,
    refs: refs.length,
    follows: refs.length,
    setupSeconds,
    ...pass,
    passSeconds: seconds(ended - started),
    checkingSeconds: seconds((scanStarted ?? ended) - started),
    addingSeconds: seconds(ended - (scanStarted ?? ended)),
    titlesInCatalog: titles?.n ?? 0,
    watchlistEntries: entries?.n ?? 0,
    statuses,
    clientRequestsPerSecond: TMDB_REQUESTS_PER_SECOND,
    rssSamples: samples,
  } satisfies Partial<FollowsChildResult>;
});
