import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Clock } from '../../lib/clock';
import type { Dispatcher } from './dispatcher';
import type { Planner } from './planner';

export const TICK_QUEUE = 'notifications-tick';

/**
 * The notification worker. A tick plans what has fallen due from the database's state and sends it;
 * nothing about a notification is held in memory, so a restart, or several processes ticking at
 * once, changes nothing. Ticks are pg-boss jobs: every process asks for one each interval with one
 * singleton key, so there is one tick per interval whatever the number of processes, and the first to
 * fetch it runs it (a long one overlapping the next is safe: claims are exclusive).
 */
export function createNotificationEngine(options: {
  planner: Planner;
  dispatcher: Dispatcher;
  clock: Clock;
  intervalSeconds: number;
  log: FastifyBaseLogger;
}) {
  const { planner, dispatcher, clock, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let boss: PgBoss | null = null;
  let stopping = false;
  let running: Promise<void> | null = null;

  async function tick() {
    const now = clock();
    const changes = await planner.planChanges(now);
    const due = await planner.planDue(now);
    const handled = await dispatcher.drain(() => stopping);
    if (changes + due + handled > 0) log.info({ planned: changes + due, handled }, 'notifications tick');
  }

  const slotSeconds = Math.max(1, Math.round(options.intervalSeconds));
  /**
   * Asks for this interval's tick (a no-op if a process asked already), then takes it if no other
   * process has. Fetched and completed here rather than by pg-boss's worker, whose completion is not
   * awaited: a dropped database connection there is an unhandled rejection that ends the process.
   */
  async function takeTick(jobs: PgBoss) {
    await jobs.send(TICK_QUEUE, {}, { singletonKey: 'tick', singletonSeconds: slotSeconds, retryLimit: 0 });
    for (const job of await jobs.fetch(TICK_QUEUE)) {
      try {
        await tick();
        await jobs.complete(TICK_QUEUE, job.id);
      } catch (err) {
        log.error({ err }, 'notifications tick failed');
        await jobs.fail(TICK_QUEUE, job.id).catch(() => {});
      }
    }
  }
  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      const jobs = boss;
      if (!jobs) return;
      running = takeTick(jobs)
        .catch((err) => log.warn({ err }, 'could not run a notifications tick'))
        .finally(() => {
          running = null;
          if (boss) schedule(options.intervalSeconds * 1000);
        });
    }, delayMs);
  }

  return {
    /** One pass: plan, then send until nothing is due. Tests and tools call it directly. */
    tick,
    /** Starts taking ticks from `jobs`' queue, the first one now (catch-up after downtime). */
    async start(jobs: PgBoss) {
      if (boss) return;
      boss = jobs;
      stopping = false;
      await jobs.createQueue(TICK_QUEUE, { name: TICK_QUEUE, expireInSeconds: 15 * 60, retryLimit: 0 });
      schedule(0);
    },
    /** Stops asking for ticks and waits for a running one (before the database closes). */
    async stop() {
      const jobs = boss;
      boss = null;
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      await jobs?.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

export type NotificationEngine = ReturnType<typeof createNotificationEngine>;
