import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Dispatcher } from './dispatcher';
import type { Planner } from './planner';

/**
 * The notification worker: at every tick it plans what has fallen due from the database's state and
 * sends it. Ticks are only a trigger; nothing about a notification is held in memory, so a restart,
 * or several processes ticking at once, changes nothing.
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
  let current: Promise<void> | null = null;
  let stopped = true;

  async function tick() {
    const now = clock();
    const changes = await planner.planChanges(now);
    const due = await planner.planDue(now);
    const handled = await dispatcher.drain();
    if (changes + due + handled > 0) log.info({ planned: changes + due, handled }, 'notifications tick');
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick()
        .catch((err) => log.error({ err }, 'notifications tick failed'))
        .finally(() => {
          current = null;
          schedule();
        });
    }, options.intervalSeconds * 1000);
  }

  return {
    /** One pass: plan, then send until nothing is due. Tests and tools call it directly. */
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      // The first pass soon after start: catch-up after downtime should not wait a whole interval.
      current = tick()
        .catch((err) => log.error({ err }, 'notifications tick failed'))
        .finally(() => {
          current = null;
          schedule();
        });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

export type NotificationEngine = ReturnType<typeof createNotificationEngine>;
