/**
 * The chaos run's outcome: every member's row on each channel, matched against what that channel's
 * receiver accepted for them.
 */
import { sql } from 'drizzle-orm';
import { CHAOS_CHANNELS, type ChaosChannel, type ChaosContext, channelRecord } from './context';
import type { AcceptedMail, TraceEvent } from './smtp';

export interface ChannelReport {
  /** Rows `sent`. */
  sent: number;
  /** Members whose row is not `sent`, or is but whose message never reached the receiver. */
  lost: number;
  /** Messages the receiver accepted beyond one per member (at-least-once: reported, not failed). */
  duplicates: number;
  /** The channel's rows by status (`missing` for a member without one). */
  statuses: Record<string, number>;
  /** Up to 10 lost deliveries, described. */
  lostExamples: string[];
  /**
   * Members who got two different messages, not one resent, described: distinct Message-IDs (email),
   * Topics (push) or delivery ids (webhook).
   */
  doubleSends: string[];
}

export interface ChaosReport {
  /** Members (each due one message per channel). */
  deliveries: number;
  /** Totals over the channels. */
  sent: number;
  lost: number;
  duplicates: number;
  channels: Record<ChaosChannel, ChannelReport>;
  /** Webhook posts whose signature (or delivery id) was wrong: each is a failure of the run. */
  badSignatures: string[];
  /** Pushes the push service refused for their form (no aes128gcm body, no VAPID): failures too. */
  malformedPushes: string[];
  kills: number;
  /** Servers that exited without being told to (not counting our kills). */
  crashes: string[];
  timedOut: boolean;
  seconds: number;
}

/** One member's row on a channel (nulls when the member has none). */
interface MemberRow {
  member: string;
  email: string;
  id: string | null;
  status: string | null;
  attempts: number | null;
  last_error: string | null;
}

/** What a channel's receiver accepted for a member's row. */
interface Received {
  /** Messages accepted for the member (a resend counts again). */
  count: number;
  /** Whether the row's message is among them. */
  reached: boolean;
  /** Whether two different messages came, not one message resent. */
  twoMessages: boolean;
  timeline: () => string;
}

export async function readReport(run: ChaosContext): Promise<ChaosReport> {
  const rows = await memberRows(run);
  const channels: Record<ChaosChannel, ChannelReport> = {
    email: emailReport(run, rows.email),
    push: pushReport(run, rows.push),
    webhook: webhookReport(run, rows.webhook),
  };
  const total = (key: 'sent' | 'lost' | 'duplicates') =>
    CHAOS_CHANNELS.reduce((a, c) => a + channels[c][key], 0);
  return {
    deliveries: run.n,
    sent: total('sent'),
    lost: total('lost'),
    duplicates: total('duplicates'),
    channels,
    badSignatures: [...(run.hooks?.badSignatures ?? [])],
    malformedPushes: [...(run.pushService?.malformed ?? [])],
    kills: run.kills,
    crashes: run.crashes,
    timedOut: run.timedOut,
    seconds: Math.round((Date.now() - run.started) / 100) / 10,
  };
}

/** Every member's row per channel (none if the run never got as far as its database). */
async function memberRows(run: ChaosContext): Promise<Record<ChaosChannel, MemberRow[]>> {
  const rows = channelRecord((): MemberRow[] => []);
  if (!run.openDb) return rows;
  const db = await run.openDb();
  try {
    for (const channel of CHAOS_CHANNELS) {
      const result = await db.db.execute(sql`select u.id as member, u.email, d.id, d.status, d.attempts,
          d.last_error
        from users u left join notification_deliveries d on d.user_id = u.id and d.channel = ${channel}
        where u.id like 'chaos-%' order by u.id`);
      rows[channel] = (result as unknown as { rows: MemberRow[] }).rows;
    }
  } finally {
    await db.close();
  }
  return rows;
}

/** A recipient's transactions and the kills between them, in time. */
function timeline(run: ChaosContext, events: TraceEvent[]): string {
  const at = (t: number) => `+${((t - run.started) / 1000).toFixed(1)}s`;
  return events
    .map((e, i) => {
      const next = events[i + 1];
      const killed = next ? run.killTimes.filter((t) => t > e.at && t < next.at).length : 0;
      const kills = killed === 0 ? '' : killed === 1 ? '; SIGKILL' : `; ${killed} SIGKILLs`;
      return `${at(e.at)} ${e.what}${e.messageId ? ` ${e.messageId}` : ''}${kills}`;
    })
    .join('; ');
}

/** A member's accepted pushes or posts, and the kills between them, in time. */
function acceptedTimeline<T extends { at: number; okLost: boolean }>(
  run: ChaosContext,
  member: string,
  accepted: T[],
  answer: '201' | '204',
  messageId: (message: T) => string,
): string {
  const what = (a: T) =>
    a.okLost ? `accepted, then the connection dropped before the ${answer}` : 'accepted';
  return timeline(
    run,
    accepted.map((a) => ({ at: a.at, to: member, what: what(a), messageId: messageId(a) })),
  );
}

function channelReport(
  run: ChaosContext,
  rows: MemberRow[],
  received: (row: MemberRow) => Received,
  describe: (row: MemberRow, got: Received) => string,
): ChannelReport {
  const statuses: Record<string, number> = {};
  const lostExamples: string[] = [];
  const doubleSends: string[] = [];
  let lost = Math.max(0, run.n - rows.length);
  let duplicates = 0;
  for (const row of rows) {
    const status = row.status ?? 'missing';
    statuses[status] = (statuses[status] ?? 0) + 1;
    const got = received(row);
    if (status !== 'sent' || !got.reached) {
      lost++;
      if (lostExamples.length < 10) {
        const why = row.last_error ? ` (${row.last_error})` : '';
        lostExamples.push(`${row.member}: row ${status}${why}, ${describe(row, got)}`);
      }
    }
    duplicates += Math.max(0, got.count - 1);
    if (got.twoMessages) doubleSends.push(`${row.member} (${row.attempts} attempts): ${got.timeline()}`);
  }
  return { sent: statuses.sent ?? 0, lost, duplicates, statuses, lostExamples, doubleSends };
}

function emailReport(run: ChaosContext, rows: MemberRow[]): ChannelReport {
  const byRecipient = new Map<string, AcceptedMail[]>();
  for (const m of run.smtp?.accepted ?? []) {
    for (const to of m.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), m]);
  }
  const traceOf = new Map<string, TraceEvent[]>();
  for (const e of run.smtp?.trace ?? []) traceOf.set(e.to, [...(traceOf.get(e.to) ?? []), e]);
  return channelReport(
    run,
    rows,
    (row) => {
      const got = byRecipient.get(row.email) ?? [];
      return {
        count: got.length,
        reached: got.length > 0,
        twoMessages: new Set(got.map((m) => m.messageId)).size > 1,
        // Without MAIL FROM answers, which come before the recipient is known.
        timeline: () => timeline(run, traceOf.get(row.email) ?? []),
      };
    },
    (row, got) => `${got.count} message(s) to ${row.email} at the SMTP server`,
  );
}

function pushReport(run: ChaosContext, rows: MemberRow[]): ChannelReport {
  return channelReport(
    run,
    rows,
    (row) => {
      const got = run.pushService?.accepted.get(row.member) ?? [];
      return {
        count: got.length,
        reached: got.length > 0,
        twoMessages: new Set(got.map((p) => p.topic)).size > 1,
        timeline: () => acceptedTimeline(run, row.member, got, '201', (p) => `Topic ${p.topic}`),
      };
    },
    (_row, got) => `${got.count} push(es) to its endpoint at the push service`,
  );
}

function webhookReport(run: ChaosContext, rows: MemberRow[]): ChannelReport {
  return channelReport(
    run,
    rows,
    (row) => {
      const got = run.hooks?.accepted.get(row.member) ?? [];
      const reached = got.some((h) => h.delivery === row.id);
      return {
        count: got.length,
        reached,
        // Another delivery id than the row's is another message (or another member's).
        twoMessages: new Set(got.map((h) => h.delivery)).size > 1 || (got.length > 0 && !reached),
        timeline: () => acceptedTimeline(run, row.member, got, '204', (h) => `delivery ${h.delivery}`),
      };
    },
    (row, got) =>
      `${got.count} post(s) at the webhook receiver` +
      (got.count > 0 && !got.reached ? `, none with its delivery id ${row.id}` : ''),
  );
}
