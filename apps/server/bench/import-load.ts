/**
 * The import-load section of `npm run bench`: what one member's largest import does to everyone else.
 * The app as it ships (bench/serve.ts, or --serve-script) on a fresh database (embedded, or one made on
 * BENCH_DATABASE_URL's server); `GET /`, `GET /healthz` and another member's `GET /watchlist/{uid}` are
 * requested at rest, then while a 20,000-row Letterboxd watchlist is uploaded, read and matched (its
 * films are not in the catalog: every row goes the whole way, catalog then providers' turn), then
 * while the largest ZIP allowed is (20,000 rows, 10 MB once inflated), on a database holding the first.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_MAX_BYTES } from '@releasebell/contract';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { openDatabase } from '../src/db/client';
import { letterboxdWatchlistCsv } from '../test/import-samples';
import { type AppStart, type ChildServer, startApp } from './children';
import { APP_SETTING, unpinSelf } from './lighthouse';
import {
  type Answer,
  ensureWebBuild,
  PAGE_HEADERS,
  type PageFigures,
  pageFigures,
  pageLoop,
  send,
} from './signin-burst';
import { round } from './stats';

const TARGET_P99_MS = 300;
const BASELINE_SECONDS = 5;
/** The import's status is asked this often, as the import page does. */
const POLL_MS = 500;
/** An import still matching after this long is reported as not finished. */
const IMPORT_TIMEOUT_MS = 600_000;
const SEED = 11;

const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip' };

export interface ImportLoadFigures {
  home: PageFigures;
  healthz: PageFigures;
  watchlist: PageFigures;
}

export interface ImportRun {
  file: string;
  rows: number;
  fileBytes: number;
  /** From the upload's first byte to its 202. */
  uploadSeconds: number;
  /** From the upload's first byte until the import left `matching`. */
  importSeconds: number;
  status: string;
  during: ImportLoadFigures;
  serverCpu: number | null;
}

export interface ImportLoadResult {
  database: 'PGlite' | 'PostgreSQL';
  loadAverageAtStart: number[];
  baseline: ImportLoadFigures;
  imports: ImportRun[];
}

export type ImportLoadOutcome = ImportLoadResult | { skipped: string };

interface Member {
  cookie: string;
  uid: string;
}

async function signUp(base: string, n: number): Promise<Member> {
  const email = `bench.import${n}.${randomBytes(4).toString('hex')}@example.com`;
  const answer = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'release day 2026', name: `Importer ${n}` }),
  });
  if (!answer.ok) throw new Error(`sign-up answered ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const uid = ((await answer.json()) as { user: { id: string } }).user.id;
  return { cookie, uid };
}

/**
 * The largest upload the import takes: a Letterboxd export ZIP whose watchlist.csv holds the most rows
 * and, with long names, comes close to the most bytes once inflated.
 */
function largestZip(rows: number): Uint8Array {
  const header = 'Date,Name,Year,Letterboxd URI\n';
  const fixed = '2024-01-01,"",2020,https://boxd.it/aaaaaa\n'.length + 12;
  const nameLength = Math.floor((IMPORT_MAX_BYTES * 0.98 - header.length) / rows) - fixed;
  let seed = 7;
  const letter = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return 'abcdefghijklmnopqrstuvwxyz '[seed % 27];
  };
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const name = `Film ${i} ${Array.from({ length: nameLength }, letter).join('')}`;
    lines.push(`2024-01-01,"${name}",2020,https://boxd.it/${i.toString(36)}\n`);
  }
  const csv = new TextEncoder().encode(lines.join(''));
  return zipSync({
    'letterboxd-bench-2026-11-28/watchlist.csv': csv,
    'letterboxd-bench-2026-11-28/profile.csv': new TextEncoder().encode(
      'Date Joined,Username\n2020-01-01,bench\n',
    ),
  });
}

/** A database of its own on BENCH_DATABASE_URL's server, dropped afterwards. */
async function freshPostgres(serverUrl: string) {
  const name = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openDatabase({ url: serverUrl, poolSize: 1 });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    },
  };
}

export async function measureImportLoad(options: {
  app: AppStart;
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  logLevel: string;
  rows: number;
  /** A PostgreSQL server: the app runs on a database made there for the run. */
  databaseUrl?: string;
  log: (line: string) => void;
}): Promise<ImportLoadOutcome> {
  const { repoRoot, log } = options;
  const buildProblem = await ensureWebBuild(repoRoot, log);
  if (buildProblem) return { skipped: buildProblem };
  unpinSelf();
  const loadAverageAtStart = os.loadavg().map((x) => round(x, 2));
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(options.env).filter(([k]) => !APP_SETTING.test(k))),
    LOG_LEVEL: options.logLevel,
    AUTH_SECRET: randomBytes(24).toString('hex'),
  };
  let cleanup: () => Promise<void>;
  if (options.databaseUrl) {
    const pg = await freshPostgres(options.databaseUrl);
    env.DATABASE_URL = pg.url;
    cleanup = pg.drop;
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-import-load-'));
    env.DATA_DIR = dataDir;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  let server: ChildServer | undefined;
  try {
    log(`import-load (${database}): starting the app on a fresh database…`);
    server = await startApp('import-load-app', options.app, env, repoRoot);
    const base = server.url;
    const [importer, reader] = [await signUp(base, 1), await signUp(base, 2)];
    const urls = {
      home: { url: `${base}/`, headers: PAGE_HEADERS },
      healthz: { url: `${base}/healthz`, headers: JSON_HEADERS },
      watchlist: {
        url: `${base}/watchlist/${reader.uid}`,
        headers: { ...JSON_HEADERS, cookie: reader.cookie },
      },
    };
    for (let i = 0; i < 20; i++)
      for (const { url, headers } of Object.values(urls)) await send(url, { headers });

    const loops = async (running: () => boolean): Promise<ImportLoadFigures> => {
      const [home, healthz, watchlist] = await Promise.all(
        Object.values(urls).map(({ url, headers }) => pageLoop(url, headers, running)),
      );
      const figures = (answers: Answer[] | undefined) => pageFigures(answers ?? []);
      return { home: figures(home), healthz: figures(healthz), watchlist: figures(watchlist) };
    };

    log(`import-load (${database}): at rest for ${BASELINE_SECONDS} s…`);
    const restEnd = performance.now() + BASELINE_SECONDS * 1000;
    const baseline = await loops(() => performance.now() < restEnd);

    const uploads = [
      {
        file: 'watchlist.csv',
        bytes: letterboxdWatchlistCsv({ rows: options.rows, seed: SEED }),
        type: 'text/csv',
      },
      { file: 'letterboxd-export.zip', bytes: largestZip(options.rows), type: 'application/zip' },
    ];
    const imports: ImportRun[] = [];
    for (const upload of uploads) {
      log(
        `import-load (${database}): ${upload.file}, ${options.rows} rows (${upload.bytes.byteLength} bytes)…`,
      );
      let running = true;
      const cpuBefore = server.cpuSeconds();
      const started = performance.now();
      const during = loops(() => running);
      let status = 'not uploaded';
      let uploadSeconds = 0;
      try {
        const form = new FormData();
        form.append('file', new Blob([upload.bytes], { type: upload.type }), upload.file);
        const answer = await fetch(`${base}/api/imports`, {
          method: 'POST',
          headers: { origin: base, cookie: importer.cookie },
          body: form,
        });
        uploadSeconds = (performance.now() - started) / 1000;
        if (answer.status !== 202) throw new Error(`upload answered ${answer.status} ${await answer.text()}`);
        const { id } = (await answer.json()) as { id: string };
        status = 'matching';
        const deadline = started + IMPORT_TIMEOUT_MS;
        while (status === 'matching' && performance.now() < deadline) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          const asked = await send(`${base}/api/imports/${id}`, {
            headers: { accept: 'application/json', cookie: importer.cookie },
            keepBody: true,
          });
          if (asked.status === 200) status = (JSON.parse(String(asked.body)) as { status: string }).status;
        }
      } finally {
        running = false;
      }
      const importSeconds = (performance.now() - started) / 1000;
      const cpuAfter = server.cpuSeconds();
      imports.push({
        file: upload.file,
        rows: options.rows,
        fileBytes: upload.bytes.byteLength,
        uploadSeconds: round(uploadSeconds, 2),
        importSeconds: round(importSeconds, 1),
        status,
        during: await during,
        serverCpu:
          cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / importSeconds, 2) : null,
      });
    }
    return { database, loadAverageAtStart, baseline, imports };
  } finally {
    await server?.stop();
    await cleanup();
  }
}

export function importLoadMet(r: ImportLoadResult): boolean {
  return r.imports.every((run) =>
    Object.values(run.during).every(
      (f: PageFigures) => f.latencyMs.p99 < TARGET_P99_MS && f.errors + f.timeouts === 0,
    ),
  );
}

export function printImportLoad(outcome: ImportLoadOutcome): void {
  console.log('');
  if ('skipped' in outcome) {
    console.log(`WARNING: the import load was skipped: ${outcome.skipped}`);
    return;
  }
  const r = outcome;
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  console.log(`Import load (${r.database}); load average at start ${r.loadAverageAtStart.join(' ')}`);
  for (const run of r.imports) {
    console.log(
      `  ${run.file}, ${run.rows} Letterboxd rows (${run.fileBytes} bytes) uploaded (202 after ${run.uploadSeconds} s), read and matched in ${run.importSeconds} s (${run.status}); server CPU ${run.serverCpu === null ? '-' : `${Math.round(run.serverCpu * 100)}% of one core`}`,
    );
  }
  const files = r.imports.map((run) => `during ${run.file}`);
  console.log(`  ${''.padEnd(24)}${'at rest'.padStart(26)}${files.map((f) => f.padStart(31)).join('')}`);
  const head = `${'n'.padStart(6)}${'p50'.padStart(7)}${'p99'.padStart(8)}${'max'.padStart(8)}`;
  console.log(`  ${''.padEnd(24)}${head.padStart(29)}${r.imports.map(() => head.padStart(31)).join('')}`);
  for (const [label, key] of [
    ['GET /', 'home'],
    ['GET /healthz', 'healthz'],
    ["a member's watchlist", 'watchlist'],
  ] as const) {
    const cells = (f: PageFigures) =>
      `${String(f.latencyMs.count).padStart(6)}${ms(f.latencyMs.p50).padStart(7)}${ms(f.latencyMs.p99).padStart(8)}${ms(f.latencyMs.max).padStart(8)}`;
    const verdicts = r.imports.map((run) => {
      const f = run.during[key];
      const failed = f.errors + f.timeouts + f.non200;
      return `${f.latencyMs.p99 < TARGET_P99_MS ? 'MET' : 'MISSED'}${failed ? ` (${failed} failed)` : ''}`;
    });
    console.log(
      `  ${label.padEnd(24)}${cells(r.baseline[key]).padStart(29)}${r.imports.map((run) => cells(run.during[key]).padStart(31)).join('')}   p99 < ${TARGET_P99_MS} ms ${verdicts.join(', ')}`,
    );
  }
}
