import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { createJobTicker } from '../../jobs/ticker';
import type { Clock } from '../../lib/clock';
import type { Dispatcher } from './dispatcher';
import type { Planner } from './planner';

const TICK_QUEUE = 'notifications-tick';

/**
 * The notification worker. A tick plans what has fallen due from the database's state and sends it;
 * nothing about a notification is held in memory, so a restart, or several processes ticking at
 * once, changes nothing. Ticks are pg-boss jobs (jobs/ticker.ts): one per interval whatever the
 * number of processes (a long one overlapping the next is safe: claims are exclusive).
 */
export function createNotificationEngine(options: {
  planner: Planner;
  dispatcher: Dispatcher;
  clock: Clock;
  intervalSeconds: number;
  log: FastifyBaseLogger;
}) {
  const { planner, dispatcher, clock, log } = options;
  let stopping = false;

  async function tick() {
    const now = clock();
    const changes = await planner.planChanges(now);
    const due = await planner.planDue(now);
    const found = await planner.planNewTitles(now);
    const { planned: available } = await planner.planAvailable(now);
    const handled = await dispatcher.drain(() => stopping);
    const planned = changes + due + found + available;
    if (planned + handled > 0) log.info({ planned, handled }, 'notifications tick');
  }
  const ticker = createJobTicker({
    queue: TICK_QUEUE,
    intervalSeconds: options.intervalSeconds,
    run: tick,
    log,
  });

  return {
    /** One pass: plan, then send until nothing is due. Tests and tools call it directly. */
    tick,
    /** Starts taking ticks from `jobs`' queue, the first one now (catch-up after downtime). */
    async start(jobs: PgBoss) {
      stopping = false;
      await ticker.start(jobs);
    },
    /** Stops asking for ticks and waits for a running one (before the database closes). */
    async stop() {
      stopping = true;
      await ticker.stop();
    },
  };
}

export type NotificationEngine = ReturnType<typeof createNotificationEngine>;
