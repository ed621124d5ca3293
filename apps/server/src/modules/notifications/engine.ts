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
 * singleton key, so there is one tick per interval whatever the number of processes, and any of them
 * may run it (a long one overlapping the next is safe: claims are exclusive).
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

  async function tick() {
    const now = clock();
    const changes = await planner.planChanges(now);
    const due = await planner.planDue(now);
    const handled = await dispatcher.drain(() => stopping);
    if (changes + due + handled > 0) log.info({ planned: changes + due, handled }, 'notifications tick');
  }

  const slotSeconds = Math.max(1, Math.round(options.intervalSeconds));
  async function requestTick() {
    await boss?.send(TICK_QUEUE, {}, { singletonKey: 'tick', singletonSeconds: slotSeconds, retryLimit: 0 });
  }
  function schedule() {
    timer = setTimeout(() => {
      requestTick()
        .catch((err) => log.warn({ err }, 'could not ask for a notifications tick'))
        .finally(() => {
          if (boss) schedule();
        });
    }, options.intervalSeconds * 1000);
  }

  return {
    /** One pass: plan, then send until nothing is due. Tests and tools call it directly. */
    tick,
    /** Starts working on `jobs`' tick queue, and asks for a tick now (catch-up after downtime). */
    async start(jobs: PgBoss) {
      if (boss) return;
      boss = jobs;
      await jobs.createQueue(TICK_QUEUE, { name: TICK_QUEUE, expireInSeconds: 15 * 60, retryLimit: 0 });
      await jobs.work(
        TICK_QUEUE,
        { pollingIntervalSeconds: Math.max(0.5, options.intervalSeconds / 2) },
        async () => {
          try {
            await tick();
          } catch (err) {
            log.error({ err }, 'notifications tick failed');
          }
        },
      );
      await requestTick();
      schedule();
    },
    /** Stops asking for ticks and waits for a running one (before the database closes). */
    async stop() {
      const jobs = boss;
      boss = null;
      stopping = true;
      if (timer) clearTimeout(timer);
      await jobs?.stop({ graceful: true, wait: true, timeout: 8000 });
    },
  };
}

export type NotificationEngine = ReturnType<typeof createNotificationEngine>;
