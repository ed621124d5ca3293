/**
 * `npm run bench`: load and latency figures for Releasebell's server on this machine, next to the
 * targets. It prints figures and never fails on a target. See USAGE.
 */

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_MAX_ROWS } from '@releasebell/contract';
import autocannon from 'autocannon';
import { like, sql } from 'drizzle-orm';
import { startBalancer } from '../soak/balancer';
import { openDatabase } from '../src/db/client';
import { mediaItems } from '../src/db/schema';
import { normaliseForSearch } from '../src/lib/text';
import { findDataDirUsers, redactUrl } from '../src/scripts/catalog-generator';
import {
  type CalendarFeedResult,
  measureCalendarFeed,
  measurePushFanout,
  type PushFanoutResult,
} from './channels';
import {
  type AppStart,
  type ChildServer,
  installCleanup,
  runCommand,
  startApp,
  startChild,
  stopAllChildren,
} from './children';
import {
  type ColdSearchResult,
  measureColdSearch,
  printColdSearch,
  readCatalogTitles,
  type ScaleFront,
} from './cold-search';
import { type FanoutResult, measureFanout } from './fanout';
import { type FollowsResult, measureFollows } from './follows';
import { type ImportLoadOutcome, importLoadMet, measureImportLoad, printImportLoad } from './import-load';
import { type ImportsResult, measureImports } from './imports';
import { type LighthouseOutcome, lighthouseTargets, measureLighthouse, printLighthouse } from './lighthouse';
import { measureNextTick } from './next-tick';
import { buildSearchQueries, type SearchQuery } from './queries';
import {
  measureSigninBurst,
  printSigninBurst,
  type SigninBurstOutcome,
  signinBurstTargets,
} from './signin-burst';
import { type LatencySummary, round, summarise } from './stats';
import { measureSync, type SyncResult } from './sync';
import { measureWatch, type WatchResult } from './watch';
import { type HomeJs, measureHomeJs } from './web-js';

const USAGE = `Usage: npm run bench -- [options]

Generates (or reuses) a synthetic catalog, starts the app (at the default log level, as it ships)
and a bare Fastify baseline in child processes, loads them with wrk (autocannon, with a warning, when
wrk is not installed: apt-get install wrk), measures search latency and the home page's initial JS;
then a burst of sign-ins against pages, the notification fan-out, the TMDB sync, the follows sync, the
availability pass, a Goodreads import, and Lighthouse on the built app's pages.

Options:
  --items <n>           synthetic catalog size                          (default: 100000)
  --seed <n>            catalog seed                                    (default: 42)
  --duration <s>        seconds per load test                           (default: 5)
  --rounds <n>          rounds of every load test, each round starting  (default: 3)
                        with the baseline; the median round is reported
  --connections <n>     concurrent connections per load test            (default: 50)
  --search-queries <n>  sequential search requests for latency          (default: 500)
  --cold-search-queries <n>  sequential queries of the cold search, every one new (default: 1000);
                        its load walks 300,000 more, none repeated
  --search-instances <n>  then the cold search's load again through HAProxy (deploy/haproxy.cfg)
                        in front of 1, 2... n instances of the app on the same PostgreSQL
                        (BENCH_DATABASE_URL), nothing pinned: how search scales (default: 0, not run)
  --only-search         run only the search figures (sequential, then under load beside the
                        baseline, then the cold search) on the synthetic catalog
  --no-pin              leave CPU placement to the scheduler (by default, on Linux with 2+ CPUs,
                        the servers share CPU 0 and the load generator gets CPU 1)
  --log-level <level>   the app's LOG_LEVEL                             (default: info, as shipped)
  --autocannon          load with autocannon even when wrk is installed
  --fresh               regenerate the catalog even if a cached one exists
  --data-dir <dir>      use this embedded database as it is (no generation; stop its app first)
  --serve-script <file> start the app with this script under tsx instead of the built bundle
                        (apps/server/dist/server.js, rebuilt at the start), to A/B a prototype or
                        measure from the sources (bench/serve.ts); it must print
                        {"ready":true,"port":N} once listening
  --build-web           rebuild the web app before measuring its JS
  --only-signin-burst   run only the sign-in burst: 90 sign-ins at once (unknown emails, 30 each from
                        127.0.0.2-4) while GET / and a script are timed, on a fresh embedded database
                        (with --only-sync and the like: those too, nothing else); wrk not needed
  --no-signin-burst     skip the sign-in burst
  --only-import-load    run only the import load: GET /, /healthz and a member's watchlist timed at
                        rest, then while a 20,000-row Letterboxd watchlist is read and matched, on a
                        fresh embedded database (and on PostgreSQL with BENCH_DATABASE_URL)
  --no-import-load      skip the import load
  --fanout-members <n>  members tracking the title whose release day arrives (default: 10000)
  --only-fanout         run only the notification fan-out
  --no-fanout           skip the notification fan-out
  --sync-items <n>      movies the TMDB sync imports from the fake TMDB (default: 10000; at
                        TMDB's pace, about 40 a second)
  --only-sync           run only the TMDB sync (with --only-fanout: both, nothing else)
  --no-sync             skip the TMDB sync
  --follows <n>         refs (half series, half people) one pass of the follows sync asks the fake
                        TMDB for, 10 follows per member (default: 10000; about 20 refs a second)
  --only-follows        run only the follows sync (with --only-sync and the like: those too)
  --no-follows          skip the follows sync
  --watch-titles <n>    tracked titles one availability pass (where to watch) asks the fake TMDB
                        about, 10 per member (default: 50000; about 40 titles a second, 21 minutes)
  --only-watch          run only the availability pass (with --only-sync and the like: those too)
  --no-watch            skip the availability pass
  --imports <n>         rows of the Goodreads export uploaded and matched against the fake ISBNdb
                        at the app's default pace, 1 request/s (default: 5000; about 7 minutes)
  --only-imports        run only the Goodreads import (with --only-sync and the like: those too)
  --no-imports          skip the Goodreads import
  --only-channels       run only the calendar feed (a member tracking 1,000 titles) and the push
                        fan-out (10,000 devices to a local push service, beside a bare web-push loop)
  --no-channels         skip the calendar feed and the push fan-out
  --lighthouse-runs <n> Lighthouse runs per page (mobile preset) on the built app's /,   (default: 3)
                        an item page, /search?query=dra and /leaderboard
  --only-lighthouse     run only Lighthouse (no synthetic catalog; with --only-sync,
                        --only-follows or --only-fanout: those too, nothing else)
  --no-lighthouse       skip Lighthouse
  -h, --help            show this help

Environment: BENCH_DATABASE_URL=postgres://… benchmarks against PostgreSQL instead of a cached
embedded database under bench-results/ (the sign-in burst, the TMDB sync, the follows sync, the
availability pass, the Goodreads import and Lighthouse always use a fresh embedded one).
CHROME_PATH: the Chromium Lighthouse drives (default /usr/bin/chromium; missing: Lighthouse is skipped
with a warning). Results go to bench-results/latest.json (--only-sync: bench-results/latest-sync.json,
--only-follows: bench-results/latest-follows.json, --only-watch: bench-results/latest-watch.json,
--only-imports: bench-results/latest-imports.json,
--only-channels: bench-results/latest-channels.json,
--only-lighthouse: bench-results/latest-lighthouse.json, --only-signin-burst:
bench-results/latest-signin-burst.json);
Lighthouse's full results to bench-results/lighthouse/<start time>/.`;

/** Bump when the generator's output changes, so cached catalogs are made again. */
const CACHE_VERSION = 2;

const TARGETS = {
  /** Catalog lists (upcoming, trending) against bare Fastify's tiny route, in the same round. */
  listRatio: 0.6,
  /** Item pages (/media/slug/...) against the same. */
  itemRatio: 0.5,
  /** Sequential searches over the bench's prefixes, each asked of a fresh app (no answer kept yet). */
  searchP95Ms: 15,
  /** Searches under load (`--connections`, 50 by default). */
  searchRequestsPerSecond: 1000,
  searchP99Ms: 100,
  homeJsKb: 150,
  fanoutEmailsPerSecond: 300,
  fanoutP99Seconds: 60,
  // The TMDB client paces itself at 40 requests/s, 80% of TMDB's ~50/s, on purpose; the pipeline's own
  // work (normalising, writing) may cost at most a few points more.
  syncRatioToIdeal: 0.75,
  // Half of a 1 GB instance, where the sync shares the machine with the app.
  syncPeakRssMb: 512,
} as const;

const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '../..');
const resultsDir = path.join(repoRoot, 'bench-results');

interface Options {
  items: number;
  seed: number;
  duration: number;
  rounds: number;
  connections: number;
  searchQueries: number;
  /** Sequential queries of the cold search (every query new, so no kept answer is hit). */
  coldSearchQueries: number;
  /** Instances the cold search's load is measured behind HAProxy in front of, 1 to this (0: not). */
  searchInstances: number;
  /** Only the catalog's load tests of search (beside the baseline) and the sequential search latency. */
  onlySearch: boolean;
  fresh: boolean;
  pin: boolean;
  buildWeb: boolean;
  dataDir: string | undefined;
  app: AppStart;
  signinBurst: 'only' | 'yes' | 'no';
  importLoad: 'only' | 'yes' | 'no';
  fanoutMembers: number;
  fanout: 'only' | 'yes' | 'no';
  syncItems: number;
  sync: 'only' | 'yes' | 'no';
  followsRefs: number;
  follows: 'only' | 'yes' | 'no';
  watchTitles: number;
  watch: 'only' | 'yes' | 'no';
  importsRows: number;
  imports: 'only' | 'yes' | 'no';
  channels: 'only' | 'yes' | 'no';
  lighthouseRuns: number;
  lighthouse: 'only' | 'yes' | 'no';
  logLevel: string;
  autocannon: boolean;
}

function parseOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '42' },
      duration: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      'search-queries': { type: 'string', default: '500' },
      'cold-search-queries': { type: 'string', default: '1000' },
      'search-instances': { type: 'string', default: '0' },
      'only-search': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      'build-web': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'serve-script': { type: 'string' },
      'only-signin-burst': { type: 'boolean', default: false },
      'no-signin-burst': { type: 'boolean', default: false },
      'only-import-load': { type: 'boolean', default: false },
      'no-import-load': { type: 'boolean', default: false },
      'fanout-members': { type: 'string', default: '10000' },
      'only-fanout': { type: 'boolean', default: false },
      'no-fanout': { type: 'boolean', default: false },
      'sync-items': { type: 'string', default: '10000' },
      'only-sync': { type: 'boolean', default: false },
      'no-sync': { type: 'boolean', default: false },
      follows: { type: 'string', default: '10000' },
      'only-follows': { type: 'boolean', default: false },
      'no-follows': { type: 'boolean', default: false },
      'watch-titles': { type: 'string', default: '50000' },
      'only-watch': { type: 'boolean', default: false },
      'no-watch': { type: 'boolean', default: false },
      imports: { type: 'string', default: '5000' },
      'only-imports': { type: 'boolean', default: false },
      'no-imports': { type: 'boolean', default: false },
      'only-channels': { type: 'boolean', default: false },
      'no-channels': { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '3' },
      'only-lighthouse': { type: 'boolean', default: false },
      'no-lighthouse': { type: 'boolean', default: false },
      'log-level': { type: 'string', default: 'info' },
      autocannon: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const int = (name: string, value: string, min: number, max: number) => {
    const n = Number(value.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    }
    return n;
  };
  if (values['search-instances'] !== '0' && !process.env.BENCH_DATABASE_URL) {
    throw new Error('--search-instances needs BENCH_DATABASE_URL: the embedded database is for one process');
  }
  return {
    items: int('items', values.items, 1, 10_000_000),
    seed: int('seed', values.seed, 0, 0xffffffff),
    duration: int('duration', values.duration, 1, 600),
    rounds: int('rounds', values.rounds, 1, 20),
    connections: int('connections', values.connections, 1, 1000),
    searchQueries: int('search-queries', values['search-queries'], 1, 100_000),
    coldSearchQueries: int('cold-search-queries', values['cold-search-queries'], 1, 100_000),
    searchInstances: int('search-instances', values['search-instances'], 0, 8),
    onlySearch: values['only-search'],
    fresh: values.fresh,
    pin: !values['no-pin'],
    buildWeb: values['build-web'],
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : undefined,
    app: values['serve-script']
      ? { script: path.resolve(values['serve-script']) }
      : { bundle: path.join(serverDir, 'dist/server.js') },
    signinBurst: values['only-signin-burst']
      ? 'only'
      : values['no-signin-burst'] || values['only-search']
        ? 'no'
        : 'yes',
    importLoad: values['only-import-load']
      ? 'only'
      : values['no-import-load'] || values['only-search']
        ? 'no'
        : 'yes',
    fanoutMembers: int('fanout-members', values['fanout-members'], 1, 1_000_000),
    fanout: values['only-fanout'] ? 'only' : values['no-fanout'] || values['only-search'] ? 'no' : 'yes',
    syncItems: int('sync-items', values['sync-items'], 1, 1_000_000),
    sync: values['only-sync'] ? 'only' : values['no-sync'] || values['only-search'] ? 'no' : 'yes',
    followsRefs: int('follows', values.follows, 1, 1_000_000),
    follows: values['only-follows'] ? 'only' : values['no-follows'] || values['only-search'] ? 'no' : 'yes',
    watchTitles: int('watch-titles', values['watch-titles'], 1, 1_000_000),
    watch: values['only-watch'] ? 'only' : values['no-watch'] || values['only-search'] ? 'no' : 'yes',
    // The import takes at most IMPORT_MAX_ROWS rows (20,000).
    importsRows: int('imports', values.imports, 1, 20_000),
    imports: values['only-imports'] ? 'only' : values['no-imports'] || values['only-search'] ? 'no' : 'yes',
    channels: values['only-channels']
      ? 'only'
      : values['no-channels'] || values['only-search']
        ? 'no'
        : 'yes',
    lighthouseRuns: int('lighthouse-runs', values['lighthouse-runs'], 1, 20),
    lighthouse: values['only-lighthouse']
      ? 'only'
      : values['no-lighthouse'] || values['only-search']
        ? 'no'
        : 'yes',
    logLevel: values['log-level'],
    autocannon: values.autocannon,
  };
}

/** The most rows an import takes (IMPORT_MAX_ROWS): the import load uploads that many. */
const IMPORT_LOAD_ROWS = IMPORT_MAX_ROWS;

const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * On a small machine the load generator and the server compete for the same cores, and where the
 * scheduler puts them moved the figures by a third between runs. Pinned, the servers (one at a time
 * under load) get CPU 0 to themselves and the load generator (wrk, started pinned, or autocannon in
 * this process) gets CPU 1: each figure then measures the server.
 */
function pinCpus(serverPids: number[]): string {
  if (os.cpus().length < 2) return 'not pinned (one CPU)';
  try {
    for (const pid of serverPids) {
      execFileSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { stdio: 'ignore' });
    }
    execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    return "servers pinned to CPU 0, the load generator (and the benchmark reading the app's logs) to CPU 1";
  } catch {
    return 'not pinned (taskset unavailable)';
  }
}
/** Lets these processes run on every CPU again. */
function unpinCpus(pids: number[]): void {
  const all = `0-${os.cpus().length - 1}`;
  for (const pid of pids) execFileSync('taskset', ['-a', '-p', '-c', all, String(pid)], { stdio: 'ignore' });
}

const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  // The app reads its own configuration; keep the user's database settings out of the children.
  const { DATABASE_URL: _url, DATA_DIR: _dir, PORT: _port, ...rest } = process.env;
  return { ...rest, ...extra };
};

interface CatalogInfo {
  database: string;
  reused: boolean;
  generateSeconds: number | null;
  env: Record<string, string>;
}

async function generate(env: Record<string, string>, options: Options): Promise<number> {
  const started = performance.now();
  const script = path.join(serverDir, 'src/scripts/generate-catalog.ts');
  const code = await runCommand(
    process.execPath,
    ['--import', 'tsx', script, '--items', String(options.items), '--seed', String(options.seed)],
    childEnv(env),
    repoRoot,
  );
  if (code !== 0) throw new Error(`catalog generation failed (exit code ${code})`);
  return (performance.now() - started) / 1000;
}

/** A synthetic catalog of the requested size: cached per (items, seed) for PGlite, topped up on PostgreSQL. */
async function prepareCatalog(options: Options): Promise<CatalogInfo> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    // The app requires a session secret with PostgreSQL (every process must sign alike); the
    // benchmark's processes share one made for the run, so BENCH_DATABASE_URL is all it needs.
    const env = { DATABASE_URL: url, AUTH_SECRET: randomBytes(32).toString('hex') };
    // Two connections: migrate() holds one (its lock) while the migrator runs on another.
    const handle = await openDatabase({ url, poolSize: 2 });
    try {
      await handle.migrate();
      if (options.fresh) {
        await handle.db.delete(mediaItems).where(like(mediaItems.providerId, 'synthetic:%'));
        log('--fresh: removed the synthetic items from the benchmark database.');
      }
      const [row] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mediaItems)
        .where(like(mediaItems.providerId, 'synthetic:%'));
      if ((row?.n ?? 0) >= options.items) {
        log(`Reusing the ${row?.n} synthetic items already in ${redactUrl(url)} (--fresh to regenerate).`);
        return { database: `postgres ${redactUrl(url)}`, reused: true, generateSeconds: null, env };
      }
    } finally {
      await handle.close();
    }
    return {
      database: `postgres ${redactUrl(url)}`,
      reused: false,
      generateSeconds: await generate(env, options),
      env,
    };
  }

  if (options.dataDir) {
    const users = findDataDirUsers(options.dataDir);
    if (users.length > 0)
      throw new Error(`${options.dataDir} is in use by PID ${users.map((u) => u.pid).join(', ')}.`);
    log(`Using the embedded database in ${options.dataDir} as it is.`);
    return {
      database: `pglite ${options.dataDir}`,
      reused: true,
      generateSeconds: null,
      env: { DATA_DIR: options.dataDir },
    };
  }
  const cacheDir = path.join(resultsDir, `catalog-${options.items}-${options.seed}`);
  const dataDir = path.join(cacheDir, 'pgdata');
  const marker = path.join(cacheDir, 'catalog.json');
  const env = { DATA_DIR: dataDir };
  const users = existsSync(dataDir) ? findDataDirUsers(dataDir) : [];
  if (users.length > 0) {
    throw new Error(`${dataDir} is in use by PID ${users.map((u) => u.pid).join(', ')}: stop it first.`);
  }
  const cached = existsSync(marker)
    ? (JSON.parse(readFileSync(marker, 'utf8')) as { generatedAt: string; version?: number })
    : null;
  if (cached && cached.version !== CACHE_VERSION)
    log('The cached catalog was made by an older generator: regenerating.');
  if (!options.fresh && cached?.version === CACHE_VERSION) {
    const info = cached;
    log(
      `Reusing the cached catalog in ${path.relative(repoRoot, cacheDir)} (generated ${info.generatedAt}; --fresh to regenerate).`,
    );
    return { database: `pglite ${dataDir}`, reused: true, generateSeconds: null, env };
  }
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  log(`Generating a ${options.items}-item catalog into ${path.relative(repoRoot, cacheDir)}…`);
  const seconds = await generate(env, options);
  writeFileSync(
    marker,
    `${JSON.stringify({ version: CACHE_VERSION, items: options.items, seed: options.seed, generatedAt: new Date().toISOString(), seconds: round(seconds) }, null, 2)}\n`,
  );
  return { database: `pglite ${dataDir}`, reused: false, generateSeconds: round(seconds), env };
}

interface LoadResult {
  name: string;
  path: string;
  requestsPerSec: number;
  latencyMs: LatencySummary;
  /** autocannon's own p97.5 (autocannon runs only), for reference. */
  autocannonP97_5?: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  throughputMBps: number;
  /** Median over the rounds of (this test's req/s / the same round's baseline req/s). */
  ratioToBaseline: number | null;
  /** Every round's req/s and ratio, in order. */
  rounds: { requestsPerSec: number; ratioToBaseline: number | null }[];
  /** Share of one core the server under load used (Linux; null elsewhere). */
  serverCpu: number | null;
  /** Share of one core the load generator (wrk, or this process running autocannon) used. */
  clientCpu: number;
  /** Server CPU time per answered request, in µs (Linux; null elsewhere). */
  serverUsPerRequest: number | null;
  /**
   * Median over the rounds of (the baseline's server µs per request / this test's): the throughput
   * ratio the server's own cost allows, whatever the load generator manages.
   */
  cpuRatioToBaseline: number | null;
}

type LoadRun = Omit<LoadResult, 'ratioToBaseline' | 'rounds' | 'cpuRatioToBaseline'>;

/** As a browser asks: the app answers compressed when a body is large enough to gain from it. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The load generator of this run: wrk when installed, autocannon otherwise (or with --autocannon). */
interface Generator {
  kind: 'wrk' | 'autocannon';
  /** wrk's path. */
  path?: string;
  version?: string;
  /** Whether wrk is started on CPU 1 (the servers having CPU 0). */
  pinned: boolean;
  /** Where the wrk scripts are written. */
  scriptDir?: string;
}

function findWrk(): { path: string; version: string } | null {
  try {
    const found = execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim();
    if (!found) return null;
    // `wrk --version` prints its version line and usage, and exits 1.
    let text = '';
    try {
      text = execFileSync(found, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      text = String((err as { stdout?: string }).stdout ?? '');
    }
    return { path: found, version: /^wrk (\S+)/m.exec(text)?.[1] ?? 'unknown' };
  } catch {
    return null;
  }
}

let clockTicks: number | undefined;

/**
 * CPU seconds used by this process's children that have exited and been waited for (Linux's cutime +
 * cstime), or null: how wrk's CPU time is read once it has exited.
 */
function exitedChildrenCpuSeconds(): number | null {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / clockTicks : null;
  } catch {
    return null;
  }
}

/**
 * wrk's Lua script: the paths to rotate over (if any), and a `done` that prints one JSON line with
 * the counts and latency percentiles (µs) wrk keeps for every request.
 */
function wrkScript(paths: string[] | undefined): string {
  const rotate = paths
    ? `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local n = #paths
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, paths[(i % n) + 1])
end
`
    : '';
  return `${rotate}done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"wrk":{"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f,"mean":%.1f,"p50":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f}}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;
}

interface WrkDone {
  requests: number;
  durationUs: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * One wrk run (one thread, on CPU 1 when pinned); `paths` (if given) are rotated over, one per
 * request. Requests/sec is wrk's own figure; the latency percentiles are wrk's, over every request.
 */
async function loadWrk(
  generator: Generator,
  name: string,
  url: string,
  options: Options,
  serverCpuSeconds: () => number | null,
  paths?: string[],
): Promise<LoadRun> {
  const scriptDir = generator.scriptDir ?? os.tmpdir();
  const script = path.join(scriptDir, `${paths ? 'rotate' : 'fixed'}-${paths?.length ?? 0}.lua`);
  writeFileSync(script, wrkScript(paths));
  const wrkArgs = [
    '--threads',
    '1',
    '--connections',
    String(options.connections),
    '--duration',
    `${options.duration}s`,
    '--timeout',
    '10s',
    '--latency',
    '--header',
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    '--script',
    script,
    url,
  ];
  const wrkPath = generator.path ?? 'wrk';
  const [command, args] = generator.pinned
    ? ['taskset', ['-c', '1', wrkPath, ...wrkArgs]]
    : [wrkPath, wrkArgs];
  const serverBefore = serverCpuSeconds();
  const clientBefore = exitedChildrenCpuSeconds();
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8', maxBuffer: 1 << 20 }, (err, out, errOut) => {
      if (err) reject(new Error(`wrk failed: ${err.message}\n${errOut}`));
      else resolve(out);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = serverCpuSeconds();
  const clientAfter = exitedChildrenCpuSeconds();
  const doneLine = stdout.split('\n').find((l) => l.startsWith('{"wrk":'));
  const requestsPerSec = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(stdout)?.[1]);
  if (!doneLine || !Number.isFinite(requestsPerSec))
    throw new Error(`could not read wrk's output:\n${stdout}`);
  const done = (JSON.parse(doneLine) as { wrk: WrkDone }).wrk;
  const serverSeconds = serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null;
  const clientSeconds = clientBefore !== null && clientAfter !== null ? clientAfter - clientBefore : null;
  const errors = done.connect + done.read + done.write;
  const answered = done.requests;
  return {
    name,
    path: new URL(url).pathname,
    requestsPerSec: round(requestsPerSec, 0),
    latencyMs: {
      count: done.requests,
      mean: done.mean / 1000,
      p50: done.p50 / 1000,
      p95: done.p95 / 1000,
      p99: done.p99 / 1000,
      max: done.max / 1000,
    },
    // wrk counts answers with a status of 400 or more; it does not break them down.
    non2xx: done.status,
    statusCodes: done.status ? { '4xx/5xx': done.status } : {},
    errors,
    timeouts: done.timeout,
    throughputMBps: round(done.bytes / (done.durationUs / 1e6) / 1e6, 2),
    serverCpu: serverSeconds === null ? null : round(serverSeconds / seconds, 2),
    // A share of wrk's own run time: it starts and stops within the measured wall time.
    clientCpu: clientSeconds === null ? 0 : round(clientSeconds / (done.durationUs / 1e6), 2),
    serverUsPerRequest:
      serverSeconds === null || answered === 0 ? null : round((serverSeconds * 1e6) / answered, 1),
  };
}

/** One load test with this run's generator; `paths` (if given) are rotated over, one per request. */
function load(
  generator: Generator,
  name: string,
  url: string,
  options: Options,
  serverCpuSeconds: () => number | null,
  paths?: string[],
): Promise<LoadRun> {
  if (generator.kind === 'wrk') return loadWrk(generator, name, url, options, serverCpuSeconds, paths);
  let i = 0;
  const nextPath = paths ? () => paths[i++ % paths.length] as string : undefined;
  return loadAutocannon(name, url, options, serverCpuSeconds, nextPath);
}

/**
 * One autocannon run (the fallback when wrk is missing); `nextPath` (if given) is asked for the path
 * of every request. `serverCpuSeconds` reads the server's CPU time, so the figures show whether the
 * server or the load generator (which decodes every body it receives into a string) ran out of CPU
 * first.
 */
function loadAutocannon(
  name: string,
  url: string,
  options: Options,
  serverCpuSeconds: () => number | null,
  nextPath?: () => string,
): Promise<LoadRun> {
  const samples: number[] = [];
  const serverBefore = serverCpuSeconds();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        ...(nextPath ? { requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = (performance.now() - started) / 1000;
        const client = process.cpuUsage(clientBefore);
        const serverAfter = serverCpuSeconds();
        const serverSeconds =
          serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null;
        const answered = result.requests.total;
        resolve({
          name,
          path: new URL(url).pathname,
          requestsPerSec: round(result.requests.average, 0),
          latencyMs: summarise(samples),
          autocannonP97_5: result.latency.p97_5,
          non2xx: result.non2xx,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
          ),
          errors: result.errors,
          timeouts: result.timeouts,
          throughputMBps: round(result.throughput.average / 1e6, 2),
          serverCpu: serverSeconds === null ? null : round(serverSeconds / seconds, 2),
          clientCpu: round((client.user + client.system) / 1e6 / seconds, 2),
          serverUsPerRequest:
            serverSeconds === null || answered === 0 ? null : round((serverSeconds * 1e6) / answered, 1),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
}

/** An answer's bytes as sent to a browser asking for gzip (fetch would decompress them). */
function rawGzipAnswer(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'gzip') {
            reject(
              new Error(`GET ${url}: ${res.statusCode}, content-encoding ${res.headers['content-encoding']}`),
            );
          } else resolve(Buffer.concat(chunks));
        });
      })
      .on('error', reject);
  });
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Real item pages to rotate over: the first pages of the trending and upcoming lists. */
async function discoverSlugPaths(base: string): Promise<string[]> {
  const paths = new Set<string>();
  for (const type of ['books', 'movies', 'tv_seasons']) {
    for (const list of ['trending', 'upcoming']) {
      const items = await getJson<{ slug: string }[]>(`${base}/${list}/${type}?limit=50`);
      for (const item of items) paths.add(`/media/slug/${type}/${encodeURIComponent(item.slug)}`);
    }
  }
  return [...paths];
}

async function warmUp(base: string, paths: string[], rounds = 100): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const res = await fetch(`${base}${paths[i % paths.length]}`);
    if (!res.ok) throw new Error(`warm-up GET ${paths[i % paths.length]}: ${res.status}`);
    await res.arrayBuffer();
  }
}

/**
 * After a load test the app may still be working through queued requests (PGlite runs one query at
 * a time): wait until a cheap request is fast again, so the next measurement starts clean.
 */
async function settle(base: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${base}/api/config`)).arrayBuffer();
    fast = performance.now() - started < 20 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface SearchLatency {
  overall: LatencySummary;
  byBucket: Record<string, LatencySummary>;
  meanResults: number;
  emptyShare: number;
  slowest: { q: string; ms: number; results: number }[];
}

/** One connection, one query at a time: the latency a person typing sees. */
async function measureSearch(base: string, queries: SearchQuery[]): Promise<SearchLatency> {
  const rows: { q: string; bucket: string; ms: number; results: number }[] = [];
  for (const query of queries) {
    const started = performance.now();
    const res = await fetch(`${base}/api/search?q=${encodeURIComponent(query.q)}`);
    const body = (await res.json()) as unknown[];
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`search "${query.q}": ${res.status}`);
    rows.push({ ...query, ms, results: body.length });
  }
  const buckets = [...new Set(rows.map((r) => r.bucket))].sort();
  return {
    overall: summarise(rows.map((r) => r.ms)),
    byBucket: Object.fromEntries(
      buckets.map((b) => [b, summarise(rows.filter((r) => r.bucket === b).map((r) => r.ms))]),
    ),
    meanResults: round(rows.reduce((a, r) => a + r.results, 0) / rows.length),
    emptyShare: round(rows.filter((r) => r.results === 0).length / rows.length, 3),
    slowest: [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((r) => ({ q: r.q, ms: round(r.ms), results: r.results })),
  };
}

async function homeJs(buildWeb: boolean): Promise<(HomeJs & { built: boolean }) | { error: string }> {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  let built = false;
  if (buildWeb || !existsSync(path.join(distDir, 'index.html'))) {
    log('Building the web app (npm run build)…');
    const code = await runCommand('npm', ['run', 'build'], process.env, repoRoot);
    if (code !== 0) return { error: `npm run build failed (exit code ${code})` };
    built = true;
  }
  try {
    return { ...(await measureHomeJs(distDir)), built };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const share = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

function printLoadTable(results: LoadResult[]): void {
  console.log(
    `${pad('Load test', 46)}${lpad('req/s', 8)}${lpad('p50 ms', 8)}${lpad('p95 ms', 8)}${lpad('p99 ms', 9)}${lpad('vs base', 9)}${lpad('srv CPU', 9)}${lpad('gen CPU', 9)}${lpad('µs/req', 8)}${lpad('cpu vs', 8)}${lpad('non-2xx', 8)}  rounds vs base`,
  );
  for (const r of results) {
    const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);
    const each =
      r.ratioToBaseline === null
        ? r.rounds.map((x) => x.requestsPerSec.toLocaleString('en')).join(' ')
        : r.rounds.map((x) => pct(x.ratioToBaseline)).join(' ');
    console.log(
      `${pad(r.name, 46)}${lpad(r.requestsPerSec.toLocaleString('en'), 8)}${lpad(ms(r.latencyMs.p50), 8)}${lpad(ms(r.latencyMs.p95), 8)}${lpad(ms(r.latencyMs.p99), 9)}${lpad(pct(r.ratioToBaseline), 9)}${lpad(share(r.serverCpu), 9)}${lpad(share(r.clientCpu), 9)}${lpad(r.serverUsPerRequest === null ? '-' : r.serverUsPerRequest.toFixed(1), 8)}${lpad(pct(r.cpuRatioToBaseline), 8)}${lpad(String(r.non2xx + r.errors), 8)}  ${each}`,
    );
    if (r.non2xx + r.errors + r.timeouts > 0) {
      console.log(
        `    status codes ${JSON.stringify(r.statusCodes)}, errors ${r.errors}, timeouts ${r.timeouts}`,
      );
    }
  }
}

async function main() {
  let options: Options | null;
  try {
    options = parseOptions();
  } catch (err) {
    console.error(`bench: ${(err as Error).message}\nRun with --help for usage.`);
    process.exit(1);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  installCleanup();
  mkdirSync(resultsDir, { recursive: true });
  if ('bundle' in options.app) {
    // The app is measured as it ships, so from a bundle of the tree as it is now (esbuild: a second).
    log('Building the server (npm run build -w apps/server)…');
    const code = await runCommand('npm', ['run', 'build', '-w', 'apps/server'], process.env, repoRoot);
    if (code !== 0) throw new Error(`npm run build -w apps/server failed (exit code ${code})`);
  }
  const startedAt = new Date();
  const runFanout = () =>
    measureFanout({
      members: options.fanoutMembers,
      databaseUrl: process.env.BENCH_DATABASE_URL,
      env: childEnv({}),
      repoRoot,
      serverDir,
      log,
    });
  const runSigninBurst = async (): Promise<SigninBurstOutcome> => {
    // Never stops the rest of the benchmark: a failure is reported and the section skipped.
    try {
      return await measureSigninBurst({
        app: options.app,
        env: childEnv({}),
        repoRoot,
        logLevel: options.logLevel,
        log,
      });
    } catch (err) {
      return { skipped: `failed: ${(err as Error).stack ?? err}` };
    }
  };
  const runImportLoad = async (): Promise<ImportLoadOutcome[]> => {
    const outcomes: ImportLoadOutcome[] = [];
    // The embedded default, then PostgreSQL when the benchmark has a server.
    const postgres = process.env.BENCH_DATABASE_URL;
    for (const databaseUrl of [undefined, ...(postgres ? [postgres] : [])]) {
      try {
        outcomes.push(
          await measureImportLoad({
            app: options.app,
            env: childEnv({}),
            repoRoot,
            logLevel: options.logLevel,
            rows: IMPORT_LOAD_ROWS,
            ...(databaseUrl ? { databaseUrl } : {}),
            log,
          }),
        );
      } catch (err) {
        outcomes.push({ skipped: `failed: ${(err as Error).stack ?? err}` });
      }
    }
    return outcomes;
  };
  const runSync = () =>
    measureSync({ items: options.syncItems, env: childEnv({}), repoRoot, serverDir, log });
  const runFollows = () =>
    measureFollows({ refs: options.followsRefs, env: childEnv({}), repoRoot, serverDir, log });
  const runWatch = () =>
    measureWatch({ titles: options.watchTitles, env: childEnv({}), repoRoot, serverDir, log });
  const runImports = () =>
    measureImports({ rows: options.importsRows, env: childEnv({}), repoRoot, serverDir, log });
  const runChannels = async () => ({
    calendar: await measureCalendarFeed({
      titles: 1000,
      env: childEnv({}),
      repoRoot,
      app: options.app,
      log,
    }),
    push: await measurePushFanout({
      members: options.fanoutMembers,
      env: childEnv({}),
      repoRoot,
      serverDir,
      log,
    }),
  });
  const runLighthouse = async (): Promise<LighthouseOutcome> => {
    // Never stops the rest of the benchmark: a missing browser or a failure is reported and skipped.
    let outcome: LighthouseOutcome;
    try {
      outcome = await measureLighthouse({
        runs: options.lighthouseRuns,
        env: childEnv({}),
        repoRoot,
        resultsDir,
        startedAt,
        log,
      });
    } catch (err) {
      outcome = { skipped: `failed: ${(err as Error).stack ?? err}` };
    }
    return outcome;
  };
  /** One section's results alone (--only-sync, --only-lighthouse), beside the run's context. */
  const writeSectionReport = (file: string, section: Record<string, unknown>) => {
    const outFile = path.join(resultsDir, file);
    const report = { startedAt: startedAt.toISOString(), machine: machineInfo(), options, ...section };
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nResults written to ${path.relative(process.cwd(), outFile) || outFile}`);
  };
  if (
    options.fanout === 'only' ||
    options.sync === 'only' ||
    options.follows === 'only' ||
    options.watch === 'only' ||
    options.imports === 'only' ||
    options.channels === 'only' ||
    options.lighthouse === 'only' ||
    options.signinBurst === 'only' ||
    options.importLoad === 'only'
  ) {
    if (options.importLoad === 'only') {
      const importLoad = await runImportLoad();
      for (const outcome of importLoad) printImportLoad(outcome);
      writeSectionReport('latest-import-load.json', {
        importLoad,
        targets: { importLoad: importLoad.map((o) => ('skipped' in o ? null : importLoadMet(o))) },
      });
    }
    if (options.signinBurst === 'only') {
      const signinBurst = await runSigninBurst();
      printSigninBurst(signinBurst);
      writeSectionReport('latest-signin-burst.json', {
        signinBurst,
        targets: { signinBurst: 'skipped' in signinBurst ? null : signinBurstTargets(signinBurst) },
      });
    }
    if (options.fanout === 'only') printFanout(await runFanout());
    if (options.sync === 'only') {
      const sync = await runSync();
      printSync(sync);
      writeSectionReport('latest-sync.json', { sync, targets: { sync: syncTargets(sync) } });
    }
    if (options.follows === 'only') {
      const follows = await runFollows();
      printFollows(follows);
      writeSectionReport('latest-follows.json', { follows });
    }
    if (options.watch === 'only') {
      const watch = await runWatch();
      printWatch(watch);
      writeSectionReport('latest-watch.json', { watch, targets: { watch: watchTargets(watch) } });
    }
    if (options.imports === 'only') {
      const imports = await runImports();
      printImports(imports);
      writeSectionReport('latest-imports.json', { imports });
    }
    if (options.channels === 'only') {
      const channels = await runChannels();
      printChannels(channels);
      writeSectionReport('latest-channels.json', { channels });
    }
    if (options.lighthouse === 'only') {
      const lighthouse = await runLighthouse();
      printLighthouse(lighthouse);
      writeSectionReport('latest-lighthouse.json', {
        lighthouse,
        targets: { lighthouse: 'skipped' in lighthouse ? null : lighthouseTargets(lighthouse) },
      });
    }
    return;
  }

  const wrk = options.autocannon ? null : findWrk();
  if (!wrk && !options.autocannon) {
    log(
      'WARNING: wrk is not installed (Debian/Ubuntu: sudo apt-get install wrk), so the load comes from autocannon, ' +
        'which decodes every gzipped answer into a string and runs out of CPU before the server does: ' +
        'the catalog figures below understate the server.',
    );
  }

  const catalog = await prepareCatalog(options);
  // Words for the cold search, read before the app opens the database (PGlite allows one process).
  const coldTitles = await readCatalogTitles(catalog.env, options.seed);

  log(`Starting the app (LOG_LEVEL=${options.logLevel}) and the baseline…`);
  const serverStarted = performance.now();
  const [server, baseline] = await Promise.all([
    // The app logs a line per request, read as a log collector would (warnings are passed on).
    startApp('app', options.app, childEnv({ ...catalog.env, LOG_LEVEL: options.logLevel }), repoRoot),
    startChild('baseline', path.join(serverDir, 'bench/baseline.ts'), childEnv({}), repoRoot),
  ]);
  const startupSeconds = round((performance.now() - serverStarted) / 1000);
  const base = server.url;
  log(
    `App ready on ${base} in ${startupSeconds}s (PID ${server.pid}); baseline on ${baseline.url} (PID ${baseline.pid}).`,
  );

  const placement = options.pin ? pinCpus([server.pid, baseline.pid]) : 'not pinned (--no-pin)';
  log(`CPU placement: ${placement}.`);
  const generator: Generator = wrk
    ? {
        kind: 'wrk',
        path: wrk.path,
        version: wrk.version,
        pinned: placement.startsWith('servers pinned'),
        scriptDir: mkdtempSync(path.join(os.tmpdir(), 'releasebell-wrk-')),
      }
    : { kind: 'autocannon', pinned: placement.startsWith('servers pinned') };
  const generatorName =
    generator.kind === 'wrk'
      ? `wrk ${generator.version}`
      : `autocannon${options.autocannon ? '' : ' (wrk missing)'}`;

  const queries = buildSearchQueries(options.seed, Math.max(options.searchQueries, 200));
  const searchPaths = queries.map((q) => `/api/search?q=${encodeURIComponent(q.q)}`);
  // First, while the app has kept no answer for them: each prefix costs the database the first time it
  // is asked (a prefix asked again is answered from memory, as for visitors typing the same letters).
  // The app's code and the database's pages are warmed first, as in a server that has been running,
  // by other queries of the same kind asked for a different number of results (kept apart).
  await warmUp(base, ['/api/config']);
  const searchWarmUp = buildSearchQueries(options.seed + 1, 1000).map(
    (q) => `/api/search?q=${encodeURIComponent(q.q)}&limit=29`,
  );
  await warmUp(base, searchWarmUp, searchWarmUp.length);
  log(`Sequential search latency over ${options.searchQueries} queries, the app keeping no answer yet…`);
  const search = await measureSearch(base, queries.slice(0, options.searchQueries));
  const slugPaths = await discoverSlugPaths(base);

  log('Warming up…');
  await warmUp(baseline.url, ['/']);
  await warmUp(base, ['/api/config']);
  for (const p of ['/upcoming/movies', '/trending/books']) await warmUp(base, [p], 50);
  await warmUp(base, slugPaths, 50);

  const list = await rawGzipAnswer(`${base}/trending/books`);
  const put = await fetch(`${baseline.url}/fixture`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: list,
  });
  if (!put.ok) throw new Error(`baseline PUT /fixture: ${put.status}`);
  await warmUp(baseline.url, ['/fixture']);
  const appCpu = server.cpuSeconds;
  const baseCpu = baseline.cpuSeconds;
  // Cached catalog reads are fetched once right before their run: a round takes longer than the
  // cache's TTL, and what these runs measure is the path of a cached answer, not the database.
  type Planned = [string, string, () => number | null, string[] | undefined, boolean?];
  const allTests: Planned[] = [
    ['baseline: bare Fastify GET /', `${baseline.url}/`, baseCpu, undefined],
    [
      `baseline sending /trending/books (${(list.byteLength / 1024).toFixed(1)} KB gz)`,
      `${baseline.url}/fixture`,
      baseCpu,
      undefined,
    ],
    ['app floor: GET /api/config (no db)', `${base}/api/config`, appCpu, undefined],
    ['GET /upcoming/movies', `${base}/upcoming/movies`, appCpu, undefined, true],
    ['GET /trending/books', `${base}/trending/books`, appCpu, undefined, true],
    [`GET /media/slug/… (${slugPaths.length} items)`, `${base}${slugPaths[0]}`, appCpu, slugPaths, true],
    // Every prefix asked once before the run (a round outlasts the answers' lifetime), so the run's
    // first ask keeps it (answers are kept from their second ask): popular prefixes are always kept.
    [
      `GET /api/search?q=… (${searchPaths.length} prefixes)`,
      `${base}${searchPaths[0]}`,
      appCpu,
      searchPaths,
      true,
    ],
  ];
  const plan = options.onlySearch
    ? allTests.filter(([name]) => name.startsWith('baseline: bare') || name.startsWith('GET /api/search'))
    : allTests;
  // This machine's speed drifts by a third within minutes, so every round measures the baseline again
  // right before the app's tests, each ratio compares within its round, and the median round is kept.
  // Per test, every round's run with its ratios to that round's baseline (null for the baseline).
  const measured: { run: LoadRun; ratio: number | null; cpuRatio: number | null }[][] = plan.map(() => []);
  for (let r = 1; r <= options.rounds; r++) {
    let baselineRun: LoadRun | undefined;
    for (const [i, [name, url, cpu, next, warm]] of plan.entries()) {
      log(`round ${r}/${options.rounds}: ${name}, ${options.connections} connections, ${options.duration}s…`);
      if (warm) {
        const paths = next ?? [new URL(url).pathname];
        await warmUp(base, paths, paths.length);
      }
      const run = await load(generator, name, url, options, cpu, next);
      await settle(base);
      if (i === 0) baselineRun = run;
      const baseUs = baselineRun?.serverUsPerRequest;
      measured[i]?.push({
        run,
        ratio: i > 0 && baselineRun ? round(run.requestsPerSec / baselineRun.requestsPerSec, 3) : null,
        cpuRatio:
          i > 0 && baseUs && run.serverUsPerRequest ? round(baseUs / run.serverUsPerRequest, 3) : null,
      });
    }
  }
  const median = <T>(xs: T[], by: (x: T) => number): T =>
    [...xs].sort((a, b) => by(a) - by(b))[Math.floor((xs.length - 1) / 2)] as T;
  const medianOrNull = (xs: (number | null)[]) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length ? median(known, (x) => x) : null;
  };
  const loads: LoadResult[] = measured.map((all) => ({
    ...median(
      all.map((m) => m.run),
      (run) => run.requestsPerSec,
    ),
    ratioToBaseline: medianOrNull(all.map((m) => m.ratio)),
    cpuRatioToBaseline: medianOrNull(all.map((m) => m.cpuRatio)),
    rounds: all.map((m) => ({ requestsPerSec: m.run.requestsPerSec, ratioToBaseline: m.ratio })),
  }));

  // More instances of the app on the same database, started when first asked for, HAProxy in front.
  const moreInstances: ChildServer[] = [];
  const balancedInstances = async (k: number): Promise<ScaleFront> => {
    while (moreInstances.length < k - 1) {
      const name = `app${moreInstances.length + 2}`;
      log(`Starting ${name} on the same database…`);
      const env = childEnv({ ...catalog.env, LOG_LEVEL: options.logLevel });
      const started = await startApp(name, options.app, env, repoRoot);
      // Warmed as the first instance was before its searches were measured (kept apart by their limit).
      await warmUp(started.url, searchWarmUp, searchWarmUp.length);
      moreInstances.push(started);
    }
    const apps = [server, ...moreInstances].slice(0, k);
    unpinCpus([...apps.map((a) => a.pid), process.pid]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-balancer-'));
    const balancer = await startBalancer(
      dir,
      apps.map((a) => a.port),
    );
    return {
      base: balancer.url,
      appCpuSeconds: () => {
        const each = apps.map((a) => a.cpuSeconds());
        return each.some((c) => c === null) ? null : each.reduce<number>((sum, c) => sum + (c ?? 0), 0);
      },
      close: async () => {
        await balancer.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

  // Every query new, none of them kept: what search costs the database when nobody asked it before.
  const coldSearch: ColdSearchResult = await measureColdSearch({
    base,
    titles: coldTitles,
    seed: options.seed,
    exclude: new Set(queries.map((q) => normaliseForSearch(q.q))),
    sequentialQueries: options.coldSearchQueries,
    listLength: 300_000,
    connections: options.connections,
    durationSeconds: options.duration,
    rounds: options.rounds,
    wrk:
      generator.kind === 'wrk' && generator.path ? { path: generator.path, pinned: generator.pinned } : null,
    appCpuSeconds: appCpu,
    settle,
    log,
    scaleOut:
      options.searchInstances > 0
        ? { instances: options.searchInstances, front: balancedInstances }
        : undefined,
  });

  const serverRssMb = server.rssMb();
  const appLogLines = server.stdoutLines();
  if (generator.scriptDir) rmSync(generator.scriptDir, { recursive: true, force: true });

  await stopAllChildren();
  const signinBurst = options.signinBurst === 'yes' ? await runSigninBurst() : null;
  const importLoad = options.importLoad === 'yes' ? await runImportLoad() : null;
  const fanout = options.fanout === 'yes' ? await runFanout() : null;
  const sync = options.sync === 'yes' ? await runSync() : null;
  const follows = options.follows === 'yes' ? await runFollows() : null;
  const watch = options.watch === 'yes' ? await runWatch() : null;
  const imports = options.imports === 'yes' ? await runImports() : null;
  const channels = options.channels === 'yes' ? await runChannels() : null;
  const web = await homeJs(options.buildWeb);
  const nextTick = await measureNextTick();
  const lighthouse = options.lighthouse === 'yes' ? await runLighthouse() : null;

  // Report.
  const readTarget = (pattern: RegExp, ratio: number) => {
    const reads = loads.filter((l) => pattern.test(l.name));
    if (reads.length === 0) return null; // --only-search
    // The worst of these reads' median ratios.
    const worst = Math.min(...reads.map((l) => l.ratioToBaseline ?? 0));
    const cpuRatios = reads.map((l) => l.cpuRatioToBaseline);
    return {
      target: `>= ${ratio * 100}% of baseline req/s`,
      worst,
      met: worst >= ratio,
      worstServerCpuRatio: cpuRatios.every((x): x is number => x !== null) ? Math.min(...cpuRatios) : null,
      busiestLoadGeneratorCpu: Math.max(...reads.map((l) => l.clientCpu)),
    };
  };
  const homeKb = 'error' in web ? null : round(web.totalGzipBytes / 1024);
  const searchLoad = loads.find((l) => l.name.startsWith('GET /api/search'));
  const targets = {
    catalogLists: readTarget(/upcoming|trending/, TARGETS.listRatio),
    itemPages: readTarget(/slug/, TARGETS.itemRatio),
    ...(signinBurst && !('skipped' in signinBurst) ? { signinBurst: signinBurstTargets(signinBurst) } : {}),
    ...(sync ? { sync: syncTargets(sync) } : {}),
    ...(watch ? { watch: watchTargets(watch) } : {}),
    ...(lighthouse && !('skipped' in lighthouse) ? { lighthouse: lighthouseTargets(lighthouse) } : {}),
    searchP95: {
      target: `<= ${TARGETS.searchP95Ms} ms`,
      value: round(search.overall.p95),
      met: search.overall.p95 <= TARGETS.searchP95Ms,
    },
    searchUnderLoad: searchLoad && {
      target: `>= ${TARGETS.searchRequestsPerSecond} req/s with p99 <= ${TARGETS.searchP99Ms} ms`,
      requestsPerSec: searchLoad.requestsPerSec,
      p99Ms: round(searchLoad.latencyMs.p99),
      met:
        searchLoad.requestsPerSec >= TARGETS.searchRequestsPerSecond &&
        searchLoad.latencyMs.p99 <= TARGETS.searchP99Ms,
    },
    // Every query new: the same targets, on the database path (one instance, pinned like the loads);
    // under load, PostgreSQL's: the embedded database runs one query at a time, for one process.
    coldSearchP95: {
      target: `<= ${TARGETS.searchP95Ms} ms`,
      value: round(coldSearch.sequential.overall.p95),
      met: coldSearch.sequential.overall.p95 <= TARGETS.searchP95Ms,
    },
    coldSearchUnderLoad: coldSearch.load &&
      'DATABASE_URL' in catalog.env && {
        target: `>= ${TARGETS.searchRequestsPerSecond} req/s with p99 <= ${TARGETS.searchP99Ms} ms`,
        requestsPerSec: coldSearch.load.median.requestsPerSec,
        p99Ms: round(coldSearch.load.median.latencyMs.p99),
        met:
          coldSearch.load.median.requestsPerSec >= TARGETS.searchRequestsPerSecond &&
          coldSearch.load.median.latencyMs.p99 <= TARGETS.searchP99Ms,
      },
    homeJs: {
      target: `<= ${TARGETS.homeJsKb} KB gzip`,
      value: homeKb,
      met: homeKb !== null && homeKb <= TARGETS.homeJsKb,
    },
  };

  const cpus = os.cpus();
  console.log('');
  console.log(`Releasebell benchmark, ${startedAt.toISOString()}`);
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(
    `Catalog: ${options.items} synthetic items (seed ${options.seed}) + demo items, ${catalog.database}${catalog.reused ? ' (reused)' : ` (generated in ${catalog.generateSeconds}s)`}`,
  );
  console.log(
    `App start-up ${startupSeconds}s; app RSS after the runs ${serverRssMb ?? '?'} MB; LOG_LEVEL=${options.logLevel}: ${appLogLines.toLocaleString('en')} log lines written on its stdout while measured`,
  );
  console.log(`CPU placement: ${placement}`);
  if (generator.kind === 'autocannon' && !options.autocannon) {
    console.log(
      'WARNING: wrk is not installed (sudo apt-get install wrk): autocannon runs out of CPU decoding gzipped answers before the server does, so catalog figures understate the server.',
    );
  }
  console.log(
    `Load: ${generatorName}${generator.kind === 'wrk' ? ' (1 thread)' : ''}, ${options.connections} connections, ${options.duration}s each, ${options.rounds} rounds (each starting with the baseline; the median round's figures, the median ratio, and every round's ratio). Requests send Accept-Encoding: ${ACCEPT_ENCODING} as browsers do. ${generator.kind === 'wrk' ? "Latency percentiles are wrk's, over every request." : 'Latency percentiles are computed from every 2xx response (autocannon itself reports p97.5, not p95).'} srv CPU and gen CPU: share of one core used by the server and by the load generator; µs/req: server CPU time per answer; cpu vs: the baseline's µs/req over this test's (the ratio the server's own cost allows).`,
  );
  console.log('');
  printLoadTable(loads);
  console.log('');
  console.log(
    `Search latency, one connection, ${search.overall.count} sequential queries (2-8 character prefixes), asked of the app before any other search:`,
  );
  console.log(
    `  p50 ${ms(search.overall.p50)} ms  p95 ${ms(search.overall.p95)} ms  p99 ${ms(search.overall.p99)} ms  max ${ms(search.overall.max)} ms; ${search.meanResults} results on average, ${(search.emptyShare * 100).toFixed(1)}% empty`,
  );
  for (const [bucket, s] of Object.entries(search.byBucket)) {
    console.log(
      `  ${pad(bucket, 10)} n=${lpad(String(s.count), 4)}  p50 ${lpad(ms(s.p50), 6)}  p95 ${lpad(ms(s.p95), 6)}  p99 ${lpad(ms(s.p99), 6)} ms`,
    );
  }
  console.log(`  slowest: ${search.slowest.map((s) => `"${s.q}" ${s.ms} ms (${s.results})`).join(', ')}`);
  if (searchLoad) {
    console.log(
      `search at ${options.items} items: p95 ${ms(search.overall.p95)} ms sequential; ${Math.round(searchLoad.requestsPerSec)} req/s, p99 ${ms(searchLoad.latencyMs.p99)} ms under ${options.connections} connections`,
    );
  }
  console.log('');
  printColdSearch(coldSearch, options.items, options.connections);
  console.log('');
  if ('error' in web) console.log(`Home route initial JS: not measured: ${web.error}`);
  else {
    console.log(
      `Home route initial JS (entry + modulepreload in apps/web/dist/index.html, gzip -9)${web.built ? ', freshly built' : ''}:`,
    );
    for (const f of web.files)
      console.log(
        `  ${pad(f.file, 40)}${lpad((f.bytes / 1024).toFixed(1), 8)} KB${lpad((f.gzipBytes / 1024).toFixed(1), 8)} KB gzip`,
      );
    console.log(
      `  ${pad('total', 40)}${lpad((web.totalBytes / 1024).toFixed(1), 8)} KB${lpad((web.totalGzipBytes / 1024).toFixed(1), 8)} KB gzip`,
    );
    const catalogs = Object.entries(web.catalogGzipBytes).sort((a, b) => b[1] - a[1]);
    if (catalogs.length > 0)
      console.log(
        `  in another language, plus its catalog: ${catalogs.map(([locale, bytes]) => `${locale} ${(bytes / 1024).toFixed(1)}`).join(', ')} KB gzip`,
      );
  }
  console.log('');
  console.log(
    `process.nextTick after the start's full garbage collections: ${nextTick.plainNs.toFixed(0)} ns a call, ${nextTick.keptNs.toFixed(0)} ns with lib/next-tick.ts (as the app runs; Node's HTTP server calls it about ten times per request)`,
  );
  console.log('');
  console.log('Targets:');
  for (const [label, t] of [
    ['catalog lists', targets.catalogLists],
    ['item pages', targets.itemPages],
  ] as const) {
    if (!t) continue;
    console.log(`  ${label} ${t.target}: worst ${(t.worst * 100).toFixed(1)}%  ${verdict(t.met)}`);
    if (t.worstServerCpuRatio !== null) {
      console.log(
        `    by server CPU time per answer they allow at worst ${(t.worstServerCpuRatio * 100).toFixed(1)}% of the baseline's throughput; the load generator used up to ${share(t.busiestLoadGeneratorCpu)} of its core`,
      );
    }
  }
  const same = loads.find((l) => l.name.startsWith('baseline sending'));
  if (same?.ratioToBaseline) {
    console.log(
      `    bare Fastify sending the same gzipped list reaches ${(same.ratioToBaseline * 100).toFixed(1)}% (load generator at ${share(same.clientCpu)} of its core)`,
    );
  }
  console.log(
    `  search p95 ${targets.searchP95.target}: ${ms(search.overall.p95)} ms  ${verdict(targets.searchP95.met)}`,
  );
  if (targets.searchUnderLoad) {
    const t = targets.searchUnderLoad;
    console.log(
      `  search under ${options.connections} connections ${t.target}: ${Math.round(t.requestsPerSec)} req/s, p99 ${ms(t.p99Ms)} ms  ${verdict(t.met)}`,
    );
  }
  console.log(
    `  cold search p95 ${targets.coldSearchP95.target}: ${ms(targets.coldSearchP95.value)} ms  ${verdict(targets.coldSearchP95.met)}`,
  );
  if (targets.coldSearchUnderLoad) {
    const t = targets.coldSearchUnderLoad;
    console.log(
      `  cold search under ${options.connections} connections ${t.target}: ${Math.round(t.requestsPerSec)} req/s, p99 ${ms(t.p99Ms)} ms  ${verdict(t.met)}`,
    );
  } else if (coldSearch.load) {
    console.log(
      '  cold search under load: judged on PostgreSQL (BENCH_DATABASE_URL), not on the embedded database',
    );
  }
  console.log(`  home JS ${targets.homeJs.target}: ${homeKb ?? '-'} KB  ${verdict(targets.homeJs.met)}`);
  if (signinBurst) printSigninBurst(signinBurst);
  for (const outcome of importLoad ?? []) printImportLoad(outcome);
  if (fanout) printFanout(fanout);
  if (sync) printSync(sync);
  if (follows) printFollows(follows);
  if (watch) printWatch(watch);
  if (imports) printImports(imports);
  if (channels) printChannels(channels);
  if (lighthouse) printLighthouse(lighthouse);

  const outFile = path.join(resultsDir, 'latest.json');
  const report = {
    startedAt: startedAt.toISOString(),
    machine: machineInfo(),
    options,
    catalog: { ...catalog, env: undefined },
    app: {
      pid: server.pid,
      startupSeconds,
      rssMb: serverRssMb,
      logLevel: options.logLevel,
      logLines: appLogLines,
    },
    cpuPlacement: placement,
    loadGenerator: generatorName,
    load: loads,
    search,
    coldSearch,
    homeJs: web,
    nextTick,
    signinBurst,
    importLoad,
    fanout,
    sync,
    follows,
    watch,
    imports,
    channels,
    lighthouse,
    targets,
  };
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(process.cwd(), outFile) || outFile}`);
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    totalMemGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

function printSync(s: SyncResult): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log('');
  console.log(
    `TMDB sync: ${s.requested} movies by id from the fake TMDB on 127.0.0.1 (limit ${s.rateLimit} requests/s, client pace ${s.clientRequestsPerSecond}/s, ${s.requestsPerTitle} requests a title), into ${s.database}, importer in a process of its own:`,
  );
  console.log(
    `  ${s.imported}/${s.requested} imported (${s.rowsInDatabase} in the database${s.missing ? `, ${s.missing} missing` : ''}) in ${s.importSeconds} s: ${s.itemsPerSecond} items/s; rate limit's ideal ${s.idealItemsPerSecond} items/s (ratio ${pct(s.ratioToIdeal)}), client's pace ${s.clientPaceItemsPerSecond} items/s`,
  );
  console.log(
    `  waiting on TMDB ${s.waitingOnTmdbSeconds} s, normalising and writing ${s.writingSeconds} s (longest batch ${s.longestWriteSeconds} s); ${s.requestsReceived} requests received by the fake, ${s.tooManyRequests} answered 429`,
  );
  const first = s.rssSamples[0];
  const last = s.rssSamples.at(-1);
  console.log(
    `  peak RSS ${s.peakRssMb} MB importing, ${s.idlePeakRssMb} MB only opening the database (the import's own: ${s.importRssMb} MB)${first && last ? `; RSS ${first.rssMb} MB at ${first.done} titles, ${last.rssMb} MB at ${last.done}` : ''}`,
  );
  console.log(
    `  (creating the empty database beforehand, PGlite's initdb and the migrations, in a process of its own: peak RSS ${s.createPeakRssMb} MB, ${s.createSeconds} s)`,
  );
  const t = syncTargets(s);
  console.log(
    `  targets: ${t.itemsPerSecond.target} ${verdict(t.itemsPerSecond.met)}; peak RSS ${t.peakRss.target} ${verdict(t.peakRss.met)}; ${t.tooManyRequests.target} ${verdict(t.tooManyRequests.met)}`,
  );
}

function printFollows(f: FollowsResult): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const first = f.rssSamples[0];
  const last = f.rssSamples.at(-1);
  const rows: [string, string][] = [
    ['refs followed / follows / members', `${f.refs} / ${f.follows} / ${f.members}`],
    ['refs checked', `${f.checked}`],
    ['new titles / members told', `${f.newTitles} / ${f.told}`],
    ['requests received / 429s', `${f.requestsReceived} / ${f.tooManyRequests}`],
    ['requests per ref (429s excluded)', `${f.requestsPerRef}`],
    [
      'pass seconds',
      `${f.passSeconds} (asking TMDB and writing ${f.checkingSeconds}, adding to watchlists ${f.addingSeconds})`,
    ],
    ['refs/s', `${f.refsPerSecond}`],
    [`ideal refs/s (${f.rateLimit} / requests per ref)`, `${f.idealRefsPerSecond}`],
    [
      `client's pace refs/s (${f.clientRequestsPerSecond} / requests per ref)`,
      `${f.clientPaceRefsPerSecond}`,
    ],
    ['ratio to ideal', pct(f.ratioToIdeal)],
    ['peak RSS: pass / only opening / difference', `${f.peakRssMb} / ${f.idlePeakRssMb} / ${f.passRssMb} MB`],
    [
      'RSS as the pass went',
      first && last ? `${first.rssMb} MB at ${first.checked} refs, ${last.rssMb} MB at ${last.checked}` : '-',
    ],
    ['fake catalog built in (not measured)', `${f.fakeCatalogSeconds} s`],
  ];
  console.log('');
  console.log(
    `Follows sync: one pass over ${f.refs} followed refs (half series, half directors) from the fake TMDB on 127.0.0.1 (limit ${f.rateLimit} requests/s), ${f.database} with ${f.follows} follows (written in ${f.setupSeconds} s), in a process of its own:`,
  );
  for (const [label, value] of rows) console.log(`  ${pad(label, 58)}${value}`);
  console.log(
    `  (${f.titlesInCatalog} titles in the catalog and ${f.watchlistEntries} watchlist entries after; creating the empty database beforehand: peak RSS ${f.createPeakRssMb} MB, ${f.createSeconds} s)`,
  );
}

function printWatch(w: WatchResult): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const first = w.rssSamples[0];
  const last = w.rssSamples.at(-1);
  const db = w.databaseSeconds;
  const c = w.check;
  const rows: [string, string][] = [
    ['titles tracked / members / services', `${w.titles} / ${w.members} / ${w.services}`],
    ['(country, service) pairs members have', `${w.watchedPairs}`],
    ['titles checked / new offers', `${w.checked} / ${w.newOffers}`],
    ['requests received / 429s', `${w.requestsReceived} / ${w.tooManyRequests}`],
    ['requests per title (429s excluded)', `${w.requestsPerTitle}`],
    [
      'pass seconds',
      `${w.passSeconds} (asking TMDB ${w.askingTmdbSeconds}; database: saving offers ${db.offers} over ${db.calls.offers} calls, reading titles ${db.titles} over ${db.calls.titles}, services and kinds ${db.providers}, pairs ${db.pairs})`,
    ],
    ['titles/s', `${w.titlesPerSecond}`],
    [`ideal titles/s (${w.rateLimit} / requests per title)`, `${w.idealTitlesPerSecond}`],
    [
      `client's pace titles/s (${w.clientRequestsPerSecond} / requests per title)`,
      `${w.clientPaceTitlesPerSecond}`,
    ],
    ['ratio to ideal', pct(w.ratioToIdeal)],
    ['rows written: title_watch / title_offers', `${w.titleWatchRows} / ${w.titleOfferRows}`],
    ['peak RSS: pass / only opening / difference', `${w.peakRssMb} / ${w.idlePeakRssMb} / ${w.passRssMb} MB`],
    [
      'RSS as the pass went',
      first && last
        ? `${first.rssMb} MB at ${first.checked} titles, ${last.rssMb} MB at ${last.checked}`
        : '-',
    ],
    [
      'second pass: new offers / rows new / planted',
      `${c.newOffers} / ${c.newOfferRows} / ${c.planted} (${c.plantedElsewhere} more where no member has Netflix)  ${c.correct ? 'correct' : 'WRONG'}`,
    ],
    [
      `second pass, unpaced (client ${c.clientRequestsPerSecond}/s, no limit)`,
      `${c.checked} titles in ${c.seconds} s: ${c.titlesPerSecond} titles/s (saving offers ${c.databaseSeconds.offers} s, reading titles ${c.databaseSeconds.titles} s), peak RSS ${c.peakRssMb} MB`,
    ],
    ['fake catalog built in (not measured)', `${w.fakeCatalogSeconds} s`],
    [
      'titles, members, watchlists written in (not measured)',
      `${w.setupSeconds} s (peak RSS ${w.setupPeakRssMb} MB)`,
    ],
  ];
  console.log('');
  console.log(
    `Availability pass: one pass over ${w.titles} tracked titles (offers in ${w.countriesPerTitle} countries, ${w.offersPerTitle} offers each) from the fake TMDB on 127.0.0.1 (limit ${w.rateLimit} requests/s), ${w.database} with ${w.members} members, in a process of its own:`,
  );
  for (const [label, value] of rows) console.log(`  ${pad(label, 58)}${value}`);
  console.log(
    `  (creating the empty database beforehand: peak RSS ${w.createPeakRssMb} MB, ${w.createSeconds} s)`,
  );
  const t = watchTargets(w);
  console.log(
    `  targets: ${t.titlesPerSecond.target} ${verdict(t.titlesPerSecond.met)}; peak RSS ${t.peakRss.target} ${verdict(t.peakRss.met)}`,
  );
}

function watchTargets(w: WatchResult) {
  return {
    titlesPerSecond: {
      target: `>= ${TARGETS.syncRatioToIdeal * 100}% of the rate limit's ideal titles/s`,
      value: w.ratioToIdeal,
      met: w.ratioToIdeal >= TARGETS.syncRatioToIdeal,
    },
    peakRss: {
      target: `< ${TARGETS.syncPeakRssMb} MB`,
      value: w.peakRssMb,
      met: w.peakRssMb < TARGETS.syncPeakRssMb,
    },
  };
}

function printImports(r: ImportsResult): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const kind = (c: { received: number; tooManyRequests: number }) => `${c.received} / ${c.tooManyRequests}`;
  const first = r.rssSamples[0];
  const last = r.rssSamples.at(-1);
  const reasons = Object.entries(r.unmatchedReasons)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
  const rows: [string, string][] = [
    ['rows / rows to match (not skipped by shelf)', `${r.rows} / ${r.rowsToMatch}`],
    ['reading and storing (create)', `${r.readSeconds} s`],
    [
      'matching (matchPending)',
      `${r.matchSeconds} s (in the ISBNdb lookup ${r.bringSeconds} s over ${r.bringCalls} chunks, the rest ${r.restOfMatchSeconds} s)`,
    ],
    ['rows/s (rows / (reading + matching))', `${r.rowsPerSecond}`],
    ['requests received / 429s: bulk POST /books', kind(r.requests.bulk)],
    ['requests received / 429s: title GET /books/{title}', kind(r.requests.title)],
    ['requests received / 429s: other', kind(r.requests.other)],
    ['requests needed (429s excluded)', `${r.requestsNeeded}`],
    [
      `ideal rows/s (${r.rows} / (${r.requestsNeeded} / ${r.rateLimit}/s = ${r.idealSeconds} s))`,
      `${r.idealRowsPerSecond}`,
    ],
    ['ratio to ideal', pct(r.ratioToIdeal)],
    [
      'matched / already tracked / skipped / unmatched',
      `${r.matched} / ${r.alreadyTracked} / ${r.skipped} (${r.skippedAlreadyOut} already out, ${r.skippedByShelf} by shelf) / ${r.unmatched}${reasons ? ` (${reasons})` : ''}`,
    ],
    ['ambiguous', `${r.ambiguous}`],
    ['found (matched + tracked + already out) / rows to match', pct(r.foundShare)],
    [
      'peak RSS: import / only opening / difference',
      `${r.peakRssMb} / ${r.idlePeakRssMb} / ${r.importRssMb} MB`,
    ],
    [
      'RSS as the import went',
      first && last ? `${first.rssMb} MB at ${first.done} rows, ${last.rssMb} MB at ${last.done}` : '-',
    ],
    ['fake catalog built in (not measured)', `${r.fakeCatalogSeconds} s`],
  ];
  console.log('');
  console.log(
    `Goodreads import: a ${r.rows}-row library export (${(r.fileBytes / 1024).toFixed(0)} KB) uploaded and matched against the fake ISBNdb on 127.0.0.1 holding ${r.fakeBooks} books (limit ${r.rateLimit} request/s, client pace ${r.clientRequestsPerSecond}/s, the app's default), ${r.database}, in a process of its own:`,
  );
  for (const [label, value] of rows) console.log(`  ${pad(label, 58)}${value}`);
  console.log(
    `  (status ${r.status}; ${r.titlesBrought} titles brought from ISBNdb, ${r.titlesInCatalog} in the catalog after; client statuses ${JSON.stringify(r.statuses)}; creating the empty database beforehand: peak RSS ${r.createPeakRssMb} MB, ${r.createSeconds} s)`,
  );
}

function syncTargets(s: SyncResult) {
  return {
    itemsPerSecond: {
      target: `>= ${TARGETS.syncRatioToIdeal * 100}% of the rate limit's ideal items/s`,
      value: s.ratioToIdeal,
      met: s.ratioToIdeal >= TARGETS.syncRatioToIdeal,
    },
    peakRss: {
      target: `< ${TARGETS.syncPeakRssMb} MB`,
      value: s.peakRssMb,
      met: s.peakRssMb < TARGETS.syncPeakRssMb,
    },
    tooManyRequests: { target: 'no 429', value: s.tooManyRequests, met: s.tooManyRequests === 0 },
  };
}

function printChannels({
  calendar: c,
  push: p,
}: {
  calendar: CalendarFeedResult;
  push: PushFanoutResult;
}): void {
  console.log('');
  console.log(
    `Calendar feed: one member tracking ${c.titles} titles (${c.events} events, ${round(c.bytes / 1024)} KB, ${round(c.gzipBytes / 1024)} KB gzipped), ${c.full.count} reads each:`,
  );
  console.log(
    `  full feed p50 ${round(c.full.p50)} ms, p95 ${round(c.full.p95)} ms; revalidated (304) p50 ${round(c.revalidated.p50)} ms, p95 ${round(c.revalidated.p95)} ms; baseline /healthz p50 ${round(c.healthz.p50)} ms`,
  );
  console.log('');
  console.log(`Push fan-out: ${p.members} members with a device each, a local push service (PGlite):`);
  console.log(
    `  ${p.accepted}/${p.members} pushes accepted${p.timedOut ? ' (timed out)' : ''}; ${p.pushesPerSecond} pushes/s; due -> accepted p50 ${round(p.dueToAccepted.p50 / 1000)} s, p99 ${round(p.dueToAccepted.p99 / 1000)} s`,
  );
  console.log(
    `  baseline: a bare web-push loop (10 at a time, kept-alive TLS) to the same service: ${p.baselinePushesPerSecond} pushes/s (${round((p.pushesPerSecond / p.baselinePushesPerSecond) * 100)}% of it)`,
  );
}

function printFanout(f: FanoutResult): void {
  const p99s = f.dueToAccepted.p99 / 1000;
  console.log('');
  console.log(
    `Notification fan-out: ${f.members} members tracking one title whose release day arrives (${f.database}, worker every ${f.intervalSeconds} s, SMTP sink on 127.0.0.1):`,
  );
  console.log(
    `  ${f.accepted}/${f.members} emails accepted${f.timedOut ? ' (timed out)' : ''}; ${f.emailsPerSecond} emails/s; due -> accepted p50 ${round(f.dueToAccepted.p50 / 1000)} s, p99 ${round(p99s)} s, max ${round(f.dueToAccepted.max / 1000)} s`,
  );
  console.log(
    `  targets: >= ${TARGETS.fanoutEmailsPerSecond} emails/s ${verdict(f.emailsPerSecond >= TARGETS.fanoutEmailsPerSecond)}; p99 < ${TARGETS.fanoutP99Seconds} s ${verdict(!f.timedOut && p99s < TARGETS.fanoutP99Seconds)}`,
  );
}

main().catch(async (err) => {
  console.error(`bench: ${(err as Error).stack ?? err}`);
  await stopAllChildren();
  process.exit(1);
});
