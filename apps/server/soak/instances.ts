/**
 * The soak's app instances: the compiled server (`npm run build`), started as it ships, each on a port
 * of its own; stopped with SIGKILL or SIGTERM (which drains) and started again on the same port. An
 * exit nobody asked for is a crash.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, until } from './net';

const BUNDLE = path.resolve(import.meta.dirname, '../dist/server.js');
/** A start runs migrations and upserts the demo catalog: room for a busy two-core machine. */
const START_MS = 90_000;

export interface Instance {
  name: string;
  port: number;
  pid: number | undefined;
}

export interface Instances {
  list: Instance[];
  start(instance: Instance): Promise<void>;
  /** Sends `signal` and waits for the exit. */
  stop(instance: Instance, signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Exits nobody asked for, with the last lines each printed. */
  crashes: string[];
  /** SIGKILLs whatever still runs (for the end and for process exit). */
  killAll(): void;
}

export async function prepareInstances(
  count: number,
  env: Record<string, string>,
  logDir: string,
): Promise<Instances> {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first`);
  const list: Instance[] = [];
  for (let i = 1; i <= count; i++) list.push({ name: `app${i}`, port: await freePort(), pid: undefined });
  const children = new Map<Instance, { child: ChildProcess; asked: boolean; exited: Promise<void> }>();
  const crashes: string[] = [];

  async function start(instance: Instance) {
    const log = createWriteStream(path.join(logDir, `${instance.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      env: { ...env, PORT: String(instance.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    const onLine = (line: string) => {
      log.write(`${line}\n`);
      tail.push(line);
      if (tail.length > 20) tail.shift();
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    const life = {
      child,
      asked: false,
      exited: new Promise<void>((resolve) =>
        child.once('exit', (code, signal) => {
          if (!life.asked)
            crashes.push(`${instance.name} exited by itself (${signal ?? code}):\n  ${tail.join('\n  ')}`);
          log.end();
          resolve();
        }),
      ),
    };
    children.set(instance, life);
    instance.pid = child.pid;
    await until(
      `${instance.name} ready`,
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`${instance.name} exited while starting:\n  ${tail.join('\n  ')}`);
        }
        try {
          const res = await fetch(`http://127.0.0.1:${instance.port}/readyz`, {
            signal: AbortSignal.timeout(2000),
          });
          return res.ok;
        } catch {
          return false;
        }
      },
      START_MS,
      200,
    );
  }

  async function stop(instance: Instance, signal: 'SIGKILL' | 'SIGTERM') {
    const life = children.get(instance);
    if (!life) return;
    life.asked = true;
    if (life.child.exitCode === null && life.child.signalCode === null) life.child.kill(signal);
    await life.exited;
    children.delete(instance);
  }

  return {
    list,
    start,
    stop,
    crashes,
    killAll() {
      for (const life of children.values()) {
        life.asked = true;
        if (life.child.exitCode === null && life.child.signalCode === null) life.child.kill('SIGKILL');
      }
    },
  };
}
