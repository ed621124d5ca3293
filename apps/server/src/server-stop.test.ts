/**
 * The compiled server (`npm start`'s) stops on SIGTERM within its deadline even when its logs go to a
 * pipe whose reader stops reading under load, and then goes away or stays stalled: the way systemd's
 * or Docker's log pipes, or a parent process, can behave. See docs/decisions/007.
 */
import { type ChildProcessByStdio, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
/** server.ts's CLOSE_DEADLINE_MS (the drain before it is 0 here), plus room for a busy machine. */
const DEADLINE_MS = 10_000;
const EXIT_MARGIN_MS = 2_000;
const REQUESTS = 3_000;
const CONNECTIONS = 50;

type Server = ChildProcessByStdio<null, Readable, Readable>;

let workDir: string;
let bundle: string;
/** One data directory for the file: the first start creates the database, the second reuses it. */
let dataDir: string;
/** Servers still running: a test that failed or timed out must not leave one behind. */
const running = new Set<Server>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-stop-'));
  // A bundle of its own (not dist/server.js, which `npm start` may be using), inside the package so
  // its npm imports resolve from node_modules like the real one's.
  await mkdir(path.join(serverDir, 'dist'), { recursive: true });
  workDir = await mkdtemp(path.join(serverDir, 'dist', 'stop-test-'));
  bundle = path.join(workDir, 'server.js');
  await promisify(execFile)(process.execPath, [path.join(serverDir, 'build.mjs'), '--outfile', bundle]);
});

afterEach(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    child.stdout.destroy();
    child.stderr.destroy();
  }
  running.clear();
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the bundle with stdout and stderr piped to this process; resolves with its port once it listens. */
async function startServer(): Promise<{ child: Server; port: number }> {
  const child = spawn(process.execPath, [bundle], {
    // Only what the server needs: nothing from the test run (NODE_ENV=test, a DATABASE_URL...).
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      SEED_DEMO_CATALOG: 'true',
      // The deadline after the drain is what is tested here (the drain has its own test).
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Releasebell is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        child.off('exit', onExit);
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, port };
}

/** GET over a keep-alive agent; resolves with the status and body. */
function get(agent: http.Agent, port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** REQUESTS requests over CONNECTIONS connections: each writes request log lines nobody reads now. */
async function putLoad(port: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          const res = await get(agent, port, n % 10 === 0 ? '/upcoming/movies' : '/healthz');
          expect(res.status).toBe(200);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

/**
 * A keep-alive connection left idle; `closed` settles when the server closes it, which it does once it
 * has begun closing (and stopped listening).
 */
async function idleConnection(port: number): Promise<{ closed: Promise<unknown> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, resolve).on('error', reject);
  });
  const closed = once(res.socket, 'close');
  res.resume();
  await once(res, 'end');
  return { closed };
}

describe.sequential('stopping the compiled server with its logs piped to a stalled reader', () => {
  for (const reader of ['goes away', 'stays stalled'] as const) {
    it(`exits within the deadline after load when the reader ${reader}`, { timeout: 120_000 }, async () => {
      const { child, port } = await startServer();
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

      // The demo catalog and the migrations came from the bundle.
      const agent = new http.Agent();
      const upcoming = await get(agent, port, '/upcoming/movies');
      agent.destroy();
      expect(upcoming.status).toBe(200);
      expect((JSON.parse(upcoming.body) as unknown[]).length).toBeGreaterThan(0);

      // The reader stops reading: the pipe fills up while the load goes on.
      child.stdout.pause();
      child.stderr.pause();
      await putLoad(port);
      const idle = await idleConnection(port);

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      // Once the server has begun closing (it has stopped listening), the reader goes away, or not.
      await Promise.race([idle.closed, exited]);
      if (reader === 'goes away') {
        child.stdout.destroy();
        child.stderr.destroy();
      }

      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) => {
          timer = setTimeout(() => resolve('still running'), DEADLINE_MS + EXIT_MARGIN_MS);
        }),
      ]);
      clearTimeout(timer);
      const elapsed = Date.now() - signalledAt;
      expect(result, `${elapsed} ms after SIGTERM`).not.toBe('still running');
      // It stopped by itself, cleanly, not by the watchdog's kill.
      expect(result).toEqual([0, null]);
      expect(elapsed).toBeLessThan(DEADLINE_MS + EXIT_MARGIN_MS);
    });
  }
});
