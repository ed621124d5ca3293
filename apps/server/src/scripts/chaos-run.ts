/**
 * The chaos run behind `npm run chaos` (and its small version in chaos.test.ts): N members each due
 * one release email, a flaky SMTP server, and the compiled server SIGKILLed at random instants and
 * restarted, then left to finish. Every member must have a `sent` row and a message at the SMTP
 * server; resends are counted as duplicates (at-least-once, docs/decisions/008).
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
import { type DatabaseHandle, openDatabase } from '../db/client';
import { releaseMessageTime } from '../modules/notifications';
import { mulberry32 } from '../providers/synthetic/synthetic-provider';
import { type AcceptedMail, type FlakySmtpServer, startFlakySmtpServer, type TraceEvent } from './chaos-smtp';

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
  /** Share of SMTP commands answered 421/451 while the kills go on. */
  failureRate?: number;
  /** Share of messages whose SMTP connection is dropped at the end of DATA. */
  dropRate?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Every line the servers print (LOG_LEVEL=warn). */
  serverLog?: (line: string) => void;
  signal?: AbortSignal;
}

export interface ChaosReport {
  deliveries: number;
  sent: number;
  lost: number;
  duplicates: number;
  /** Up to 10 lost deliveries, described. */
  lostExamples: string[];
  /** Recipients who got more than one distinct Message-ID, described. */
  doubleSends: string[];
  statuses: Record<string, number>;
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

  /** The servers, then the temporary files, the SMTP server and the scratch database. */
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
      serverDbEnv = {
        DATABASE_URL: url.toString(),
        AUTH_SECRET: randomBytes(24).toString('hex'),
        DATA_DIR: dataDir,
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
        await insertMembers(db, n, setting);
      } finally {
        await db.close();
      }
    }
    say(
      `${n} members, each tracking one title released ${setting.releaseDate} (${setting.timeZone}), ` +
        `due ${setting.dueAt.toISOString()}`,
    );

    const mail = await startFlakySmtpServer({
      random: seededRandom(options.seed + 1),
      failureRate,
      dropRate,
    });
    smtp = mail;
    cleanups.push(() => mail.close());

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

    /** Email rows by status (and the total). */
    const counts = async (db: DatabaseHandle) => {
      const result = await db.db.execute(sql`select status, count(*)::int as n from notification_deliveries
        where channel = 'email' group by status`);
      const rows = (result as unknown as { rows: { status: string; n: number }[] }).rows;
      const byStatus: Record<string, number> = {};
      for (const r of rows) byStatus[r.status] = r.n;
      const total = rows.reduce((a, r) => a + r.n, 0);
      const done = total === n && !byStatus.pending && !byStatus.sending;
      return { byStatus, total, done };
    };
    /**
     * Retries wait 30 s to an hour (with real time); the run moves them up instead, as if that time had
     * passed. Leases of killed workers are left alone: their expiry is what is under test.
     */
    const fastForward = (db: DatabaseHandle) =>
      db.db.execute(sql`update notification_deliveries set next_attempt_at = now() - interval '1 second'
        where channel = 'email' and status = 'pending' and next_attempt_at > now()`);
    const progress = (c: Awaited<ReturnType<typeof counts>>) =>
      `rows sent ${c.byStatus.sent ?? 0}/${n} (pending ${c.byStatus.pending ?? 0}, sending ${c.byStatus.sending ?? 0}, ` +
      `failed ${c.byStatus.failed ?? 0}); SMTP accepted ${mail.accepted.length}, ` +
      `failed commands ${mail.stats.failedCommands}, dropped ${mail.stats.droppedBeforeQueue + mail.stats.droppedAfterQueue}`;
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

    // The storm passes: a healthy SMTP server and a server left to finish.
    mail.calm();
    say('kills done; SMTP calm; letting a server finish');
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
        // No DB access while it runs: stop it once the SMTP server has been quiet for a while.
        while (life.child.exitCode === null && life.child.signalCode === null) {
          const now = Date.now();
          if (now >= leaseOver && now - readyAt > 1000 && now - mail.lastActivity() > 2000) break;
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

  async function report(): Promise<ChaosReport> {
    const accepted = smtp?.accepted ?? [];
    let rows: {
      email: string;
      status: string | null;
      attempts: number | null;
      last_error: string | null;
    }[] = [];
    if (openDb) {
      const db = await openDb();
      try {
        const result = await db.db.execute(sql`select u.email, d.status, d.attempts, d.last_error
          from users u left join notification_deliveries d on d.user_id = u.id and d.channel = 'email'
          where u.id like 'chaos-%' order by u.id`);
        rows = (result as unknown as { rows: typeof rows }).rows;
      } finally {
        await db.close();
      }
    }
    const byRecipient = new Map<string, AcceptedMail[]>();
    const byMessageId = new Map<string, number>();
    for (const m of accepted) {
      for (const to of m.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), m]);
      const id = m.messageId ?? '(no Message-ID)';
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    const traceOf = new Map<string, TraceEvent[]>();
    for (const e of smtp?.trace ?? []) traceOf.set(e.to, [...(traceOf.get(e.to) ?? []), e]);
    let duplicates = [...byMessageId.values()].reduce((a, c) => a + c - 1, 0);
    const statuses: Record<string, number> = {};
    const lostExamples: string[] = [];
    const doubleSends: string[] = [];
    let lost = Math.max(0, n - rows.length);
    for (const row of rows) {
      const status = row.status ?? 'missing';
      statuses[status] = (statuses[status] ?? 0) + 1;
      const got = byRecipient.get(row.email) ?? [];
      if (status !== 'sent' || got.length === 0) {
        lost++;
        if (lostExamples.length < 10) {
          const why = row.last_error ? ` (${row.last_error})` : '';
          lostExamples.push(`${row.email}: row ${status}${why}, ${got.length} message(s) at the SMTP server`);
        }
      }
      const ids = [...new Set(got.map((m) => m.messageId))];
      if (ids.length > 1) {
        duplicates += ids.length - 1;
        doubleSends.push(
          `${row.email} (${row.attempts} attempts): ${timeline(traceOf.get(row.email) ?? [])}`,
        );
      }
    }
    return {
      deliveries: n,
      sent: statuses.sent ?? 0,
      lost,
      duplicates,
      lostExamples,
      doubleSends,
      statuses,
      kills,
      crashes,
      timedOut,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  }
}

/** N members (email only, no reminders), N/100 titles, each member tracking one of them since long ago. */
async function insertMembers(
  { db }: DatabaseHandle,
  n: number,
  setting: { timeZone: string; releaseDate: string },
): Promise<void> {
  const titles = Math.max(1, Math.round(n / 100));
  // Straight into the tables, set-based: no release events, so the release day is the only notice.
  await db.execute(sql`
    insert into media_items (provider_id, media_type, title, slug, search_text, release_date,
      release_date_precision)
    select 'chaos:movies:' || g, 'movies', 'Chaos Title ' || g, 'chaos-title-' || g, 'chaos title ' || g,
      ${setting.releaseDate}::date, 'day'
    from generate_series(0, ${titles - 1}) g`);
  await db.execute(sql`
    insert into users (id, email, name)
    select 'chaos-' || lpad(g::text, 6, '0'), 'chaos-' || lpad(g::text, 6, '0') || '@example.com', 'Chaos Member'
    from generate_series(0, ${n - 1}) g`);
  await db.execute(sql`
    insert into user_profiles (user_id, username, time_zone, reminder_days)
    select 'chaos-' || lpad(g::text, 6, '0'), 'chaos-' || lpad(g::text, 6, '0'), ${setting.timeZone}, 0
    from generate_series(0, ${n - 1}) g`);
  await db.execute(sql`
    insert into watchlist_entries (user_id, item_id, media_type, added_at)
    select 'chaos-' || lpad(g::text, 6, '0'), i.id, 'movies', ${new Date(Date.now() - 30 * 24 * HOUR)}
    from generate_series(0, ${n - 1}) g
    join media_items i on i.provider_id = 'chaos:movies:' || (g % ${titles})`);
}
