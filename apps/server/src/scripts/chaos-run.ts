/**
 * The chaos run behind `npm run chaos` (and its small version in chaos.test.ts): N members each due
 * one release message on three channels (an email, a web push to their one device, a post to their
 * one webhook), a flaky SMTP server, push service and webhook receiver, and the compiled server
 * SIGKILLed at random instants and restarted, then left to finish. Every member must have a `sent`
 * row on each channel and its message at that channel's receiver; resends are counted as duplicates
 * (at-least-once, docs/decisions/008).
 */

import { type ChildProcessByStdio, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { releaseMessageTime } from '../modules/notifications';
import { mulberry32 } from '../providers/synthetic/synthetic-provider';
import type { StormStats } from './chaos-http';
import { type FlakyPushService, startFlakyPushService, subscriptionKeys } from './chaos-push';
import { type AcceptedMail, type FlakySmtpServer, startFlakySmtpServer, type TraceEvent } from './chaos-smtp';
import { type FlakyWebhookReceiver, startFlakyWebhookReceiver } from './chaos-webhook';

export interface ChaosOptions {
  deliveries: number;
  kills: number;
  seed: number;
  /** A PostgreSQL server to create a scratch database on; the embedded PGlite in a temp dir when absent. */
  databaseUrl?: string | undefined;
  /** PGlite only: a dump of a migrated empty database to start from (faster than initdb). */
  pgliteSnapshot?: string | null | undefined;
  /** How long ago (in hours, at most one more) the release messages fell due. */
  lateHours?: number;
  /**
   * Share of SMTP commands answered 421/451, and of pushes and webhook posts answered 503/429, while
   * the kills go on.
   */
  failureRate?: number;
  /** Share of messages whose connection is dropped at the end of DATA, or once the request body is read. */
  dropRate?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Every line the servers print (LOG_LEVEL=warn). */
  serverLog?: (line: string) => void;
  signal?: AbortSignal;
}

/** The channels every chaos member gets the release on. */
export const CHAOS_CHANNELS = ['email', 'push', 'webhook'] as const;
export type ChaosChannel = (typeof CHAOS_CHANNELS)[number];

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

const serverDir = path.resolve(import.meta.dirname, '../..');
const LEASE_SECONDS = 5;
const INTERVAL_SECONDS = 0.2;
const HOUR = 3_600_000;
/** Share of kills aimed at start-up (opening the database, migrating) rather than a running worker. */
const STARTUP_KILL_SHARE = 0.15;

/** The same seed makes the same faults and kill instants. */
const seededRandom = mulberry32;

/**
 * A fixed-offset zone and a release day whose 09:00 local fell between `lateHours` and `lateHours + 1`
 * hours ago. Not UTC and yesterday: a transient failure more than RETRY_FOR_HOURS (24) after a message
 * fell due fails it for good, so "yesterday 09:00 UTC" would turn the SMTP server's 4xx into losses
 * for most of the day.
 */
export function releaseSetting(now: Date, lateHours: number) {
  const target = new Date(now.getTime() - lateHours * HOUR);
  let offset = 9 - target.getUTCHours();
  if (offset < -12) offset += 24;
  const releaseDate = new Date(target.getTime() + offset * HOUR).toISOString().slice(0, 10);
  // Etc/GMT signs are POSIX-style: Etc/GMT-5 is UTC+5.
  const timeZone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { timeZone, releaseDate, dueAt: releaseMessageTime(releaseDate, timeZone) };
}

class Stopped extends Error {}
/** runChaos was aborted by its caller (its servers are killed and its database is dropped). */
export class ChaosInterrupted extends Error {}

type ServerChild = ChildProcessByStdio<null, Readable, Readable>;

interface ServerLife {
  child: ServerChild;
  /** Resolves once it listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What we sent it: an exit that is not its outcome is a crash. */
  sent: 'SIGKILL' | 'SIGTERM' | 'abort' | null;
  tail: string[];
}

/** Child processes of every run in this process, so an exit handler can kill them by PID. */
const liveChildren = new Set<ServerChild>();

/** SIGKILLs every server a chaos run started and that is still alive (for process exit hooks). */
export function killChaosChildren(): void {
  for (const child of liveChildren) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {}
    }
  }
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const n = options.deliveries;
  const random = seededRandom(options.seed);
  const failureRate = options.failureRate ?? 0.2;
  const dropRate = options.dropRate ?? 0.02;
  const timeoutMs = options.timeoutMs ?? 180_000 + n * 200;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const say = (line: string) => log(`[${elapsed()}] ${line}`);

  // One stop for a timeout and for the caller's abort; every wait below gives up on it.
  const stop = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, timeoutMs);
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(new Stopped('stopped')), { once: true }),
  );
  stopped.catch(() => {});
  // Ctrl+C reaches the servers too (one process group): their exit is then no crash.
  stop.signal.addEventListener('abort', () => {
    for (const life of lives) life.sent = 'abort';
  });
  const race = <T>(p: Promise<T>) => Promise.race([p, stopped]);
  const sleep = (ms: number) => race(new Promise<void>((r) => setTimeout(r, ms)));

  const cleanups: (() => Promise<unknown>)[] = [];
  const lives = new Set<ServerLife>();
  const crashes: string[] = [];
  let kills = 0;
  let lastKillAt = 0;
  const killTimes: number[] = [];
  let openDb: (() => Promise<DatabaseHandle>) | null = null;
  let smtp: FlakySmtpServer | null = null;
  let pushService: FlakyPushService | null = null;
  let hooks: FlakyWebhookReceiver | null = null;

  try {
    await run();
  } catch (err) {
    if (!(err instanceof Stopped)) {
      await cleanUp();
      throw err;
    }
    say(timedOut ? `timed out after ${timeoutMs / 1000} s` : 'interrupted');
  }
  clearTimeout(timer);
  try {
    await killServers();
    if (options.signal?.aborted) throw new ChaosInterrupted('interrupted');
    return await report();
  } finally {
    await cleanUp();
  }

  /** SIGKILLs, by PID, the servers still running. */
  async function killServers() {
    for (const life of lives) {
      life.sent ??= 'SIGKILL';
      life.child.kill('SIGKILL');
      await life.exited;
    }
  }

  /** The servers, then the receivers, the temporary files and the scratch database. */
  async function cleanUp() {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await killServers();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  }

  async function run() {
    // The database.
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'releasebell-chaos-'));
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));

    // The receivers first: their addresses go into the members' rows.
    const faults = { failureRate, dropRate };
    const mail = await startFlakySmtpServer({ random: seededRandom(options.seed + 1), ...faults });
    smtp = mail;
    cleanups.push(() => mail.close());
    const pushes = await startFlakyPushService({ random: seededRandom(options.seed + 2), ...faults });
    pushService = pushes;
    cleanups.push(() => pushes.close());
    const hookSalt = randomBytes(8).toString('hex');
    const posts = await startFlakyWebhookReceiver({
      random: seededRandom(options.seed + 3),
      ...faults,
      secretSalt: hookSalt,
    });
    hooks = posts;
    cleanups.push(() => posts.close());
    /** When a receiver last heard from the server. */
    const lastReceived = () => Math.max(mail.lastActivity(), pushes.lastActivity(), posts.lastActivity());

    const dataDir = path.join(tmp, 'data');
    let serverDbEnv: Record<string, string>;
    let open: () => Promise<DatabaseHandle>;
    let pgAdmin: pg.Client | null = null;
    let dbName = '';
    if (options.databaseUrl) {
      dbName = `chaos_${randomBytes(6).toString('hex')}`;
      pgAdmin = new pg.Client({ connectionString: options.databaseUrl });
      pgAdmin.on('error', () => {});
      await pgAdmin.connect();
      await pgAdmin.query(`create database "${dbName}"`);
      const admin = pgAdmin;
      cleanups.push(async () => {
        await admin.query(`drop database if exists "${dbName}" with (force)`);
        await admin.end();
      });
      const url = new URL(options.databaseUrl);
      url.pathname = `/${dbName}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
      cleanups.push(() => handle.close());
      open = async () => ({ ...handle, close: async () => {} });
      // With DATABASE_URL the server makes no VAPID pair of its own: without one push is off.
      const vapid = webpush.generateVAPIDKeys();
      serverDbEnv = {
        DATABASE_URL: url.toString(),
        AUTH_SECRET: randomBytes(24).toString('hex'),
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      };
      say(`database ${dbName} created on ${url.host}`);
    } else {
      // PGlite allows one process per data directory: the script opens it only while no server runs.
      const snapshot = options.pgliteSnapshot;
      let first = true;
      open = async () => {
        const loadDataDir = first && snapshot ? new Blob([await readFile(snapshot)]) : undefined;
        first = false;
        return openDatabase({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
      };
      serverDbEnv = { DATA_DIR: dataDir };
      say(`embedded database in ${dataDir}`);
    }

    openDb = open;
    const setting = releaseSetting(new Date(), options.lateHours ?? 0);
    {
      const db = await open();
      try {
        await db.migrate();
        await insertMembers(db, n, setting, {
          pushEndpointBase: pushes.endpointBase,
          ...subscriptionKeys(),
          hookUrlBase: posts.urlBase,
          hookSalt,
        });
      } finally {
        await db.close();
      }
    }
    say(
      `${n} members, each with an email address, a push device and a webhook, each tracking one title ` +
        `released ${setting.releaseDate} (${setting.timeZone}), due ${setting.dueAt.toISOString()}`,
    );

    await mkdir(path.join(serverDir, 'dist'), { recursive: true });
    const buildDir = await mkdtemp(path.join(serverDir, 'dist', 'chaos-'));
    cleanups.push(() => rm(buildDir, { recursive: true, force: true }));
    const bundle = path.join(buildDir, 'server.js');
    await race(
      promisify(execFile)(process.execPath, [path.join(serverDir, 'build.mjs'), '--outfile', bundle]),
    );
    say('server bundle built');

    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO_CATALOG: 'false',
      SMTP_URL: mail.url,
      // The push service's self-signed certificate, and webhooks to http://127.0.0.1.
      NODE_EXTRA_CA_CERTS: pushes.caPath,
      CHANNEL_ALLOW_PRIVATE_HOSTS: 'true',
      NOTIFY_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      NOTIFY_LEASE_SECONDS: String(LEASE_SECONDS),
      NOTIFY_SETTLE_SECONDS: '0',
      PUBLIC_URL: 'http://localhost:3999',
      ...serverDbEnv,
    };

    const startServer = (): ServerLife => {
      const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      liveChildren.add(child);
      const tail: string[] = [];
      const life: ServerLife = {
        child,
        tail,
        sent: null,
        exited: new Promise((resolve) =>
          child.once('exit', (code, signal) => {
            liveChildren.delete(child);
            resolve({ code, signal });
          }),
        ),
        ready: new Promise((resolve, reject) => {
          const onLine = (line: string) => {
            tail.push(line);
            if (tail.length > 30) tail.shift();
            options.serverLog?.(`[${child.pid}] ${line}`);
            if (/Releasebell is ready: http:\/\/localhost:\d+/.test(line)) resolve();
          };
          createInterface({ input: child.stdout }).on('line', onLine);
          createInterface({ input: child.stderr }).on('line', onLine);
          child.once('exit', (code, signal) =>
            reject(new Error(`exited (${signal ?? code}) before listening`)),
          );
        }),
      };
      life.ready.catch(() => {});
      lives.add(life);
      void life.exited.then(({ code, signal }) => {
        lives.delete(life);
        // A SIGKILL can arrive while it is already dying of something else.
        const crashed = life.sent === null || (life.sent === 'SIGKILL' && signal !== 'SIGKILL');
        if (crashed) {
          const from = tail.findIndex((l) => /\b\w*Error\b|error:|"level":[56]0/.test(l));
          const lines = from >= 0 ? tail.slice(from, from + 8) : tail.slice(-10);
          crashes.push(`exited by itself (${signal ?? code}):\n  ${lines.join('\n  ')}`);
          say(`server ${child.pid} exited by itself (${signal ?? code})`);
        }
      });
      return life;
    };
    const signal = async (life: ServerLife, sig: 'SIGKILL' | 'SIGTERM') => {
      if (life.child.exitCode === null && life.child.signalCode === null) {
        life.sent = sig;
        life.child.kill(sig);
      }
      const { code } = await race(life.exited);
      if (sig === 'SIGTERM' && code !== 0) say(`server ${life.child.pid} stopped with exit code ${code}`);
    };

    /** Each channel's rows by status; done when each has its N rows, all sent or failed. */
    const counts = async (db: DatabaseHandle) => {
      const result = await db.db.execute(sql`select channel, status, count(*)::int as n
        from notification_deliveries where channel in ('email', 'push', 'webhook') group by channel, status`);
      const rows = (result as unknown as { rows: { channel: ChaosChannel; status: string; n: number }[] })
        .rows;
      const byChannel = channelRecord((): Record<string, number> => ({}));
      for (const r of rows) byChannel[r.channel][r.status] = r.n;
      const done = CHAOS_CHANNELS.every((channel) => {
        const byStatus = byChannel[channel];
        const total = Object.values(byStatus).reduce((a, c) => a + c, 0);
        return total === n && !byStatus.pending && !byStatus.sending;
      });
      return { byChannel, done };
    };
    /**
     * Retries wait 30 s to an hour (with real time); the run moves them up instead, as if that time had
     * passed. Leases of killed workers are left alone: their expiry is what is under test.
     */
    const fastForward = (db: DatabaseHandle) =>
      db.db.execute(sql`update notification_deliveries set next_attempt_at = now() - interval '1 second'
        where channel in ('email', 'push', 'webhook') and status = 'pending' and next_attempt_at > now()`);
    const progress = ({ byChannel }: Awaited<ReturnType<typeof counts>>) => {
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
    };
    /** Between two lives (no server runs): time passes for retries; how far it got. */
    const betweenLives = async () => {
      const db = await race(open());
      try {
        await fastForward(db);
        return await counts(db);
      } finally {
        await db.close();
      }
    };

    // Kills, each at a random instant of a server's life.
    const dbRestartLife = options.databaseUrl ? Math.floor(options.kills / 2) : -1;
    for (let k = 0; k < options.kills; k++) {
      const life = startServer();
      let when: string;
      if (random() < STARTUP_KILL_SHARE) {
        const ms = 50 + random() * 1450;
        await Promise.race([sleep(ms), life.exited]);
        when = `${Math.round(ms)} ms after spawn`;
      } else {
        const spawnedAt = Date.now();
        await race(life.ready.catch(() => {}));
        const readyMs = Date.now() - spawnedAt;
        const ms = 300 + random() * 2700;
        if (k === dbRestartLife && pgAdmin) {
          // We may not restart the PostgreSQL cluster from a script; cutting every connection of the
          // chaos database is what the app sees of a restart (in-flight queries fail, pools reconnect).
          // With PGlite every kill already restarts the embedded database.
          const cut = random() * ms;
          await Promise.race([sleep(cut), life.exited]);
          const { rowCount } = await pgAdmin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [dbName],
          );
          say(`database "restart": terminated ${rowCount} connections`);
          await Promise.race([sleep(ms - cut), life.exited]);
        } else {
          await Promise.race([sleep(ms), life.exited]);
        }
        when = `${Math.round(ms)} ms after ready, which took ${readyMs} ms`;
      }
      await signal(life, 'SIGKILL');
      kills++;
      lastKillAt = Date.now();
      killTimes.push(lastKillAt);
      say(`kill ${kills}/${options.kills} (${when}): ${progress(await betweenLives())}`);
    }

    // The storm passes: healthy receivers and a server left to finish.
    mail.calm();
    pushes.calm();
    posts.calm();
    say('kills done; receivers calm; letting a server finish');
    const leaseOver = lastKillAt + LEASE_SECONDS * 1000 + 2 * INTERVAL_SECONDS * 1000;
    if (options.databaseUrl) {
      const db = await open();
      let life = startServer();
      let lastSay = Date.now();
      for (;;) {
        await fastForward(db);
        const c = await counts(db);
        if (c.done) break;
        if (Date.now() - lastSay > 2000) {
          say(progress(c));
          lastSay = Date.now();
        }
        if (life.child.exitCode !== null || life.child.signalCode !== null) life = startServer();
        await sleep(250);
      }
      await signal(life, 'SIGTERM');
    } else {
      for (;;) {
        const c = await betweenLives();
        say(progress(c));
        if (c.done) break;
        const life = startServer();
        await race(life.ready.catch(() => {}));
        const readyAt = Date.now();
        // No DB access while it runs: stop it once the receivers have been quiet for a while since it
        // became ready (counting from before would stop each server after its first claim).
        while (life.child.exitCode === null && life.child.signalCode === null) {
          const now = Date.now();
          if (now >= leaseOver && now - Math.max(readyAt, lastReceived()) > 2000) break;
          await sleep(100);
        }
        await signal(life, 'SIGTERM');
      }
    }
    say('every delivery is sent or failed');
  }

  /** A recipient's SMTP transactions and the kills between them, in time. */
  function timeline(events: TraceEvent[]): string {
    const at = (t: number) => `+${((t - started) / 1000).toFixed(1)}s`;
    return events
      .map((e, i) => {
        const next = events[i + 1];
        const killed = next ? killTimes.filter((t) => t > e.at && t < next.at).length : 0;
        const kills = killed === 0 ? '' : killed === 1 ? '; SIGKILL' : `; ${killed} SIGKILLs`;
        return `${at(e.at)} ${e.what}${e.messageId ? ` ${e.messageId}` : ''}${kills}`;
      })
      .join('; ');
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

  function channelReport(
    rows: MemberRow[],
    received: (row: MemberRow) => Received,
    describe: (row: MemberRow, got: Received) => string,
  ): ChannelReport {
    const statuses: Record<string, number> = {};
    const lostExamples: string[] = [];
    const doubleSends: string[] = [];
    let lost = Math.max(0, n - rows.length);
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

  function emailReport(rows: MemberRow[]): ChannelReport {
    const byRecipient = new Map<string, AcceptedMail[]>();
    for (const m of smtp?.accepted ?? []) {
      for (const to of m.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), m]);
    }
    const traceOf = new Map<string, TraceEvent[]>();
    for (const e of smtp?.trace ?? []) traceOf.set(e.to, [...(traceOf.get(e.to) ?? []), e]);
    return channelReport(
      rows,
      (row) => {
        const got = byRecipient.get(row.email) ?? [];
        return {
          count: got.length,
          reached: got.length > 0,
          twoMessages: new Set(got.map((m) => m.messageId)).size > 1,
          // Without MAIL FROM answers, which come before the recipient is known.
          timeline: () => timeline(traceOf.get(row.email) ?? []),
        };
      },
      (row, got) => `${got.count} message(s) to ${row.email} at the SMTP server`,
    );
  }

  function pushReport(rows: MemberRow[]): ChannelReport {
    return channelReport(
      rows,
      (row) => {
        const got = pushService?.accepted.get(row.member) ?? [];
        return {
          count: got.length,
          reached: got.length > 0,
          twoMessages: new Set(got.map((p) => p.topic)).size > 1,
          timeline: () =>
            timeline(
              got.map((p) => ({
                at: p.at,
                to: row.member,
                what: p.okLost ? 'accepted, then the connection dropped before the 201' : 'accepted',
                messageId: `Topic ${p.topic}`,
              })),
            ),
        };
      },
      (_row, got) => `${got.count} push(es) to its endpoint at the push service`,
    );
  }

  function webhookReport(rows: MemberRow[]): ChannelReport {
    return channelReport(
      rows,
      (row) => {
        const got = hooks?.accepted.get(row.member) ?? [];
        const reached = got.some((h) => h.delivery === row.id);
        return {
          count: got.length,
          reached,
          // Another delivery id than the row's is another message (or another member's).
          twoMessages: new Set(got.map((h) => h.delivery)).size > 1 || (got.length > 0 && !reached),
          timeline: () =>
            timeline(
              got.map((h) => ({
                at: h.at,
                to: row.member,
                what: h.okLost ? 'accepted, then the connection dropped before the 204' : 'accepted',
                messageId: `delivery ${h.delivery}`,
              })),
            ),
        };
      },
      (row, got) =>
        `${got.count} post(s) at the webhook receiver` +
        (got.count > 0 && !got.reached ? `, none with its delivery id ${row.id}` : ''),
    );
  }

  async function report(): Promise<ChaosReport> {
    const rows = channelRecord((): MemberRow[] => []);
    if (openDb) {
      const db = await openDb();
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
    }
    const channels: Record<ChaosChannel, ChannelReport> = {
      email: emailReport(rows.email),
      push: pushReport(rows.push),
      webhook: webhookReport(rows.webhook),
    };
    const total = (key: 'sent' | 'lost' | 'duplicates') =>
      CHAOS_CHANNELS.reduce((a, c) => a + channels[c][key], 0);
    return {
      deliveries: n,
      sent: total('sent'),
      lost: total('lost'),
      duplicates: total('duplicates'),
      channels,
      badSignatures: [...(hooks?.badSignatures ?? [])],
      malformedPushes: [...(pushService?.malformed ?? [])],
      kills,
      crashes,
      timedOut,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  }
}

/** A value per chaos channel, each made by `make`. */
function channelRecord<T>(make: () => T): Record<ChaosChannel, T> {
  return { email: make(), push: make(), webhook: make() };
}

/** Where the members' pushes and webhooks go, and with what keys. */
interface MemberTargets {
  /** A member's subscription endpoint is this followed by their id. */
  pushEndpointBase: string;
  /** Every member's subscription keys (the push service never decrypts). */
  p256dh: string;
  auth: string;
  /** A member's webhook URL is this followed by their id. */
  hookUrlBase: string;
  /** Each member's webhook secret is md5(salt:id), as chaos-webhook's hookSecret. */
  hookSalt: string;
}

/**
 * N members (no reminders), N/100 titles, each member tracking one of them since long ago, each with
 * email and push on, one push device and one webhook.
 */
async function insertMembers(
  { db }: DatabaseHandle,
  n: number,
  setting: { timeZone: string; releaseDate: string },
  targets: MemberTargets,
): Promise<void> {
  const titles = Math.max(1, Math.round(n / 100));
  const members = sql`(select 'chaos-' || lpad(g::text, 6, '0') as id from generate_series(0, ${n - 1}) g) m`;
  // Straight into the tables, set-based: no release events, so the release day is the only notice.
  await db.execute(sql`
    insert into media_items (provider_id, media_type, title, slug, search_text, release_date,
      release_date_precision)
    select 'chaos:movies:' || g, 'movies', 'Chaos Title ' || g, 'chaos-title-' || g, 'chaos title ' || g,
      ${setting.releaseDate}::date, 'day'
    from generate_series(0, ${titles - 1}) g`);
  await db.execute(sql`
    insert into users (id, email, name)
    select m.id, m.id || '@example.com', 'Chaos Member' from ${members}`);
  await db.execute(sql`
    insert into user_profiles (user_id, username, time_zone, reminder_days, notification_preferences)
    select m.id, m.id, ${setting.timeZone}, 0, '{email,push}' from ${members}`);
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
    select m.id, ${targets.pushEndpointBase}::text || m.id, ${targets.p256dh}, ${targets.auth}, now()
    from ${members}`);
  await db.execute(sql`
    insert into member_hooks (user_id, type, url, secret, created_at)
    select m.id, 'webhook', ${targets.hookUrlBase}::text || m.id, md5(${targets.hookSalt}::text || ':' || m.id),
      now()
    from ${members}`);
  await db.execute(sql`
    insert into watchlist_entries (user_id, item_id, media_type, added_at)
    select 'chaos-' || lpad(g::text, 6, '0'), i.id, 'movies', ${new Date(Date.now() - 30 * 24 * HOUR)}
    from generate_series(0, ${n - 1}) g
    join media_items i on i.provider_id = 'chaos:movies:' || (g % ${titles})`);
}
