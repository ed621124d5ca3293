import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { mediaItems } from '../db/schema';
import { createCatalogRepository, type IngestResult, ingest } from '../modules/catalog';
import { createSyntheticProvider } from '../providers/synthetic/synthetic-provider';
import type { MetadataProvider } from '../providers/types';

const MAX_ITEMS = 10_000_000;

export const USAGE = `Usage: npm run catalog:generate -- --items <count> [--seed <n>] [--batch-size <n>]

Adds a deterministic synthetic catalog (books, movies, TV seasons) through the normal ingestion
pipeline, for load tests and demos at scale. Running it again with the same seed adds nothing twice;
a bigger --items extends a smaller run.

Options:
  --items <count>    how many items to generate, 1 to 10,000,000    (required)
  --seed <n>         random seed, 0 to 4294967295                   (default: 42)
  --batch-size <n>   items per database write, 1 to 10000            (default: 1000)
  -h, --help         show this help

The database is the app's: DATABASE_URL (PostgreSQL) if set, otherwise the embedded database in
DATA_DIR (default ./data). The embedded database allows one process per data directory: stop the
app before generating into its DATA_DIR.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface GenerateArgs {
  items: number;
  seed: number;
  batchSize: number;
}

function integerOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replaceAll('_', '');
  if (!/^\d+$/.test(cleaned)) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
  const n = Number(cleaned);
  if (n < min || n > max) {
    throw new UsageError(`--${name} must be between ${min} and ${max.toLocaleString('en')}, got ${value}.`);
  }
  return n;
}

/** The CLI's arguments, or 'help'. Throws a UsageError with a message fit for the user. */
export function parseGenerateArgs(argv: string[]): GenerateArgs | 'help' {
  let values: { items?: string; seed?: string; 'batch-size'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        items: { type: 'string' },
        seed: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    // parseArgs's messages name the problem but suggest `--` oddly; keep the first sentence.
    throw new UsageError((err as Error).message.split('. ')[0]?.replace(/\.$/, '') ?? 'Bad arguments');
  }
  if (values.help) return 'help';
  const items = integerOption('items', values.items, 1, MAX_ITEMS);
  if (items === undefined) {
    throw new UsageError(
      'Missing --items. With npm, put the options after "--": npm run catalog:generate -- --items 100000',
    );
  }
  return {
    items,
    seed: integerOption('seed', values.seed, 0, 0xffffffff) ?? 42,
    batchSize: integerOption('batch-size', values['batch-size'], 1, 10_000) ?? 1000,
  };
}

/**
 * Other processes holding files open under `dataDir` (Linux /proc; elsewhere an empty list). PGlite
 * takes no lock of its own, and two processes writing one data directory corrupt it.
 */
export function findDataDirUsers(dataDir: string): { pid: number; command: string }[] {
  let root: string;
  let pids: string[];
  try {
    root = realpathSync(dataDir);
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  const users: { pid: number; command: string }[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target === root || target.startsWith(`${root}${path.sep}`);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {}
    users.push({ pid: Number(pid), command });
  }
  return users;
}

/** `[#####-----] 45% 45000/100000 items 3.2s` */
export function formatProgress(done: number, total: number, elapsedMs: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  return `[${bar}] ${Math.floor(ratio * 100)}% ${done}/${total} items ${(elapsedMs / 1000).toFixed(1)}s`;
}

/** Draws progress on a stream: redrawn in place on a terminal, a plain line every 10% otherwise. */
export function createProgressReporter(stream: NodeJS.WriteStream, total: number) {
  const started = performance.now();
  const tty = Boolean(stream.isTTY);
  let lastDecile = -1;
  let lastDraw = 0;
  return {
    update(done: number) {
      const now = performance.now();
      const line = formatProgress(done, total, now - started);
      if (tty) {
        // Redrawing more than ~20 times a second only costs time.
        if (done < total && now - lastDraw < 50) return;
        lastDraw = now;
        stream.write(`\r${line}\x1b[K`);
        return;
      }
      const decile = Math.floor((done / Math.max(1, total)) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        stream.write(`${line}\n`);
      }
    },
    finish() {
      if (tty) stream.write('\n');
    },
  };
}

export interface GenerateResult extends IngestResult {
  elapsedMs: number;
  /** Time spent in VACUUM ANALYZE after loading. */
  maintenanceMs: number;
  stopped: boolean;
  /** Items per media type in the whole catalog afterwards. */
  catalog: Record<string, number>;
}

export interface GenerateOptions extends GenerateArgs {
  today?: string;
  onProgress?: (received: number) => void;
  /** Called before the closing VACUUM ANALYZE. */
  onMaintenance?: () => void;
  /** Checked between batches: true stops cleanly after the batch in flight. */
  shouldStop?: () => boolean;
}

/** Ingests the synthetic provider into an open, migrated database. */
export async function generateCatalog(
  database: DatabaseHandle,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const provider = createSyntheticProvider({
    items: options.items,
    seed: options.seed,
    batchSize: options.batchSize,
    ...(options.today ? { today: options.today } : {}),
  });
  let stopped = false;
  const stoppable: typeof provider = {
    ...provider,
    async *fetch() {
      for await (const batch of provider.fetch()) {
        if (options.shouldStop?.()) {
          stopped = true;
          return;
        }
        yield batch;
      }
    },
  } satisfies MetadataProvider<unknown>;
  const repo = createCatalogRepository(database.db);
  const result = await ingest(repo, stoppable, { onBatch: (total) => options.onProgress?.(total.received) });
  // PGlite has no autovacuum: without this the planner has no statistics and every full-text search
  // scans the GIN indexes' whole pending list of freshly inserted entries.
  options.onMaintenance?.();
  const maintenanceStarted = performance.now();
  await database.db.execute(sql`vacuum analyze media_items`);
  const maintenanceMs = performance.now() - maintenanceStarted;
  const rows = await database.db
    .select({ type: mediaItems.mediaType, n: sql<number>`count(*)::int` })
    .from(mediaItems)
    .groupBy(mediaItems.mediaType);
  return {
    ...result,
    stopped,
    elapsedMs: performance.now() - started,
    maintenanceMs,
    catalog: Object.fromEntries(rows.map((r) => [r.type, r.n])),
  };
}

/** A postgres:// URL with its password hidden. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
