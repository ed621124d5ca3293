import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../src/db/client';
import { startChild } from './children';
import { insertFanoutData } from './fanout-data';
import { type LatencySummary, round, summarise } from './stats';

export interface FanoutResult {
  members: number;
  database: string;
  accepted: number;
  /** Emails the SMTP sink accepted per second, first to last. */
  emailsPerSecond: number;
  /** From the moment the release message fell due to the sink's 250 OK, per email (ms). */
  dueToAccepted: LatencySummary;
  /** The notification worker's interval in this run: the longest wait before a tick sees the due moment. */
  intervalSeconds: number;
  timedOut: boolean;
}

/**
 * 10,000 members tracking one title whose release day arrives: the app as it ships (its notification
 * worker on its default interval, PGlite unless a PostgreSQL URL is given) sends to a local SMTP sink
 * that accepts everything; the sink times each acceptance.
 */
export async function measureFanout(options: {
  members: number;
  databaseUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  serverDir: string;
  log: (line: string) => void;
  timeoutMs?: number;
}): Promise<FanoutResult> {
  const acceptedAt: number[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        acceptedAt.push(Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const smtpPort = (sink.server.address() as { port: number }).port;

  const releaseDate = '2027-06-01';
  let dataDir: string | undefined;
  let schemaDrop: (() => Promise<void>) | undefined;
  const env: NodeJS.ProcessEnv = { ...options.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  if (options.databaseUrl) {
    // A database of its own on that server, dropped afterwards.
    const name = `bench_fanout_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ url: options.databaseUrl, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.AUTH_SECRET ??= randomBytes(24).toString('hex');
    schemaDrop = async () => {
      const again = await openDatabase({ url: options.databaseUrl, poolSize: 1 });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    };
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-fanout-'));
    env.DATA_DIR = dataDir;
  }
  try {
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir, poolSize: 4 });
    await database.migrate();
    options.log(`fan-out: ${options.members} members tracking one title released ${releaseDate}…`);
    await insertFanoutData(database.db, options.members, releaseDate);
    await database.close();

    const app = await startChild(
      'fanout-app',
      path.join(options.serverDir, 'bench/fanout-app.ts'),
      { ...env, FANOUT_RELEASE_DATE: releaseDate, FANOUT_DUE_IN_MS: '3000' },
      options.repoRoot,
    );
    const dueWallMs = Number(app.info.dueWallMs);
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    let lastLog = 0;
    while (acceptedAt.length < options.members && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        options.log(`fan-out: ${acceptedAt.length}/${options.members} emails accepted`);
      }
    }
    await app.stop();
    const first = acceptedAt[0] ?? 0;
    const last = acceptedAt.at(-1) ?? 0;
    return {
      members: options.members,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      accepted: acceptedAt.length,
      emailsPerSecond: last > first ? round((acceptedAt.length - 1) / ((last - first) / 1000)) : 0,
      dueToAccepted: summarise(acceptedAt.map((t) => t - dueWallMs)),
      intervalSeconds: Number(app.info.intervalSeconds),
      timedOut: acceptedAt.length < options.members,
    };
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await schemaDrop?.();
  }
}
