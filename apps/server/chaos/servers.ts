/**
 * The chaos run's servers: the compiled server, built once into a bundle of the run's own, started
 * again and again as processes of their own, each watched for an exit nobody asked for (a crash).
 */
import { type ChildProcessByStdio, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { ChaosContext } from './context';
import type { Receivers } from './receivers';

const serverDir = path.resolve(import.meta.dirname, '..');
export const LEASE_SECONDS = 5;
export const INTERVAL_SECONDS = 0.2;

type ServerChild = ChildProcessByStdio<null, Readable, Readable>;

export interface ServerLife {
  child: ServerChild;
  /** Resolves once it listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What we sent it: an exit that is not its outcome is a crash. */
  sent: 'SIGKILL' | 'SIGTERM' | 'abort' | null;
  tail: string[];
}

export interface ChaosServers {
  start(): ServerLife;
  /** Sends `sig` unless it has exited, and waits for the exit. */
  signal(life: ServerLife, sig: 'SIGKILL' | 'SIGTERM'): Promise<void>;
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

/** SIGKILLs, by PID, the run's servers still running. */
export async function killServers(run: ChaosContext): Promise<void> {
  for (const life of run.lives) {
    life.sent ??= 'SIGKILL';
    life.child.kill('SIGKILL');
    await life.exited;
  }
}

/** Builds the server's bundle and answers how to start and stop it, on the receivers and the database. */
export async function buildServers(
  run: ChaosContext,
  receivers: Receivers,
  dbEnv: Record<string, string>,
): Promise<ChaosServers> {
  await mkdir(path.join(serverDir, 'dist'), { recursive: true });
  const buildDir = await mkdtemp(path.join(serverDir, 'dist', 'chaos-'));
  run.cleanups.push(() => rm(buildDir, { recursive: true, force: true }));
  const bundle = path.join(buildDir, 'server.js');
  await run.race(
    promisify(execFile)(process.execPath, [path.join(serverDir, 'build.mjs'), '--outfile', bundle]),
  );
  run.say('server bundle built');
  const env = serverEnv(receivers, dbEnv);
  return {
    start: () => startServer(run, bundle, env),
    signal: async (life, sig) => {
      if (life.child.exitCode === null && life.child.signalCode === null) {
        life.sent = sig;
        life.child.kill(sig);
      }
      const { code } = await run.race(life.exited);
      if (sig === 'SIGTERM' && code !== 0) run.say(`server ${life.child.pid} stopped with exit code ${code}`);
    },
  };
}

function serverEnv({ mail, pushes }: Receivers, dbEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // No load balancer waits on its health checks: a stop need not drain.
    SHUTDOWN_DRAIN_SECONDS: '0',
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
    ...dbEnv,
  };
}

function startServer(run: ChaosContext, bundle: string, env: NodeJS.ProcessEnv): ServerLife {
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
        run.options.serverLog?.(`[${child.pid}] ${line}`);
        if (/Releasebell is ready: http:\/\/localhost:\d+/.test(line)) resolve();
      };
      createInterface({ input: child.stdout }).on('line', onLine);
      createInterface({ input: child.stderr }).on('line', onLine);
      child.once('exit', (code, signal) => reject(new Error(`exited (${signal ?? code}) before listening`)));
    }),
  };
  life.ready.catch(() => {});
  run.lives.add(life);
  void life.exited.then(({ code, signal }) => {
    run.lives.delete(life);
    // A SIGKILL can arrive while it is already dying of something else.
    const crashed = life.sent === null || (life.sent === 'SIGKILL' && signal !== 'SIGKILL');
    if (crashed) {
      const from = tail.findIndex((l) => /\b\w*Error\b|error:|"level":[56]0/.test(l));
      const lines = from >= 0 ? tail.slice(from, from + 8) : tail.slice(-10);
      run.crashes.push(`exited by itself (${signal ?? code}):\n  ${lines.join('\n  ')}`);
      run.say(`server ${child.pid} exited by itself (${signal ?? code})`);
    }
  });
  return life;
}
