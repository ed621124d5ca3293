import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryRow } from '../../db/schema';
import { DeliveryError } from '../../infra/delivery-error';
import type { Channel, Notice, OutgoingMessage } from './channels/channel';
import type { DeliveryQueue } from './delivery-queue';

/** Transient failures are retried for this long after the delivery fell due, then given up. */
const RETRY_FOR_HOURS = 24;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
/** Sends recorded together (see drainChannel). */
const RECORD_EVERY = 10;

export type Outcome = 'sent' | 'retry' | 'failed' | 'cancelled';
type Sent = { id: string; providerMessageId: string };

export interface DispatcherOptions {
  deliveries: DeliveryQueue;
  channels: Channel[];
  clock: () => Date;
  leaseSeconds: number;
  log: FastifyBaseLogger;
  /** Members whose due deliveries one claim takes. */
  membersPerClaim?: number;
  /** Messages in flight at once per channel. */
  concurrency?: number;
  onOutcome?: (delivery: DeliveryRow, outcome: Outcome) => void;
  random?: () => number;
}

/** Exponential backoff with jitter: ~30 s, 1 min, 2 min ... at most an hour; never sooner than asked. */
function retryDelaySeconds(attempts: number, random: () => number, retryAfter?: number): number {
  const base = Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
  const jittered = base * (0.75 + random() * 0.5);
  return Math.max(jittered, retryAfter ?? 0);
}

/**
 * Claims due deliveries, sends each member's as one message per channel, and records what happened.
 * A claim holds for `leaseSeconds`: if this process dies mid-send, another takes the rows up after it
 * (the same batch, so an email resend carries the same Message-ID).
 */
export function createDispatcher(options: DispatcherOptions) {
  const { deliveries, clock, log } = options;
  const membersPerClaim = options.membersPerClaim ?? 100;
  const concurrency = options.concurrency ?? 10;
  const random = options.random ?? Math.random;
  const report = (rows: DeliveryRow[], outcome: Outcome) => {
    for (const row of rows) options.onOutcome?.(row, outcome);
  };

  /**
   * Sends one message. A success answers its rows for the caller to record with others (one
   * statement for several); a failure is recorded here.
   */
  async function deliver(channel: Channel, message: OutgoingMessage): Promise<Sent[]> {
    const rows = message.notices.map((n) => n.delivery);
    const ids = rows.map((r) => r.id);
    try {
      const { providerMessageId } = await channel.send(message);
      report(rows, 'sent');
      return ids.map((id) => ({ id, providerMessageId }));
    } catch (err) {
      const error =
        err instanceof DeliveryError
          ? err
          : new DeliveryError('transient', 'unexpected', err instanceof Error ? err.message : String(err));
      const reason = `${error.code}: ${error.message}`.slice(0, 500);
      const now = clock();
      if (error.kind === 'deferred') {
        const until = new Date(now.getTime() + (error.retryAfterSeconds ?? 60) * 1000);
        log.info({ channel: channel.name, code: error.code, until }, 'notification held by a cap');
        await deliveries.markDeferred(ids, until, reason);
        report(rows, 'retry');
        return [];
      }
      // 24 hours from when each row was queued: one caught up late after downtime gets them too.
      const queued = Math.min(...rows.map((r) => Math.max(r.dueAt.getTime(), r.createdAt.getTime())));
      const giveUp = now.getTime() - queued >= RETRY_FOR_HOURS * 3_600_000;
      if (error.kind === 'permanent' || giveUp) {
        log.warn(
          { channel: channel.name, code: error.code, deliveries: ids.length, detail: error.detail },
          `notification failed: ${reason}`,
        );
        await deliveries.markClosed(
          ids,
          'failed',
          giveUp && error.kind === 'transient' ? `gave up: ${reason}` : reason,
        );
        if (error.code === 'unsubscribed' && channel.name === 'sms')
          await deliveries.stopSms(message.recipient.userId, now);
        report(rows, 'failed');
        return [];
      }
      const attempts = Math.max(...rows.map((r) => r.attempts));
      const delay = retryDelaySeconds(attempts, random, error.retryAfterSeconds);
      log.info(
        { channel: channel.name, code: error.code, retryInSeconds: Math.round(delay), detail: error.detail },
        'notification will be retried',
      );
      await deliveries.markRetry(ids, new Date(now.getTime() + delay * 1000), reason);
      report(rows, 'retry');
      return [];
    }
  }

  /** Splits claimed rows into messages, dropping what no longer holds (untracked, date moved, opted out). */
  async function messages(channel: Channel, claimed: DeliveryRow[]): Promise<OutgoingMessage[]> {
    const [recipients, items, tracked] = await Promise.all([
      deliveries.recipients([...new Set(claimed.map((d) => d.userId))]),
      deliveries.items([...new Set(claimed.map((d) => d.itemId))]),
      deliveries.trackedDays(claimed),
    ]);
    const cancelled = new Map<string, DeliveryRow[]>();
    const cancel = (row: DeliveryRow, why: string) =>
      cancelled.set(why, [...(cancelled.get(why) ?? []), row]);
    const batches = new Map<string, OutgoingMessage>();
    for (const delivery of claimed) {
      const recipient = recipients.get(delivery.userId);
      const item = items.get(delivery.itemId);
      const unavailable = recipient ? channel.unavailable(recipient) : 'the member is gone';
      if (!recipient || !item || unavailable) {
        cancel(delivery, unavailable ?? 'the title is gone');
        continue;
      }
      // The answer to a member's request is news whether or not they track the title (yet).
      const answer = delivery.kind === 'request_resolved';
      if (!answer && !tracked.has(`${delivery.userId}/${delivery.itemId}`)) {
        cancel(delivery, 'no longer tracked');
        continue;
      }
      // A release day or reminder is about the member's own day (their kind of release in their
      // region); an announcement or a move is about the title's date.
      // A new title, and a title now on a member's service, are news whatever its date does after.
      const moved =
        !answer &&
        delivery.kind !== 'new_title' &&
        delivery.kind !== 'available' &&
        (delivery.kind === 'released' || delivery.kind === 'reminder'
          ? tracked.get(`${delivery.userId}/${delivery.itemId}`) !== delivery.keyDate
          : (item.releaseDate ?? 'tbd') !== delivery.keyDate ||
            (delivery.newPrecision ?? null) !== item.releaseDatePrecision);
      if (moved) {
        cancel(delivery, 'the release date changed since');
        continue;
      }
      // One message per batch and target (a member's devices and channels each get their own), or
      // per notice where the channel sends no digests.
      const batchId = delivery.batchId ?? delivery.id;
      const key = channel.perNotice ? delivery.id : `${batchId}/${delivery.targetId}`;
      const notice: Notice = { delivery, item };
      const message = batches.get(key);
      if (message) message.notices.push(notice);
      else batches.set(key, { batchId, recipient, targetId: delivery.targetId, notices: [notice] });
    }
    for (const [why, rows] of cancelled) {
      await deliveries.markClosed(
        rows.map((r) => r.id),
        'cancelled',
        why,
      );
      report(rows, 'cancelled');
    }
    return [...batches.values()];
  }

  /** Sends on one channel until nothing is due; returns how many deliveries it handled. */
  async function drainChannel(channel: Channel, stopping: () => boolean): Promise<number> {
    let handled = 0;
    while (!stopping()) {
      const now = clock();
      const claimed = await deliveries.claim(
        channel.name,
        now,
        new Date(now.getTime() + options.leaseSeconds * 1000),
        membersPerClaim,
      );
      if (claimed.length === 0) return handled;
      handled += claimed.length;
      const queue = await messages(channel, claimed);
      await channel.prepare?.([...new Set(queue.map((m) => m.targetId).filter(Boolean))]);
      let sent: Sent[] = [];
      // Sends are recorded a few at a time: one statement each would cost the embedded database most
      // of its time, one per claim would leave up to a claim's worth unrecorded if the process died.
      const record = async (atLeast: number) => {
        if (sent.length < atLeast || sent.length === 0) return;
        const done = sent;
        sent = [];
        await deliveries.markSent(done, clock());
      };
      const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          // Awaited first: `sent` may be a new array by the time the send is done.
          const done = await deliver(channel, next);
          sent.push(...done);
          await record(RECORD_EVERY);
        }
      });
      try {
        await Promise.all(workers);
      } finally {
        // Also after a failure elsewhere: what went out is recorded, so it is not sent again.
        await record(1);
      }
    }
    return handled;
  }

  return {
    /** Every channel, side by side, until nothing is due. */
    /** `stopping`: asked between claims, so a stop waits for messages in flight, not the backlog. */
    async drain(stopping: () => boolean = () => false): Promise<number> {
      const counts = await Promise.all(options.channels.map((c) => drainChannel(c, stopping)));
      return counts.reduce((a, b) => a + b, 0);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
