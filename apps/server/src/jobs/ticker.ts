import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/**
 * A periodic job shared by every app process: each interval every process asks pg-boss for the
 * interval's tick with one singleton key (a no-op when another process asked already), and whoever
 * fetches it first runs it. The job is fetched and completed here rather than by pg-boss's worker,
 * whose completion is not awaited: a dropped database connection there is an unhandled rejection that
 * ends the process. What a tick does must be safe to overlap with a slow previous one elsewhere.
 */
export function createJobTicker(options: {
  queue: string;
  intervalSeconds: number;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
}) {
  const { queue, run, log } = options;
  const slotSeconds = Math.max(1, Math.round(options.intervalSeconds));
  let timer: NodeJS.Timeout | null = null;
  let boss: PgBoss | null = null;
  let running: Promise<void> | null = null;

  async function takeTick(jobs: PgBoss) {
    await jobs.send(queue, {}, { singletonKey: 'tick', singletonSeconds: slotSeconds, retryLimit: 0 });
    for (const job of await jobs.fetch(queue)) {
      try {
        await run();
        await jobs.complete(queue, job.id);
      } catch (err) {
        log.error({ err, queue }, 'tick failed');
        await jobs.fail(queue, job.id).catch(() => {});
      }
    }
  }
  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      const jobs = boss;
      if (!jobs) return;
      running = takeTick(jobs)
        .catch((err) => log.warn({ err, queue }, 'could not take a tick'))
        .finally(() => {
          running = null;
          if (boss) schedule(slotSeconds * 1000);
        });
    }, delayMs);
  }

  return {
    /** Starts taking ticks from `jobs`, the first one now (catch-up after downtime). */
    async start(jobs: PgBoss) {
      if (boss) return;
      // Processes starting together on a new database can deadlock creating the queue; PostgreSQL
      // picks one transaction to lose (40P01), and running it again is the answer it expects.
      for (let attempt = 1; ; attempt++) {
        try {
          await jobs.createQueue(queue, { name: queue, expireInSeconds: 60 * 60, retryLimit: 0 });
          break;
        } catch (err) {
          if ((err as { code?: unknown }).code !== '40P01' || attempt >= 5) throw err;
        }
      }
      boss = jobs;
      schedule(0);
    },
    /** Stops asking for ticks and waits for a running one. */
    async stop() {
      boss = null;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
