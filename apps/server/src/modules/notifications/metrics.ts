import { NOTIFICATION_KINDS } from '@releasebell/contract';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DeliveryChannel, DeliveryRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DeliveryQueue } from './delivery-queue';
import type { Outcome } from './dispatcher';

const CHANNELS: DeliveryChannel[] = ['email', 'sms', 'in_app'];

/**
 * `releasebell_notifications_*`: what this process sent and failed (counters), and what waits in the
 * shared database (gauges read at each scrape, so every process reports the same backlog).
 */
export function registerNotificationMetrics(registry: Registry, deliveries: DeliveryQueue, clock: Clock) {
  const labelNames = ['channel', 'kind'] as const;
  const sent = new Counter({
    name: 'releasebell_notifications_sent_total',
    help: 'Notifications delivered by this process, by channel and kind.',
    labelNames,
    registers: [registry],
  });
  const failed = new Counter({
    name: 'releasebell_notifications_failed_total',
    help: 'Notifications that failed for good in this process (permanent error or retries exhausted).',
    labelNames,
    registers: [registry],
  });
  const retried = new Counter({
    name: 'releasebell_notifications_retries_total',
    help: 'Transient send failures that were scheduled for another try.',
    labelNames,
    registers: [registry],
  });
  new Gauge({
    name: 'releasebell_notifications_pending',
    help: 'Deliveries waiting to be sent (pending or being sent), by channel and kind.',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      // Zeros too, so a dashboard sees the series before anything is ever pending.
      for (const channel of CHANNELS) for (const kind of NOTIFICATION_KINDS) this.set({ channel, kind }, 0);
      for (const row of await deliveries.backlog())
        this.set({ channel: row.channel, kind: row.kind }, row.count);
    },
  });
  new Gauge({
    name: 'releasebell_notifications_oldest_pending_age_seconds',
    help: 'How long the oldest waiting delivery has been due (0 when none waits).',
    registers: [registry],
    async collect() {
      const oldest = (await deliveries.backlog())
        .map((r) => r.oldest?.getTime() ?? Number.POSITIVE_INFINITY)
        .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
      this.set(Number.isFinite(oldest) ? Math.max(0, (clock().getTime() - oldest) / 1000) : 0);
    },
  });
  return (delivery: DeliveryRow, outcome: Outcome) => {
    const labels = { channel: delivery.channel, kind: delivery.kind };
    if (outcome === 'sent') sent.inc(labels);
    else if (outcome === 'failed') failed.inc(labels);
    else if (outcome === 'retry') retried.inc(labels);
  };
}
