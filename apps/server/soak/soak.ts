/**
 * `npm run soak -- --instances 3 --minutes 10`: several app instances on one PostgreSQL behind HAProxy,
 * under a load of signed-in members, while instances are SIGKILLed, restarted one by one and
 * PostgreSQL restarts. See USAGE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { openDatabase } from '../src/db/client';
import { imports } from '../src/db/schema';
import { type CliOptions, cliOptions } from '../src/lib/cli-options';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import { startBalancer } from './balancer';
import { prepareInstances } from './instances';
import { createLoad, type Title } from './load';
import { until } from './net';
import { seedNoticeTitles, settleNotices, startMover, startSmtpSink } from './notices';
import { givenPostgres, ownPostgres } from './postgres';
import { judge } from './report';

const USAGE = `Usage: npm run soak -- [options]

Starts the compiled app N times on one PostgreSQL, HAProxy in front (deploy/haproxy.cfg, health checks
on /readyz), an SMTP sink, and a load of signed-in members browsing, searching, tracking, following and
importing through HAProxy, while an operator moves tracked titles' dates (each tracker is emailed).
During the run it SIGKILLs a random instance every minute and starts it again, restarts every instance
one after another with SIGTERM (each drains first), and restarts PostgreSQL once.

Options:
  --instances <n>         app instances                                     (default: 3)
  --minutes <m>           how long the load runs                            (default: 10)
  --members <k>           members signed in and browsing at once            (default: 30)
  --seed <s>              seed of the members' steps and the kills           (default: 1)
  --database-url <url>    a PostgreSQL server to create a scratch database on (default: DATABASE_URL;
                          without either, a PostgreSQL of the soak's own in a temporary directory)
  --restart-command <sh>  with --database-url: the shell command that restarts that server
                          (for example "pg_ctlcluster 15 main restart")
  --keep                  keep the temporary directory (logs of every instance, HAProxy, PostgreSQL);
                          a failed run keeps it anyway
  -h, --help              show this help

Needs HAProxy (apt-get install haproxy) and PostgreSQL's programs (apt-get install postgresql).
The last line: "soak: instances N, requests R, failed F (during the PostgreSQL restart P), p99 X ms,
notifications N, lost L, duplicates D". It exits 0 only when nothing was lost, no request failed but
during the PostgreSQL restart or on an instance SIGKILLed before HAProxy took it out, no instance crashed,
and every duplicate email is a resend of the same message (same Message-ID).`;

const envDatabaseUrl = process.env.DATABASE_URL;
/** A date move settles this long before its trackers are told (the app's NOTIFY_SETTLE_SECONDS). */
const SETTLE_SECONDS = 5;
/** An operator moves one title's date this often. */
const MOVE_EVERY_MS = 10_000;
/** Each member tracks this many of the moved titles from the start. */
const NOTICE_TITLES_EACH = 4;

// Typed, so that a call to `options.fail` ends the flow for the compiler too.
const options: CliOptions = cliOptions('soak');

const parse = () =>
  parseArgs({
    options: {
      instances: { type: 'string' },
      minutes: { type: 'string' },
      members: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      'restart-command': { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main() {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (err) {
    options.fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = options.integer('instances', values.instances, 2, 3);
  const minutes = options.integer('minutes', values.minutes, 1, 10);
  const memberCount = options.integer('members', values.members, 1, 30);
  const random = mulberry32(options.integer('seed', values.seed, 0, 1));
  const serverUrl = values['database-url'] ?? envDatabaseUrl;
  const restartCommand = values['restart-command'];
  if (serverUrl && !restartCommand) {
    options.fail('with a database URL, --restart-command must say how to restart that PostgreSQL');
  }

  const started = Date.now();
  const say = (line: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'releasebell-soak-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  // A failed run keeps its logs: HAProxy's termination states are what explain a failed request.
  let keep = values.keep;
  const cleanUp = async () => {
    for (const undo of cleanups.reverse()) await undo().catch(() => {});
    if (!keep) await rm(dir, { recursive: true, force: true });
    else say(`logs kept in ${dir}`);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping the soak and cleaning up…`);
      void cleanUp().then(() => process.exit(130));
    });
  }

  try {
    const postgres = serverUrl
      ? await givenPostgres(serverUrl, restartCommand ?? '')
      : await ownPostgres(path.join(dir, 'postgres'));
    cleanups.push(() => postgres.close());
    say(`database on ${postgres.where}`);
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());

    const vapid = webpush.generateVAPIDKeys();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      DATABASE_URL: postgres.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: sink.url,
      TRUST_PROXY: 'true',
      NOTIFY_SETTLE_SECONDS: String(SETTLE_SECONDS),
    };
    const instances = await prepareInstances(count, env, dir);
    process.on('exit', () => instances.killAll());
    cleanups.push(async () => instances.killAll());
    const balancer = await startBalancer(
      dir,
      instances.list.map((i) => i.port),
    );
    cleanups.push(() => balancer.close());
    env.PUBLIC_URL = balancer.url;
    // The first start migrates and seeds the demo catalog; the others find it done.
    for (const instance of instances.list) await instances.start(instance);
    const allUp = () =>
      until(
        'every instance in the balancer',
        async () => {
          for (const i of instances.list) if ((await balancer.state(i.name)) !== 'UP') return false;
          return true;
        },
        30_000,
      );
    await allUp();
    say(`${count} instances up behind HAProxy at ${balancer.url}`);

    // The soak's own handle, as an operator's script has one.
    const database = await openDatabase({ url: postgres.url, poolSize: 2 });
    cleanups.push(() => database.close());
    const load = createLoad(balancer.url);
    const noticeTitles = await seedNoticeTitles(
      database,
      Math.max(6, Math.ceil((minutes * 60_000) / MOVE_EVERY_MS)),
    );
    const titles = await catalogTitles(load);
    const members = [];
    for (let n = 1; n <= memberCount; n++) members.push(await load.signUp(n));
    // Each member tracks a few of the titles whose dates will move, and keeps them.
    const trackers = new Map<string, { uid: string; email: string }[]>();
    for (const member of members) {
      for (let k = 0; k < NOTICE_TITLES_EACH; k++) {
        const title = noticeTitles[(member.n * NOTICE_TITLES_EACH + k) % noticeTitles.length]!;
        const added = await load.call(member, 'track', `/watchlist/${member.uid}`, {
          method: 'POST',
          body: { item_id: title.id, media_type: 'movies' },
        });
        if (added.status === null || added.status >= 300)
          throw new Error(`tracking answered ${added.status}`);
        trackers.set(title.id, [...(trackers.get(title.id) ?? []), { uid: member.uid, email: member.email }]);
      }
    }
    const setUpFailures = load.records.filter((r) => r.failed);
    if (setUpFailures.length > 0)
      throw new Error(`set-up requests failed: ${setUpFailures.map((r) => r.what).join(', ')}`);
    load.records.length = 0;
    say(
      `${memberCount} members signed up, ${noticeTitles.length} titles to move, ${titles.length} demo titles to browse`,
    );

    // The load, the operator's date moves, and the disruptions, all at once.
    const stopLoad = new AbortController();
    const loadStart = Date.now();
    const browsing = members.map((m, i) => load.browse(m, titles, stopLoad.signal, 1000 + i));
    const mover = startMover(database, noticeTitles, MOVE_EVERY_MS, say);
    const events = disruptions(minutes);
    const kills: { name: string; at: number; outAfterMs: number | null }[] = [];
    let pgWindow: { from: number; to: number } | null = null;
    let rolling: { from: number; to: number } | null = null;
    const waitUp = (name: string) =>
      until(`${name} back in the balancer`, async () => (await balancer.state(name)) === 'UP', 30_000);

    for (const event of events) {
      const at = loadStart + event.atMs;
      if (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
      if (event.kind === 'kill') {
        const instance = instances.list[Math.floor(random() * instances.list.length)]!;
        const killedAt = Date.now();
        await instances.stop(instance, 'SIGKILL');
        let outAfterMs: number | null = null;
        await until(
          `${instance.name} out of the balancer`,
          async () => {
            const state = await balancer.state(instance.name);
            return state.startsWith('DOWN');
          },
          10_000,
          50,
        ).then(
          () => {
            outAfterMs = Date.now() - killedAt;
          },
          () => {},
        );
        kills.push({ name: instance.name, at: killedAt, outAfterMs });
        await instances.start(instance);
        await waitUp(instance.name);
        say(
          `SIGKILLed ${instance.name}: out of HAProxy after ${outAfterMs === null ? '?' : (outAfterMs / 1000).toFixed(1)} s, started again`,
        );
      } else if (event.kind === 'rolling') {
        const from = Date.now();
        for (const instance of instances.list) {
          await instances.stop(instance, 'SIGTERM');
          await instances.start(instance);
          await waitUp(instance.name);
        }
        rolling = { from, to: Date.now() };
        say(`rolling restart of ${count} instances done in ${((Date.now() - from) / 1000).toFixed(1)} s`);
      } else {
        const from = Date.now();
        await postgres.restart();
        // Back when every instance says it can serve again, and the balancer has taken them back.
        await until(
          'every instance ready after the PostgreSQL restart',
          async () => {
            for (const i of instances.list) {
              const res = await fetch(`http://127.0.0.1:${i.port}/readyz`).catch(() => null);
              if (!res?.ok) return false;
            }
            return true;
          },
          60_000,
        );
        const ready = Date.now();
        await allUp();
        pgWindow = { from, to: Date.now() };
        say(
          `PostgreSQL restarted; every instance ready again after ${((ready - from) / 1000).toFixed(1)} s, back in HAProxy after ${((Date.now() - from) / 1000).toFixed(1)} s`,
        );
      }
    }
    const endAt = loadStart + minutes * 60_000;
    if (Date.now() < endAt) await new Promise((resolve) => setTimeout(resolve, endAt - Date.now()));
    stopLoad.abort();
    mover.stop();
    await Promise.all(browsing);
    say(`load stopped: ${load.records.length} requests; waiting for the last notifications`);

    const notices = await settleNotices(database, sink, mover.moves, trackers, (SETTLE_SECONDS + 60) * 1000);
    const verdict = judge({
      startedAt: started,
      records: load.records,
      kills,
      pgWindow,
      rolling,
      notices,
      crashes: instances.crashes,
      imports: load.imports,
      importStatuses: await importStatuses(
        database,
        load.imports.map((i) => i.id),
      ),
    });
    for (const line of verdict.details) console.log(line);
    console.log(
      `soak: instances ${count}, requests ${load.records.length}, failed ${verdict.failed} (during the PostgreSQL restart ${verdict.duringPg}), p99 ${verdict.p99} ms, notifications ${notices.sent}, lost ${verdict.lost}, duplicates ${notices.duplicates}`,
    );
    process.exitCode = verdict.ok ? 0 : 1;
    if (!verdict.ok) keep = true;
  } finally {
    await cleanUp();
  }
}

/** The demo catalog's titles, as a visitor finds them in the lists. */
async function catalogTitles(load: ReturnType<typeof createLoad>): Promise<Title[]> {
  const found = new Map<string, Title>();
  for (const list of ['upcoming', 'trending'])
    for (const type of ['movies', 'tv_seasons', 'books']) {
      const { json } = await load.call<
        { item_id: string; slug: string; media_type: string; title: string; release_date: string | null }[]
      >(null, 'list', `/${list}/${type}?limit=50`);
      for (const item of json ?? []) {
        found.set(item.item_id, {
          id: item.item_id,
          slug: item.slug,
          mediaType: item.media_type,
          title: item.title,
          year: item.release_date ? Number(item.release_date.slice(0, 4)) : null,
        });
      }
    }
  if (found.size === 0) throw new Error('the catalog lists are empty: is the demo catalog seeded?');
  return [...found.values()];
}

type Disruption = { kind: 'kill' | 'rolling' | 'postgres'; atMs: number };

/**
 * A SIGKILL every minute (half a minute in), the rolling restart at 30% of the run and PostgreSQL's
 * restart at 70%. They run one after another: one that is due while another goes on waits for it.
 */
export function disruptions(minutes: number): Disruption[] {
  const events: Disruption[] = [];
  for (let m = 0; m < minutes; m++) events.push({ kind: 'kill', atMs: (m + 0.5) * 60_000 });
  events.push({ kind: 'rolling', atMs: minutes * 0.3 * 60_000 });
  events.push({ kind: 'postgres', atMs: minutes * 0.7 * 60_000 });
  return events.sort((a, b) => a.atMs - b.atMs);
}

async function importStatuses(database: Awaited<ReturnType<typeof openDatabase>>, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await database.db
    .select({ id: imports.id, status: imports.status })
    .from(imports)
    .where(inArray(imports.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
