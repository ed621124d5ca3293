/**
 * The calendar feed and web push, measured as the product ships:
 * - a member tracking 1,000 titles asks for their calendar feed: answer time and bytes, a calendar
 *   app's revalidation (304), and /healthz in the same app as the floor of any answer;
 * - 10,000 members with a device each are told of a release: pushes/s from the app's notification
 *   worker to a local push service, beside a bare web-push loop to the same service (the baseline:
 *   the encryption and TLS every push costs, without the engine).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { openDatabase } from '../src/db/client';
import { calendarToken, calendarTokenHash } from '../src/modules/calendar';
import { createSubscriptionKeys } from '../test/push-service';
import { startHttpsServer } from '../test/tls';
import { type AppStart, startApp, startChild } from './children';
import { insertFanoutData } from './fanout-data';
import { type LatencySummary, round, summarise } from './stats';

const SECRET = 'bench-secret-bench-secret-bench-secret-00';

export interface CalendarFeedResult {
  titles: number;
  events: number;
  bytes: number;
  /** What the same text takes gzipped, as the app sends it to clients that take gzip. */
  gzipBytes: number;
  full: LatencySummary;
  revalidated: LatencySummary;
  healthz: LatencySummary;
}

async function timed(url: string, requests: number, headers: Record<string, string> = {}) {
  const samples: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    samples.push(performance.now() - start);
    bytes = body.byteLength;
    status = res.status;
  }
  return { summary: summarise(samples), bytes, status };
}

/** One member tracking `titles` titles (a quarter of them movies with typed dates), their feed read. */
export async function measureCalendarFeed(options: {
  titles: number;
  requests?: number;
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  app: AppStart;
  log: (line: string) => void;
}): Promise<CalendarFeedResult> {
  const requests = options.requests ?? 200;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-calendar-'));
  try {
    const database = await openDatabase({ dataDir, poolSize: 1 });
    await database.migrate();
    const userId = 'bench-calendar-member';
    const salt = randomBytes(16).toString('base64url');
    const token = calendarToken(SECRET, userId, salt);
    const { db } = database;
    await db.execute(sql`
      insert into media_items (provider_id, media_type, title, slug, search_text, release_date,
        release_date_precision, creator, creator_label)
      select 'bench:cal:' || g,
        (array['books', 'tv_seasons', 'movies', 'movies'])[1 + g % 4],
        'Calendar Title ' || g, 'calendar-title-' || g, 'calendar title ' || g,
        current_date + (g % 330), 'day', 'Creator ' || g, 'Director'
      from generate_series(1, ${options.titles}) g`);
    await db.execute(sql`
      insert into media_release_dates (item_id, country, type, date)
      select id, 'US', t, release_date + (t - 3) * 14 from media_items, unnest(array[3, 4, 5]) t
      where provider_id like 'bench:cal:%' and media_type = 'movies'`);
    await db.execute(
      sql`insert into users (id, email, name) values (${userId}, 'calendar@example.com', 'Cal')`,
    );
    await db.execute(sql`insert into user_profiles (user_id, username) values (${userId}, 'cal')`);
    await db.execute(sql`
      insert into watchlist_entries (user_id, item_id, media_type, added_at)
      select ${userId}, id, media_type, now() from media_items where provider_id like 'bench:cal:%'`);
    await db.execute(sql`insert into calendar_feeds (user_id, salt, token_hash, created_at)
      values (${userId}, ${salt}, ${calendarTokenHash(token)}, now())`);
    await database.close();

    const app = await startApp(
      'calendar-app',
      options.app,
      { ...options.env, DATA_DIR: dataDir, AUTH_SECRET: SECRET, LOG_LEVEL: 'warn' },
      options.repoRoot,
    );
    try {
      const feed = `${app.url}/calendar/${token}.ics?release=theatrical,digital,physical`;
      const first = await fetch(feed);
      const text = await first.text();
      if (first.status !== 200) throw new Error(`the feed answered ${first.status}: ${text.slice(0, 200)}`);
      const etag = first.headers.get('etag') ?? '';
      options.log(`calendar: ${options.titles} titles, ${requests} reads of each kind…`);
      await timed(feed, 20);
      const full = await timed(feed, requests);
      const revalidated = await timed(feed, requests, { 'if-none-match': etag });
      const healthz = await timed(`${app.url}/healthz`, requests);
      if (revalidated.status !== 304) throw new Error(`revalidation answered ${revalidated.status}`);
      return {
        titles: options.titles,
        events: text.split('BEGIN:VEVENT').length - 1,
        bytes: full.bytes,
        gzipBytes: gzipSync(text).length,
        full: full.summary,
        revalidated: revalidated.summary,
        healthz: healthz.summary,
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface PushFanoutResult {
  members: number;
  accepted: number;
  pushesPerSecond: number;
  /** The same pushes from a bare web-push loop at the engine's concurrency: the cost of a push itself. */
  baselinePushesPerSecond: number;
  dueToAccepted: LatencySummary;
  timedOut: boolean;
}

/** A push service on 127.0.0.1 that accepts everything (HTTPS with a throwaway certificate). */
async function startPushSink() {
  const acceptedAt: number[] = [];
  const server = await startHttpsServer('releasebell-push-sink-', (req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      acceptedAt.push(Date.now());
      res.writeHead(201, { location: `/m/${randomUUID()}` }).end();
    });
  });
  return { ...server, acceptedAt };
}

export async function measurePushFanout(options: {
  members: number;
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  serverDir: string;
  log: (line: string) => void;
  timeoutMs?: number;
}): Promise<PushFanoutResult> {
  const sink = await startPushSink();
  // One device's keys for every member: the sink never decrypts.
  const { p256dh, auth } = createSubscriptionKeys();
  const keys = { p256dh, auth };
  const vapid = webpush.generateVAPIDKeys();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-push-fanout-'));
  const releaseDate = '2027-06-01';
  try {
    // The baseline first, on its own: the same number of pushes, 10 at a time as the engine sends.
    const agent = new https.Agent({ ca: sink.ca, keepAlive: true });
    const payload = JSON.stringify({
      title: 'The Fan-Out',
      body: 'The Fan-Out is out today!',
      url: '/',
      tag: 'x',
    });
    let next = 0;
    const baselineStart = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < options.members) {
          const i = next++;
          await webpush.sendNotification({ endpoint: `${sink.url}/push/base-${i}`, keys }, payload, {
            TTL: 86_400,
            vapidDetails: { subject: 'mailto:bench@example.com', ...vapid },
            agent,
          });
        }
      }),
    );
    const baselinePushesPerSecond = round(options.members / ((performance.now() - baselineStart) / 1000));
    agent.destroy();
    sink.acceptedAt.length = 0;

    const database = await openDatabase({ dataDir, poolSize: 1 });
    await database.migrate();
    options.log(
      `push fan-out: ${options.members} members with a device each, one title released ${releaseDate}…`,
    );
    await insertFanoutData(database.db, options.members, releaseDate);
    // Push only: release emails paused, so the run measures pushes.
    await database.db.execute(sql`update user_profiles set notification_preferences = '{email,push}',
      email_paused_at = now() where user_id like 'fan-%'`);
    await database.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      select user_id, ${`${sink.url}/push/`} || user_id, ${keys.p256dh}, ${keys.auth}, now()
      from user_profiles where user_id like 'fan-%'`);
    await database.close();

    const app = await startChild(
      'push-fanout-app',
      path.join(options.serverDir, 'bench/fanout-app.ts'),
      {
        ...options.env,
        DATA_DIR: dataDir,
        NODE_EXTRA_CA_CERTS: sink.caPath,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        // The sink is this machine's: as a test's, it is allowed to be a private address.
        CHANNEL_ALLOW_PRIVATE_HOSTS: 'true',
        FANOUT_RELEASE_DATE: releaseDate,
        FANOUT_DUE_IN_MS: '3000',
      },
      options.repoRoot,
    );
    const dueWallMs = Number(app.info.dueWallMs);
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    let lastLog = 0;
    while (sink.acceptedAt.length < options.members && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        options.log(`push fan-out: ${sink.acceptedAt.length}/${options.members} pushes accepted`);
      }
    }
    await app.stop();
    const first = sink.acceptedAt[0] ?? 0;
    const last = sink.acceptedAt.at(-1) ?? 0;
    return {
      members: options.members,
      accepted: sink.acceptedAt.length,
      pushesPerSecond: last > first ? round((sink.acceptedAt.length - 1) / ((last - first) / 1000)) : 0,
      baselinePushesPerSecond,
      dueToAccepted: summarise(sink.acceptedAt.map((t) => t - dueWallMs)),
      timedOut: sink.acceptedAt.length < options.members,
    };
  } finally {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
