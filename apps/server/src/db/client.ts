import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for libraries that bring their own (pg-boss): parameterised, or several statements
   * without parameters (a schema migration).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `handler` on each NOTIFY on `channel`, from any process on the database; the returned
   * function stops listening. On PostgreSQL a connection of its own, made again if it is lost.
   */
  listen(channel: string, handler: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * pg_trgm's default word-similarity threshold (0.6) misses one typo in a short word ("moob" for
 * "moon"); 0.5 finds it without flooding results. Set on every new connection (the translated names'
 * tiers) and used by the title index's close spellings.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const SESSION_SETUP = `select set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', false)`;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite's data directory; in memory when absent. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** A PostgreSQL schema to work in (tests give each file its own). */
  schemaName?: string;
  /** An in-memory PGlite database starts as a copy of this dump (`dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.schemaName);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  await client.query(SESSION_SETUP);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        // A script that failed between its BEGIN and COMMIT would leave the one connection every
        // query shares inside an aborted transaction.
        if (client.isInTransaction()) await client.exec('rollback');
        throw err;
      }
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return async () => stop();
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number, schemaName?: string): Promise<DatabaseHandle> {
  // Session settings travel in the startup packet, so every connection has them before its first query.
  const startup = [`-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`];
  if (schemaName) startup.push(`-c search_path=${schemaName},public`);
  // A database that does not answer (restarting) fails a request within seconds, not at the OS's
  // TCP timeout: the request is answered 503 and the balancer or the visitor tries again.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: startup.join(' '),
    connectionTimeoutMillis: 5000,
  });
  // A dropped connection must not crash the process: idle ones report to the pool, checked-out ones
  // (inside a transaction) to their client; the query in flight fails, the next opens a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    migrate: async () => {
      // Instances starting together migrate one at a time: the others wait on this lock, then find
      // nothing left to apply.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [
          `releasebell:migrate:${schemaName ?? ''}`,
        ]);
        if (schemaName) await db.execute(sql.raw(`create schema if not exists "${schemaName}"`));
        await migratePg(db as never, {
          migrationsFolder,
          ...(schemaName ? { migrationsSchema: schemaName } : {}),
        });
      } finally {
        await holder.query('select pg_advisory_unlock_all()').catch(() => {});
        holder.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: async (channel, handler) => listenOn(url, startup.join(' '), channel, handler),
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * (PostgreSQL restarting) is made again a second later; what was notified meanwhile is missed, so
 * the handler is called once the connection is back.
 */
async function listenOn(
  url: string,
  options: string,
  channel: string,
  handler: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  /** Set once listening began: from then on a lost connection is made again. */
  let established = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, options, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handler();
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || !established) return;
      client = null;
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
      retry.unref();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      await next.end().catch(() => {});
      if (!again) throw err;
      return;
    }
    client = next;
    established = true;
    if (again) handler();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
