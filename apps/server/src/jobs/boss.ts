import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * pg-boss over the app's own database connection (PGlite or the PostgreSQL pool), in its own schema.
 * Jobs live in the database, so every app process sees the same queues, a job taken by a process that
 * dies is retried, and a job sent with a singleton key exists once whoever sends it.
 */
export async function startJobs(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Its own housekeeping, now and then (the defaults poll more often than a small app needs).
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
