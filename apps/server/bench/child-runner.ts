/**
 * What every benchmark child shares, so that each states only what it does differently:
 * - a server child (serve.ts, fanout-app.ts, baseline.ts) listens on 127.0.0.1, prints the ready line
 *   startChild (children.ts) waits for, and closes on SIGINT or SIGTERM;
 * - a measured child (imports-child.ts, follows-child.ts, sync-import.ts) opens and migrates the
 *   embedded database in DATA_DIR, does its work unless its mode is idle, closes the database and
 *   prints its result with its peak memory; the parent runs it three times on one database (create,
 *   idle, work) so that initdb's peak and the open database's own stay out of the work's figure.
 */
import type { DatabaseHandle } from '../src/db/client';
import { runChildForResult } from './children';

// ---------------------------------------------------------------------------------------------------
// Server children
// ---------------------------------------------------------------------------------------------------

interface Listener {
  listen(options: { host: string; port: number }): Promise<unknown>;
  server: { address(): unknown };
  close(): Promise<unknown>;
}

/**
 * Listens on 127.0.0.1 (a free port), prints `{"ready":true,"port":N, ...more}` for the parent, and
 * closes the app on SIGINT or SIGTERM.
 */
export async function listenAndReport(app: Listener, more: Record<string, unknown> = {}): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ ready: true, port, ...more })}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().finally(() => process.exit(0));
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Measured children
// ---------------------------------------------------------------------------------------------------

/** What every measured child answers, besides its own figures. */
export interface MeasuredResult<Work extends string> {
  mode: 'idle' | Work;
  /** Opening (creating, the first time) and migrating the database, seconds. */
  openSeconds: number;
  /** Peak resident memory of this process over its whole life (getrusage ru_maxrss), MB. */
  peakRssMb: number;
}

export const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
export const seconds = (ms: number) => Math.round(ms) / 1000;
/** A progress line for the parent, which passes stderr on. */
export const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Runs the child: `modeVariable` in the environment names its mode (`work`, else idle). In `work` mode,
 * `measure` runs between opening and closing the database and answers its figures; `statuses` counts
 * the HTTP statuses the process receives, retries included.
 */
export async function runMeasuredChild<Work extends string, Figures extends object>(
  modeVariable: string,
  work: Work,
  measure: (database: DatabaseHandle, statuses: Record<string, number>) => Promise<Figures>,
): Promise<void> {
  const mode = process.env[modeVariable] === work ? work : 'idle';
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is required');

  // Count what the client receives: fetch is looked up when the client is created, after this.
  const statuses: Record<string, number> = {};
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    const res = await realFetch(...args);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    return res;
  }) as typeof fetch;

  const { openDatabase } = await import('../src/db/client');
  const opening = performance.now();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const result: MeasuredResult<Work> = {
    mode,
    openSeconds: seconds(performance.now() - opening),
    peakRssMb: 0,
  };
  if (mode === work) Object.assign(result, await measure(database, statuses));
  await database.close();
  // ru_maxrss, in kilobytes on Linux and macOS (Node normalises it to KB).
  result.peakRssMb = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
  process.stdout.write(`${JSON.stringify({ result })}\n`);
}

/** What a section that runs measured children is given. */
export interface SectionOptions {
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  serverDir: string;
  log: (line: string) => void;
}

/** The working child's peak memory beside the others', and the children's database times. */
export interface MemoryFigures {
  /** Peak RSS of the working child, and of the same child only opening the database. */
  peakRssMb: number;
  idlePeakRssMb: number;
  /** Peak RSS and time of the child creating the empty database beforehand (PGlite's initdb). */
  createPeakRssMb: number;
  createSeconds: number;
  /** The working child opening the database, seconds. */
  openSeconds: number;
}

export function memoryFigures(
  create: MeasuredResult<string>,
  idle: MeasuredResult<string>,
  work: MeasuredResult<string>,
): MemoryFigures {
  return {
    peakRssMb: work.peakRssMb,
    idlePeakRssMb: idle.peakRssMb,
    createPeakRssMb: create.peakRssMb,
    createSeconds: create.openSeconds,
    openSeconds: work.openSeconds,
  };
}

/**
 * The parent's side: `script` run as `<name>-create` (making the empty database in `dataDir`), then
 * `<name>-idle` (only opening it), then `work` for the figures.
 */
export function measuredChild<Result>(options: {
  name: string;
  script: string;
  modeVariable: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  repoRoot: string;
}) {
  const { name, script, modeVariable, dataDir, env, repoRoot } = options;
  return {
    async createThenIdle() {
      const idleEnv = { ...env, [modeVariable]: 'idle', DATA_DIR: dataDir };
      const create = await runChildForResult<Result>(`${name}-create`, script, idleEnv, repoRoot);
      const idle = await runChildForResult<Result>(`${name}-idle`, script, idleEnv, repoRoot);
      return { create, idle };
    },
    /** Runs the work as `<name>-<label>`, with `settings` added to the environment. */
    work(label: string, mode: string, settings: Record<string, string>) {
      const workEnv = { ...env, [modeVariable]: mode, DATA_DIR: dataDir, ...settings };
      return runChildForResult<Result>(`${name}-${label}`, script, workEnv, repoRoot);
    },
  };
}
