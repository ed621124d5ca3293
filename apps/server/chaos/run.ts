/**
 * The chaos run behind `npm run chaos` (and its small version in chaos.test.ts): N members each due
 * one release message on three channels (an email, a web push to their one device, a post to their
 * one webhook), a flaky SMTP server, push service and webhook receiver, and the compiled server
 * SIGKILLed at random instants and restarted, then left to finish. Every member must have a `sent`
 * row on each channel and its message at that channel's receiver; resends are counted as duplicates
 * (at-least-once, docs/decisions/008).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ChaosContext, type ChaosOptions, createContext, Stopped } from './context';
import { betweenLives, type ChaosDatabase, countDeliveries, fastForward, prepareDatabase } from './database';
import { seedMembers } from './members';
import { calmReceivers, progressLine, type Receivers, startReceivers } from './receivers';
import { type ChaosReport, readReport } from './report';
import {
  buildServers,
  type ChaosServers,
  INTERVAL_SECONDS,
  killServers,
  LEASE_SECONDS,
  type ServerLife,
} from './servers';

export { CHAOS_CHANNELS, type ChaosChannel, type ChaosOptions } from './context';
export { releaseSetting } from './members';
export type { ChannelReport, ChaosReport } from './report';
export { killChaosChildren } from './servers';

/** Share of kills aimed at start-up (opening the database, migrating) rather than a running worker. */
const STARTUP_KILL_SHARE = 0.15;

/** runChaos was aborted by its caller (its servers are killed and its database is dropped). */
export class ChaosInterrupted extends Error {}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const run = createContext(options);
  try {
    await runSteps(run);
  } catch (err) {
    if (!(err instanceof Stopped)) {
      await cleanUp(run);
      throw err;
    }
    run.say(run.timedOut ? `timed out after ${run.timeoutMs / 1000} s` : 'interrupted');
  }
  run.disarm();
  try {
    await killServers(run);
    if (options.signal?.aborted) throw new ChaosInterrupted('interrupted');
    return await readReport(run);
  } finally {
    await cleanUp(run);
  }
}

/** The run, step by step; a timeout or the caller's abort stops it at its next wait. */
async function runSteps(run: ChaosContext): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'releasebell-chaos-'));
  run.cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const receivers = await startReceivers(run);
  const database = await prepareDatabase(run, path.join(tmp, 'data'));
  await seedMembers(run, database, receivers);
  const servers = await buildServers(run, receivers, database.serverEnv);
  await killAtRandom(run, servers, database, receivers);
  calmReceivers(receivers);
  run.say('kills done; receivers calm; letting a server finish');
  if (run.options.databaseUrl) await finishAlongside(run, servers, database, receivers);
  else await finishInTurns(run, servers, database, receivers);
  run.say('every delivery is sent or failed');
}

/** The servers, then the receivers, the temporary files and the scratch database. */
async function cleanUp(run: ChaosContext): Promise<void> {
  run.release();
  await killServers(run);
  for (const cleanup of run.cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

/** The kills, each at a random instant of a server's life, the database's retries moved up between. */
async function killAtRandom(
  run: ChaosContext,
  servers: ChaosServers,
  database: ChaosDatabase,
  receivers: Receivers,
): Promise<void> {
  const { kills } = run.options;
  const dbRestartLife = run.options.databaseUrl ? Math.floor(kills / 2) : -1;
  for (let k = 0; k < kills; k++) {
    const life = servers.start();
    const when =
      run.random() < STARTUP_KILL_SHARE
        ? await waitInStartup(run, life)
        : await waitWhileRunning(run, life, k === dbRestartLife ? database.cutConnections : null);
    await servers.signal(life, 'SIGKILL');
    run.kills++;
    run.lastKillAt = Date.now();
    run.killTimes.push(run.lastKillAt);
    const progress = progressLine(run.n, receivers, await betweenLives(run, database));
    run.say(`kill ${run.kills}/${kills} (${when}): ${progress}`);
  }
}

/** Waits a random instant into the server's start-up; answers when that was. */
async function waitInStartup(run: ChaosContext, life: ServerLife): Promise<string> {
  const ms = 50 + run.random() * 1450;
  await Promise.race([run.sleep(ms), life.exited]);
  return `${Math.round(ms)} ms after spawn`;
}

/**
 * Waits until the server is ready, then a random while; with `cutConnections`, cuts the database's
 * connections somewhere in that while. Answers when that was.
 */
async function waitWhileRunning(
  run: ChaosContext,
  life: ServerLife,
  cutConnections: ChaosDatabase['cutConnections'],
): Promise<string> {
  const spawnedAt = Date.now();
  await run.race(life.ready.catch(() => {}));
  const readyMs = Date.now() - spawnedAt;
  const ms = 300 + run.random() * 2700;
  if (cutConnections) {
    // We may not restart the PostgreSQL cluster from a script; cutting every connection of the
    // chaos database is what the app sees of a restart (in-flight queries fail, pools reconnect).
    // With PGlite every kill already restarts the embedded database.
    const cut = run.random() * ms;
    await Promise.race([run.sleep(cut), life.exited]);
    const rowCount = await cutConnections();
    run.say(`database "restart": terminated ${rowCount} connections`);
    await Promise.race([run.sleep(ms - cut), life.exited]);
  } else {
    await Promise.race([run.sleep(ms), life.exited]);
  }
  return `${Math.round(ms)} ms after ready, which took ${readyMs} ms`;
}

/** PostgreSQL: one server runs (restarted if it dies) while the run watches the rows beside it. */
async function finishAlongside(
  run: ChaosContext,
  servers: ChaosServers,
  database: ChaosDatabase,
  receivers: Receivers,
): Promise<void> {
  const db = await database.open();
  let life = servers.start();
  let lastSay = Date.now();
  for (;;) {
    await fastForward(db);
    const c = await countDeliveries(db, run.n);
    if (c.done) break;
    if (Date.now() - lastSay > 2000) {
      run.say(progressLine(run.n, receivers, c));
      lastSay = Date.now();
    }
    if (life.child.exitCode !== null || life.child.signalCode !== null) life = servers.start();
    await run.sleep(250);
  }
  await servers.signal(life, 'SIGTERM');
}

/** PGlite: servers and the run take the database in turns, until every row is settled. */
async function finishInTurns(
  run: ChaosContext,
  servers: ChaosServers,
  database: ChaosDatabase,
  receivers: Receivers,
): Promise<void> {
  const leaseOver = run.lastKillAt + LEASE_SECONDS * 1000 + 2 * INTERVAL_SECONDS * 1000;
  for (;;) {
    const c = await betweenLives(run, database);
    run.say(progressLine(run.n, receivers, c));
    if (c.done) break;
    const life = servers.start();
    await run.race(life.ready.catch(() => {}));
    const readyAt = Date.now();
    // No DB access while it runs: stop it once the receivers have been quiet for a while since it
    // became ready (counting from before would stop each server after its first claim).
    while (life.child.exitCode === null && life.child.signalCode === null) {
      const now = Date.now();
      if (now >= leaseOver && now - Math.max(readyAt, receivers.lastReceived()) > 2000) break;
      await run.sleep(100);
    }
    await servers.signal(life, 'SIGTERM');
  }
}
