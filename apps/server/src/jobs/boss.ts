import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * pg-boss over the app's own database connection (PGlite or the PostgreSQL pool), in its own schema.
 * Jobs live in the database, so every app process sees the same queues, a job taken by a process that
 * dies is retried, and a job sent with a singleton key exists once whoever sends it.
 */
async function startJobs(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  const create = () => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
      // Its own housekeeping, now and then (the defaults poll more often than a small app needs).
      maintenanceIntervalSeconds: 300,
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    return boss;
  };
  try {
    return await create().start();
  } catch (err) {
    // Two processes starting on a new database at once both create pg-boss's schema; the loser's
    // start fails on the catalog's unique index. The schema is there now: start a new one (a failed
    // start cannot be started again).
    if ((err as { code?: string }).code !== '23505') throw err;
    return create().start();
  }
}

/** A worker of the app's (the notification engine, the catalog sync's ticker) on the job queue. */
export interface Worker {
  start(jobs: PgBoss): Promise<void>;
  stop(): Promise<void>;
}

/** The app's workers: each module adds its own; the queue starts only when one was added. */
export interface Jobs {
  add(worker: Worker): void;
}

/**
 * Starts the job queue and the workers added by then once the app is ready, and stops them before it
 * closes (before the database does: an interrupted send or sync is taken up again by the next start).
 */
export function createJobs(app: FastifyInstance, database: DatabaseHandle): Jobs {
  const workers: Worker[] = [];
  let jobs: PgBoss | null = null;
  app.addHook('onReady', async () => {
    if (workers.length === 0) return;
    jobs = await startJobs(database, app.log);
    for (const worker of workers) await worker.start(jobs);
  });
  app.addHook('preClose', async () => {
    for (const worker of workers) await worker.stop();
    await jobs?.stop({ graceful: true, wait: true, timeout: 5000 });
  });
  return { add: (worker) => void workers.push(worker) };
}
