/**
 * Notifications falling due throughout the soak: titles of its own, each tracked by a few members,
 * whose dates an operator corrects one after another (as `catalog:set-date` does). Every correction is
 * a date change each tracker is emailed about once the change settles. At the end every such email
 * must be a sent row that reached the SMTP sink: one missing is lost; the same Message-ID twice is a
 * resend (a SIGKILL between the server's send and its record of it); another message for the same row
 * is a double.
 */
import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { DatabaseHandle } from '../src/db/client';
import { notificationDeliveries } from '../src/db/schema';
import { correctReleaseDate, createCatalogRepository } from '../src/modules/catalog';
import type { Title } from './load';

export interface SinkMail {
  to: string[];
  messageId: string | null;
  /** Release emails carry one-click unsubscribe; account emails (sign-up, reset) do not. */
  release: boolean;
}

/** An SMTP server on 127.0.0.1 that takes every message and remembers its envelope and Message-ID. */
export async function startSmtpSink() {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = (
          Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n\r?\n/, 1)[0] ?? ''
        ).replace(/\r?\n[ \t]+/g, ' ');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          messageId: /^message-id:\s*<([^@>]+)@/im.exec(head)?.[1] ?? null,
          release: /^list-unsubscribe:/im.test(head),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** `count` titles of the soak's own, dated by the day, straight into the catalog (no release events). */
export async function seedNoticeTitles({ db }: DatabaseHandle, count: number): Promise<Title[]> {
  await db.execute(sql`
    insert into media_items (provider_id, media_type, title, slug, search_text, release_date,
      release_date_precision)
    select 'soak:movies:' || g, 'movies', 'Soak Notice ' || g, 'soak-notice-' || g, 'soak notice ' || g,
      date '2027-06-01' + g, 'day'
    from generate_series(1, ${count}) g
    on conflict do nothing`);
  const rows = await db.execute(sql`
    select id, slug, title from media_items where provider_id like 'soak:movies:%' order by release_date`);
  return (rows as unknown as { rows: { id: string; slug: string; title: string }[] }).rows.map((r) => ({
    ...r,
    mediaType: 'movies',
    year: 2027,
  }));
}

export interface Move {
  title: Title;
  at: number;
}

/**
 * Moves the next title's date a week later every `everyMs`, as an operator would; a move the database
 * refuses (it is restarting) is tried again at the next turn.
 */
export function startMover(
  database: DatabaseHandle,
  titles: Title[],
  everyMs: number,
  say: (l: string) => void,
) {
  const repo = createCatalogRepository(database.db);
  const moves: Move[] = [];
  let next = 0;
  let busy = false;
  const timer = setInterval(async () => {
    const title = titles[next];
    if (busy || !title) return;
    busy = true;
    try {
      const row = await repo.findBySlug('movies', title.slug);
      const later = new Date(`${row?.releaseDate ?? '2027-06-01'}T00:00:00Z`);
      later.setUTCDate(later.getUTCDate() + 7);
      await correctReleaseDate(
        repo,
        { mediaType: 'movies', slug: title.slug },
        { releaseDate: later.toISOString().slice(0, 10), releaseDatePrecision: 'day' },
        new Date(),
      );
      moves.push({ title, at: Date.now() });
      next++;
    } catch (err) {
      // Drizzle's message is the whole query; the reason is its cause's.
      const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : err;
      say(`moving ${title.title} failed (${reason}); again next turn`);
    } finally {
      busy = false;
    }
  }, everyMs);
  return {
    moves,
    stop: () => clearInterval(timer),
  };
}

export interface NoticeReport {
  expected: number;
  sent: number;
  lost: string[];
  duplicates: number;
  /** Release emails for a row that was also sent under another Message-ID, or for no row at all. */
  doubles: string[];
}

/**
 * What became of the notices: every tracker of every moved title should have a sent email row whose
 * Message-ID reached the sink. Waits up to `timeoutMs` for the last ones to settle and go out.
 */
export async function settleNotices(
  { db }: DatabaseHandle,
  sink: SmtpSink,
  moves: Move[],
  trackers: Map<string, { uid: string; email: string }[]>,
  timeoutMs: number,
): Promise<NoticeReport> {
  const itemIds = moves.map((m) => m.title.id);
  const expected = moves.reduce((sum, m) => sum + (trackers.get(m.title.id)?.length ?? 0), 0);
  const readRows = async () =>
    itemIds.length === 0
      ? []
      : db
          .select({
            userId: notificationDeliveries.userId,
            itemId: notificationDeliveries.itemId,
            status: notificationDeliveries.status,
            batch: sql<string>`coalesce(${notificationDeliveries.batchId}, ${notificationDeliveries.id})::text`,
          })
          .from(notificationDeliveries)
          .where(
            sql`${inArray(notificationDeliveries.itemId, itemIds)} and ${notificationDeliveries.channel} = 'email'`,
          );
  const deadline = Date.now() + timeoutMs;
  let rows = await readRows();
  while (rows.filter((r) => r.status === 'sent').length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rows = await readRows();
  }

  const lost: string[] = [];
  const received = new Map<string, number>();
  for (const mail of sink.mails) {
    if (mail.release && mail.messageId) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
  }
  for (const move of moves) {
    for (const member of trackers.get(move.title.id) ?? []) {
      const row = rows.find((r) => r.itemId === move.title.id && r.userId === member.uid);
      if (row?.status !== 'sent') {
        lost.push(`${member.email} about ${move.title.title}: ${row ? `row ${row.status}` : 'no row'}`);
      } else if (!received.has(row.batch)) {
        lost.push(`${member.email} about ${move.title.title}: sent, but no such message reached the sink`);
      }
    }
  }
  // Members get other release emails too (a followed series' new season, say): each must be a row's.
  const everyBatch = new Set(
    (
      await db
        .selectDistinct({
          batch: sql<string>`coalesce(${notificationDeliveries.batchId}, ${notificationDeliveries.id})::text`,
        })
        .from(notificationDeliveries)
        .where(sql`${notificationDeliveries.channel} = 'email'`)
    ).map((r) => r.batch),
  );
  let duplicates = 0;
  const doubles: string[] = [];
  for (const [messageId, count] of received) {
    if (everyBatch.has(messageId)) duplicates += count - 1;
    else doubles.push(`a release email <${messageId}@…> that is no row's message`);
  }
  return { expected, sent: rows.filter((r) => r.status === 'sent').length, lost, duplicates, doubles };
}
