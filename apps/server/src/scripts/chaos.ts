/**
 * `npm run chaos`: proves that no release notification is lost when the worker is SIGKILLed at any
 * instant, against a flaky SMTP server. See USAGE and chaos-run.ts.
 */
import { parseArgs } from 'node:util';
import { redactUrl } from './catalog-generator';
import { ChaosInterrupted, killChaosChildren, runChaos } from './chaos-run';

const USAGE = `Usage: npm run chaos -- [options]

Creates N members each due one release email, starts a flaky SMTP server and the compiled server,
SIGKILLs the server at random instants (restarting it each time), lets a last one finish, and checks
that every delivery is sent and reached the SMTP server.

Options:
  --deliveries <n>      members, one email each                           (default: 10000)
  --kills <k>           SIGKILLs of the server                            (default: 50)
  --seed <s>            seed of the faults and the kill instants          (default: 1)
  --database-url <url>  PostgreSQL server to create a scratch database on (default: CHAOS_DATABASE_URL,
                        else the embedded PGlite in a temporary directory)
  --late-hours <h>      the messages fell due h to h+1 hours ago          (default: 0)
  --timeout <s>         give up after this long                           (default: 180 + n/5)
  -h, --help            show this help

The last line is "sent N, lost L, duplicates D"; the exit code is 1 if L > 0 or the run timed out.`;

// The script's own settings: the app reads the environment only in config.ts.
const envDatabaseUrl = process.env.CHAOS_DATABASE_URL;

function fail(message: string): never {
  console.error(`chaos: ${message}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) fail(`--${name} must be an integer of at least ${min}`);
  return parsed;
}

const parse = () =>
  parseArgs({
    options: {
      deliveries: { type: 'string' },
      kills: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      'late-hours': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main() {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const deliveries = integer('deliveries', values.deliveries, 1) ?? 10_000;
  const kills = integer('kills', values.kills, 0) ?? 50;
  const timeout = integer('timeout', values.timeout, 1);
  const databaseUrl = values['database-url'] ?? envDatabaseUrl;

  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.log('\nSIGINT: stopping the chaos run and cleaning up…');
    controller.abort();
  });
  process.on('exit', killChaosChildren);

  console.log(
    `chaos: ${deliveries} deliveries, ${kills} kills, on ${databaseUrl ? `PostgreSQL at ${redactUrl(databaseUrl)}` : 'PGlite'}`,
  );
  const report = await runChaos({
    deliveries,
    kills,
    seed: integer('seed', values.seed, 0) ?? 1,
    databaseUrl,
    lateHours: integer('late-hours', values['late-hours'], 0) ?? 0,
    ...(timeout ? { timeoutMs: timeout * 1000 } : {}),
    log: (line) => console.log(line),
    signal: controller.signal,
  });

  console.log(
    `\n${report.kills} kills in ${report.seconds} s; email rows by status: ${JSON.stringify(report.statuses)}`,
  );
  for (const crash of report.crashes) console.log(`server crash: ${crash}`);
  if (report.lostExamples.length > 0) console.log(`lost:\n  ${report.lostExamples.join('\n  ')}`);
  if (report.doubleSends.length > 0) {
    console.log(
      `recipients with two different Message-IDs (${report.doubleSends.length}; their SMTP transactions, ` +
        'without MAIL FROM answers, which come before the recipient is known):',
    );
    for (const line of report.doubleSends.slice(0, 10)) console.log(`  ${line}`);
  }
  if (report.timedOut) console.log('the run TIMED OUT');
  console.log(`sent ${report.sent}, lost ${report.lost}, duplicates ${report.duplicates}`);
  process.exitCode = report.lost > 0 || report.timedOut ? 1 : 0;
}

main().catch((err) => {
  if (err instanceof ChaosInterrupted) process.exit(130);
  console.error(err);
  process.exit(1);
});
