/**
 * HAProxy in front of the soak's instances, with the reference configuration (deploy/haproxy.cfg):
 * only the addresses change, plus a stats socket to read what it thinks of each instance and a
 * header naming the instance that answered (or failed) each request.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, until } from './net';

const REFERENCE = path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg');
/** Debian's package puts it here; elsewhere it is on the PATH. */
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
/** The response header that names the instance a request went to. */
export const SERVED_BY = 'x-soak-server';

export interface Balancer {
  url: string;
  /** The instance's state as HAProxy sees it: `UP`, `DOWN`, `NOLB` (draining)... */
  state(name: string): Promise<string>;
  close(): Promise<void>;
}

/** The reference configuration with these instances behind it, on 127.0.0.1:`port`. */
export function soakConfig(reference: string, port: number, instances: number[], socket: string): string {
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/haproxy.cfg no longer has ${pattern}`);
    return text.replace(pattern, by);
  };
  let config = replace(reference, /^global\n/m, `global\n    stats socket ${socket} mode 600 level admin\n`);
  config = replace(config, /^ {4}bind :\d+$/m, `    bind 127.0.0.1:${port}`);
  config = replace(config, /^(frontend web\n)/m, `$1    http-after-response set-header ${SERVED_BY} %s\n`);
  config = replace(config, /^ {4}server app\d .*\n(?: {4}server app\d .*\n)*/m, '');
  return `${config.trimEnd()}\n${instances.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} check\n`).join('')}`;
}

/** Asks the stats socket one command and answers its reply. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = net.createConnection(socket, () => conn.end(`${command}\n`));
    conn.on('data', (c: Buffer) => chunks.push(c));
    conn.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    conn.on('error', reject);
  });
}

/** Starts HAProxy in the foreground, its log in `dir`, once its configuration checks out. */
export async function startBalancer(dir: string, instancePorts: number[]): Promise<Balancer> {
  const port = await freePort();
  const socket = path.join(dir, 'haproxy.sock');
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, soakConfig(await readFile(REFERENCE, 'utf8'), port, instancePorts, socket));
  try {
    await promisify(execFile)(HAPROXY, ['-c', '-q', '-f', file]);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing ? 'HAProxy is not installed: apt-get install haproxy' : `HAProxy refused ${file}: ${err}`,
    );
  }
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(path.join(dir, 'haproxy.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until('HAProxy listening', () => existsSync(socket), 10_000);
  return {
    url: `http://127.0.0.1:${port}`,
    async state(name) {
      // `show stat` is CSV: proxy name, server name, ... and `status` further along.
      const [header, ...rows] = (await ask(socket, 'show stat')).split('\n');
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const status = columns.indexOf('status');
      const row = rows.map((r) => r.split(',')).find((r) => r[0] === 'app' && r[1] === name);
      return row?.[status] ?? 'unknown';
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}
