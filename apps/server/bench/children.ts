import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../soak/net';

/** A server started by the benchmark in a process of its own. */
export interface ChildServer {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** Resident memory in MB, read from /proc (Linux), or null. */
  rssMb(): number | null;
  /** Everything the ready line said. */
  info: Record<string, unknown>;
  /** CPU seconds (user + system, all threads) used so far, read from /proc (Linux), or null. */
  cpuSeconds(): number | null;
  /** Lines it has written on stdout since it was ready (its logs). */
  stdoutLines(): number;
  stop(): Promise<void>;
}

const running = new Map<number, ChildProcess>();
/** A pino JSON line at warn (40), error (50) or fatal (60). */
const WARNING_OR_WORSE = /"level":[456]0\b/;

/**
 * Spawns `node <args>`, registered for cleanup, with its stderr passed on prefixed with the name (the
 * last 20 lines kept for an error message). `relayWarnings` reads its stdout as fast as it comes, as a
 * log collector would, counting lines and passing on only pino's warnings and errors.
 */
function spawnRelayed(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid !== undefined) {
    running.set(pid, child);
    child.once('exit', () => running.delete(pid));
  }
  const tail: string[] = [];
  const relayLine = (line: string) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    process.stderr.write(`[${name}] ${line}\n`);
  };
  createInterface({ input: child.stderr }).on('line', relayLine);
  const relayWarnings = (countLine: () => void) =>
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) countLine();
      if (WARNING_OR_WORSE.test(chunk.toString('latin1'))) {
        for (const l of chunk.toString('utf8').split('\n')) if (WARNING_OR_WORSE.test(l)) relayLine(l);
      }
    });
  return { child, pid, tail, relayLine, relayWarnings };
}

/**
 * Runs `node --import tsx <script>`, which must print one JSON line `{"ready":true,"port":N}` on stdout
 * once it listens. Other output is passed on to stderr, prefixed with the name; with
 * `relay: 'warnings'`, what it writes on stdout once ready (its logs, a line per request under load)
 * is read as fast as it comes, as a log collector would, and only pino's warnings and errors are passed
 * on.
 */
export function startChild(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 180_000,
  relay: 'all' | 'warnings' = 'all',
): Promise<ChildServer> {
  const { child, pid, tail, relayLine, relayWarnings } = spawnRelayed(
    name,
    ['--import', 'tsx', script],
    env,
    cwd,
  );
  if (pid === undefined) return Promise.reject(new Error(`could not start ${name}`));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not start within ${timeoutMs / 1000}s`));
      void stopProcess(child);
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${tail.join('\n')}`));
    });
    let linesAfterReady = 0;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('{"ready":true')) {
        clearTimeout(timer);
        const info = JSON.parse(line) as { port: number };
        const { port } = info;
        if (relay === 'warnings') {
          lines.close();
          relayWarnings(() => linesAfterReady++);
          // Closing the line reader paused the stream.
          child.stdout.resume();
        }
        resolve({
          name,
          pid,
          port,
          info,
          url: `http://127.0.0.1:${port}`,
          rssMb: () => readRssMb(pid),
          cpuSeconds: () => readCpuSeconds(pid),
          stdoutLines: () => linesAfterReady,
          stop: () => stopProcess(child),
        });
      } else {
        linesAfterReady++;
        relayLine(line);
      }
    });
  });
}

/**
 * Runs `node <args>` for a server that prints no ready line (the built app, `dist/server.js`, as
 * `npm run serve` starts it) and resolves once `readyUrl` answers 2xx. Its stderr is passed on,
 * prefixed with the name; its stdout (pino's JSON lines, one per request) is read as fast as it comes,
 * as a log collector would, and only warnings and errors are passed on.
 */
export function startNodeServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  readyUrl: string,
  timeoutMs = 180_000,
): Promise<ChildServer> {
  const { child, pid, tail, relayWarnings } = spawnRelayed(name, args, env, cwd);
  if (pid === undefined) return Promise.reject(new Error(`could not start ${name}`));
  let lines = 0;
  let linesAtReady = 0;
  relayWarnings(() => lines++);
  const port = Number(new URL(readyUrl).port);

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${tail.join('\n')}`)),
    );
    const deadline = Date.now() + timeoutMs;
    const poll = async () => {
      while (!settled) {
        if (Date.now() > deadline) {
          fail(new Error(`${name} did not answer ${readyUrl} within ${timeoutMs / 1000}s`));
          void stopProcess(child);
          return;
        }
        try {
          const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
          await res.arrayBuffer();
          if (res.ok && !settled) {
            settled = true;
            linesAtReady = lines;
            resolve({
              name,
              pid,
              port,
              info: { readyUrl },
              url: `http://127.0.0.1:${port}`,
              rssMb: () => readRssMb(pid),
              cpuSeconds: () => readCpuSeconds(pid),
              stdoutLines: () => lines - linesAtReady,
              stop: () => stopProcess(child),
            });
            return;
          }
        } catch {
          // Not listening yet.
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    void poll();
  });
}

/**
 * The app's environment as it ships, on 127.0.0.1 (PORT 0: a port the system picks unless `settings`
 * names one), over `env` (for loadConfig: this file imports none of the app, so that the bare
 * baseline loads none of it).
 */
export function shippedEnv(
  settings: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_PRETTY: 'false', ...settings };
}

/** What the benchmark's app runs with besides production settings, however it is started. */
export const BENCH_APP_SETTINGS = { SEED_DEMO_CATALOG: 'true' };

/**
 * How the benchmark starts the app: the built bundle, as `npm run serve` runs it (the default), or a
 * script under tsx that prints the ready line (`--serve-script`, to A/B a prototype).
 */
export type AppStart = { bundle: string } | { script: string };

/**
 * Starts the app with the demo catalog, production settings and `env` (its database, log level), and
 * resolves once it is ready; what it logs is read as a log collector would, warnings passed on.
 */
export async function startApp(
  name: string,
  app: AppStart,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ChildServer> {
  // A script states its own settings, as bench/serve.ts does.
  if ('script' in app) return startChild(name, app.script, env, cwd, undefined, 'warnings');
  const port = await freePort();
  return startNodeServer(
    name,
    [app.bundle],
    shippedEnv({ ...BENCH_APP_SETTINGS, PORT: String(port) }, env),
    cwd,
    `http://127.0.0.1:${port}/readyz`,
  );
}

/** The command that starts the app, for the benchmark's log. */
export function describeApp(app: AppStart, cwd: string): string {
  const file = 'script' in app ? app.script : app.bundle;
  const relative = path.relative(cwd, file);
  return `node ${'script' in app ? '--import tsx ' : ''}${relative.startsWith('..') ? file : relative}`;
}

/**
 * Runs `node --import tsx <script>` to completion and resolves with the JSON of the line it printed
 * on stdout that starts with `{"result":` (its `result` field). Other output is passed on to stderr,
 * prefixed with the name. Registered for cleanup while it runs.
 */
export function runChildForResult<T>(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) return Promise.reject(new Error(`could not start ${name}`));
  running.set(pid, child);
  const tail: string[] = [];
  const relay = (line: string) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    process.stderr.write(`[${name}] ${line}\n`);
  };
  let result: { result: T } | undefined;
  createInterface({ input: child.stderr }).on('line', relay);
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{"result":')) result = JSON.parse(line) as { result: T };
    else relay(line);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': stdout has been read to its end.
    child.once('close', (code, signal) => {
      running.delete(pid);
      if (code === 0 && result) resolve(result.result);
      else
        reject(
          new Error(
            `${name} exited (${signal ?? code})${result ? '' : ' without a result'}:\n${tail.join('\n')}`,
          ),
        );
    });
  });
}

function readRssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

let clockTicks: number | undefined;

function readCpuSeconds(pid: number): number | null {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / clockTicks : null;
  } catch {
    return null;
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function stopAllChildren(): Promise<void> {
  return Promise.all([...running.values()].map((c) => stopProcess(c))).then(() => {});
}

/** Kills whatever is still running, by PID, when the benchmark exits or is interrupted. */
export function installCleanup(): void {
  process.on('exit', () => {
    for (const pid of running.keys()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the benchmark's servers…\n`);
      stopAllChildren().finally(() => process.exit(130));
    });
  }
}

/** Runs a command to completion with the terminal as its output; registered for cleanup meanwhile. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<number> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pid = child.pid;
  if (pid !== undefined) running.set(pid, child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (pid !== undefined) running.delete(pid);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
