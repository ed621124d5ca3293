/**
 * The soak's PostgreSQL: a server of its own (initdb in a temporary directory, on a free port), which
 * it can restart without touching anyone else's; or a server the operator names, with the command that
 * restarts it. Either way the app gets a scratch database, dropped at the end.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './net';

const run = promisify(execFile);

export interface SoakPostgres {
  /** Where it is, for the log (no password). */
  where: string;
  /** The scratch database's URL, for the app. */
  url: string;
  /** Restarts the server; resolves once the restart command has returned. */
  restart(): Promise<void>;
  /** Drops the scratch database and stops a server of the soak's own. */
  close(): Promise<void>;
}

/** PostgreSQL's programs: `pg_config --bindir` knows where Debian keeps them. */
function binDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('PostgreSQL is not installed (no pg_config): apt-get install postgresql');
  }
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
async function asServerUser(dir: string): Promise<string[]> {
  if (process.getuid?.() !== 0) return [];
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  await chown(dir, uid, gid);
  // The temporary directory above it is the soak's own (mode 700): the server user must pass through.
  await chmod(path.dirname(dir), 0o711);
  return ['runuser', '-u', 'postgres', '--'];
}

async function scratchDatabase(serverUrl: string) {
  const name = `soak_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const again = new pg.Client({ connectionString: serverUrl });
    await again.connect();
    try {
      await again.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await again.end();
    }
  };
  return { url: url.toString(), drop };
}

/** A PostgreSQL server in `dir`, started on a free port of 127.0.0.1. */
export async function ownPostgres(dir: string): Promise<SoakPostgres> {
  const bin = binDir();
  const data = path.join(dir, 'pgdata');
  await mkdir(dir, { recursive: true });
  const as = await asServerUser(dir);
  const pgCommand = (program: string, args: string[]) => {
    const [file, ...rest] = [...as, path.join(bin, program), ...args];
    return run(file as string, rest, { cwd: dir });
  };
  await pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  // The server keeps the output it is given: a log file, not this process's pipe, which would stay open.
  const log = ['-l', path.join(dir, 'postgres.log')];
  await pgCommand('pg_ctl', ['-D', data, ...log, '-o', options, '-w', 'start']);
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const scratch = await scratchDatabase(serverUrl);
  return {
    where: `a PostgreSQL of its own on 127.0.0.1:${port} (${data})`,
    url: scratch.url,
    // Fast: connections are cut and the server comes back, as in a failover or an upgrade.
    restart: async () => {
      await pgCommand('pg_ctl', ['-D', data, ...log, '-m', 'fast', '-w', 'restart']);
    },
    close: async () => {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    },
  };
}

/** The operator's PostgreSQL at `serverUrl`, restarted by `restartCommand` (a shell command). */
export async function givenPostgres(serverUrl: string, restartCommand: string): Promise<SoakPostgres> {
  const scratch = await scratchDatabase(serverUrl);
  const url = new URL(serverUrl);
  return {
    where: `PostgreSQL at ${url.host}`,
    url: scratch.url,
    restart: async () => {
      await run('sh', ['-c', restartCommand]);
    },
    close: scratch.drop,
  };
}
