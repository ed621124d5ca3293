/**
 * The chaos run's database: a scratch database on a PostgreSQL server, or the embedded PGlite in a
 * temporary directory; and what the run reads and moves in it between the servers' lives.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { CHAOS_CHANNELS, type ChaosChannel, type ChaosContext, channelRecord } from './context';

export interface ChaosDatabase {
  /** A handle on the database (PGlite: only while no server runs). */
  open: () => Promise<DatabaseHandle>;
  /** The servers' settings for it. */
  serverEnv: Record<string, string>;
  /** PostgreSQL only: ends every connection to the database, answering how many. */
  cutConnections: (() => Promise<number | null>) | null;
}

/** The database of the run, its clean-up registered. */
export async function prepareDatabase(run: ChaosContext, dataDir: string): Promise<ChaosDatabase> {
  const url = run.options.databaseUrl;
  const database = url ? await scratchPostgres(run, url, dataDir) : embeddedPglite(run, dataDir);
  run.openDb = database.open;
  return database;
}

async function scratchPostgres(
  run: ChaosContext,
  serverUrl: string,
  dataDir: string,
): Promise<ChaosDatabase> {
  const dbName = `chaos_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  run.cleanups.push(async () => {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  run.cleanups.push(() => handle.close());
  // With DATABASE_URL the server makes no VAPID pair of its own: without one push is off.
  const vapid = webpush.generateVAPIDKeys();
  run.say(`database ${dbName} created on ${url.host}`);
  return {
    open: async () => ({ ...handle, close: async () => {} }),
    serverEnv: {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
    cutConnections: async () => {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      return rowCount;
    },
  };
}

function embeddedPglite(run: ChaosContext, dataDir: string): ChaosDatabase {
  // PGlite allows one process per data directory: the script opens it only while no server runs.
  const snapshot = run.options.pgliteSnapshot;
  let first = true;
  run.say(`embedded database in ${dataDir}`);
  return {
    open: async () => {
      const loadDataDir = first && snapshot ? new Blob([await readFile(snapshot)]) : undefined;
      first = false;
      return openDatabase({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    },
    serverEnv: { DATA_DIR: dataDir },
    cutConnections: null,
  };
}

export interface DeliveryCounts {
  byChannel: Record<ChaosChannel, Record<string, number>>;
  /** Each channel has its N rows, all sent or failed. */
  done: boolean;
}

/** Each channel's rows by status. */
export async function countDeliveries(db: DatabaseHandle, n: number): Promise<DeliveryCounts> {
  const result = await db.db.execute(sql`select channel, status, count(*)::int as n
    from notification_deliveries where channel in ('email', 'push', 'webhook') group by channel, status`);
  const rows = (result as unknown as { rows: { channel: ChaosChannel; status: string; n: number }[] }).rows;
  const byChannel = channelRecord((): Record<string, number> => ({}));
  for (const r of rows) byChannel[r.channel][r.status] = r.n;
  const done = CHAOS_CHANNELS.every((channel) => {
    const byStatus = byChannel[channel];
    const total = Object.values(byStatus).reduce((a, c) => a + c, 0);
    return total === n && !byStatus.pending && !byStatus.sending;
  });
  return { byChannel, done };
}

/**
 * Retries wait 30 s to an hour (with real time); the run moves them up instead, as if that time had
 * passed. Leases of killed workers are left alone: their expiry is what is under test.
 */
export function fastForward(db: DatabaseHandle) {
  return db.db.execute(sql`update notification_deliveries set next_attempt_at = now() - interval '1 second'
    where channel in ('email', 'push', 'webhook') and status = 'pending' and next_attempt_at > now()`);
}

/** Between two lives (no server runs): time passes for retries; how far it got. */
export async function betweenLives(run: ChaosContext, database: ChaosDatabase): Promise<DeliveryCounts> {
  const db = await run.race(database.open());
  try {
    await fastForward(db);
    return await countDeliveries(db, run.n);
  } finally {
    await db.close();
  }
}
