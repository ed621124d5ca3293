/**
 * The chaos run's three receivers, started together: a flaky SMTP server, push service and webhook
 * receiver, each with faults of its own from the run's seed.
 */
import { randomBytes } from 'node:crypto';
import { CHAOS_CHANNELS, type ChaosContext, seededRandom } from './context';
import type { DeliveryCounts } from './database';
import type { StormStats } from './http';
import { startFlakyPushService } from './push';
import { startFlakySmtpServer } from './smtp';
import { startFlakyWebhookReceiver } from './webhook';

export type Receivers = Awaited<ReturnType<typeof startReceivers>>;

/** The receivers, before the database: their addresses go into the members' rows. */
export async function startReceivers(run: ChaosContext) {
  const { options } = run;
  const faults = { failureRate: options.failureRate ?? 0.2, dropRate: options.dropRate ?? 0.02 };
  const mail = await startFlakySmtpServer({ random: seededRandom(options.seed + 1), ...faults });
  run.smtp = mail;
  run.cleanups.push(() => mail.close());
  const pushes = await startFlakyPushService({ random: seededRandom(options.seed + 2), ...faults });
  run.pushService = pushes;
  run.cleanups.push(() => pushes.close());
  const hookSalt = randomBytes(8).toString('hex');
  const posts = await startFlakyWebhookReceiver({
    random: seededRandom(options.seed + 3),
    ...faults,
    secretSalt: hookSalt,
  });
  run.hooks = posts;
  run.cleanups.push(() => posts.close());
  return {
    mail,
    pushes,
    posts,
    hookSalt,
    /** When a receiver last heard from the server. */
    lastReceived: () => Math.max(mail.lastActivity(), pushes.lastActivity(), posts.lastActivity()),
  };
}

/** The storm passes: no more failures or drops. */
export function calmReceivers({ mail, pushes, posts }: Receivers): void {
  mail.calm();
  pushes.calm();
  posts.calm();
}

/** How far the run got: rows by status per channel, and what the receivers took and refused. */
export function progressLine(n: number, { mail, pushes, posts }: Receivers, { byChannel }: DeliveryCounts) {
  const each = (status: string) => CHAOS_CHANNELS.map((c) => byChannel[c][status] ?? 0).join('/');
  const mailDrops = mail.stats.droppedBeforeQueue + mail.stats.droppedAfterQueue;
  const httpFaults = ({ stats }: { stats: StormStats }) =>
    `${stats.failed}+${stats.droppedBeforeAccept + stats.droppedAfterAccept}`;
  return (
    `rows sent ${each('sent')} of ${n} (email/push/webhook; pending ${each('pending')}, ` +
    `sending ${each('sending')}, failed ${each('failed')}); accepted: SMTP ${mail.accepted.length}, ` +
    `push ${pushes.acceptedCount()}, webhook ${posts.acceptedCount()}; failures+drops: ` +
    `SMTP ${mail.stats.failedCommands}+${mailDrops}, push ${httpFaults(pushes)}, webhook ${httpFaults(posts)}`
  );
}
