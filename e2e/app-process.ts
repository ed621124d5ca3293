/**
 * An app process of a spec's own, for journeys the shared app cannot host: stopping the app, running an
 * operator's command on its embedded database, starting it again. The compiled server, as `npm start`
 * runs it (the webServer in playwright.config.ts compiles it before any test runs).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { mailboxUrl } from './fake-config';

const repoRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(repoRoot, 'apps/server/dist/server.js');

/** How long a start may take on a busy two-core machine (migrations, demo catalog) before it counts as hung. */
const START_MS = 60_000;
/** The server's own shutdown deadline is 10 s; room on top for a busy machine to deliver the exit. */
const STOP_MS = 20_000;
const LOG_TAIL_CHARS = 20_000;

export interface AppProcess {
  readonly origin: string;
  /** Sends SIGTERM and resolves with the exit code once the process is gone (SIGKILL after STOP_MS). */
  stop(): Promise<number | null>;
  /** What the process wrote (its log at warn level, and stderr), the last part of it. */
  logs(): string;
}

/** Processes still running, killed if the worker process goes away without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A port nothing listens on now, for an app of a spec's own: the system picks it, so two such apps
 * (another worker's, a `--repeat-each` copy) never meet on one.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

/**
 * Starts the compiled server on 127.0.0.1:`port` with only the environment given here (nothing of the
 * test run's own, such as a DATABASE_URL) and resolves once it answers /readyz.
 */
export async function startApp(port: number, env: Record<string, string>): Promise<AppProcess> {
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: run \`npm run build\` (or \`npm run test:e2e\`) first.`);
  }
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(`${origin}/readyz`)) {
    throw new Error(`Something already answers on ${origin} (a server left over from an earlier run?).`);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      // No load balancer waits on its health checks: a stop need not drain.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // The log (stdout) is kept too: at warn level it is the few lines that say why a stop failed.
  let output = '';
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  const app: AppProcess = {
    origin,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    logs: () => output,
  };

  const deadline = Date.now() + START_MS;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (!(await answers(`${origin}/readyz`))) {
    if (gone)
      throw new Error(`The app on ${origin} exited while starting (code ${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`The app on ${origin} did not answer /readyz within ${START_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return app;
}

/** `npm run catalog:set-date -- {ref} {date}` on a data directory; resolves with what it printed. */
export async function setReleaseDate(dataDir: string, ref: string, date: string) {
  const { stdout, stderr } = await promisify(execFile)('npm', ['run', 'catalog:set-date', '--', ref, date], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? repoRoot, DATA_DIR: dataDir },
    timeout: 120_000,
  });
  return { stdout, stderr };
}

/**
 * An operator's pass (`npm run follows:sync`, `npm run watch:sync`) on a data directory, with the
 * app's providers (`env`); resolves with what it printed.
 */
export async function runOperatorPass(
  command: 'follows:sync' | 'watch:sync',
  dataDir: string,
  env: Record<string, string>,
) {
  const { stdout, stderr } = await promisify(execFile)('npm', ['run', command], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? repoRoot, ...env, DATA_DIR: dataDir },
    timeout: 120_000,
  });
  return { stdout, stderr };
}

/** A message as the fake SMTP server (fake-services.ts) kept it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Quoted-printable undone, for finding links in the body. */
  decoded: string;
}

export async function mailsTo(request: APIRequestContext, email: string): Promise<ReceivedMail[]> {
  const res = await request.get(`${mailboxUrl}?to=${encodeURIComponent(email)}`);
  if (!res.ok()) throw new Error(`The mail reader answered ${res.status()}`);
  return (await res.json()) as ReceivedMail[];
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as mailers write non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** A header of a raw message, unfolded and decoded; undefined when the message has none. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}
