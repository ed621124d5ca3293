/**
 * `npm run chaos`: proves that no release notification is lost when the worker is SIGKILLed at any
 * instant, against a flaky SMTP server, push service and webhook receiver. See USAGE and run.ts.
 */
import { parseArgs } from 'node:util';
import { type CliOptions, cliOptions } from '../src/lib/cli-options';
import { redactUrl } from '../src/scripts/catalog-generator';
import { CHAOS_CHANNELS, ChaosInterrupted, killChaosChildren, runChaos } from './run';

const USAGE = `Usage: npm run chaos -- [options]

Creates N members each due one release message on three channels (an email, a web push to their
device, a post to their webhook), starts a flaky SMTP server, push service (HTTPS) and webhook
receiver, and the compiled server, SIGKILLs the server at random instants (restarting it each time),
lets a last one finish, and checks that every delivery is sent and reached its receiver, and that
every webhook was signed right.

Options:
  --deliveries <n>      members, one email, one push and one webhook each (default: 10000)
  --kills <k>           SIGKILLs of the server                            (default: 50)
  --seed <s>            seed of the faults and the kill instants          (default: 1)
  --database-url <url>  PostgreSQL server to create a scratch database on (default: CHAOS_DATABASE_URL,
                        else the embedded PGlite in a temporary directory)
  --late-hours <h>      the messages fell due h to h+1 hours ago          (default: 0)
  --timeout <s>         give up after this long                           (default: 180 + n/5)
  -h, --help            show this help

One line per channel, "email: sent N, lost L, duplicates D" (then push:, webhook:): rows sent; members
whose row is not sent or whose message never reached the receiver; messages accepted more than once
(resends after a kill or a dropped answer: at-least-once, not a failure). The last line is
"sent N, lost L, duplicates D", the totals over the three channels (N = 3 x members when all is well).
The exit code is 1 if anything was lost, a webhook signature was wrong, a push was malformed, or the
run timed out.`;

// The script's own settings: the app reads the environment only in config.ts.
const envDatabaseUrl = process.env.CHAOS_DATABASE_URL;

// Typed, so that a call to `options.fail` ends the flow for the compiler too.
const options: CliOptions = cliOptions('chaos');

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
    options.fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const deliveries = options.integer('deliveries', values.deliveries, 1, 10_000);
  const kills = options.integer('kills', values.kills, 0, 50);
  const timeout = options.integer('timeout', values.timeout, 1, undefined);
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
    seed: options.integer('seed', values.seed, 0, 1),
    databaseUrl,
    lateHours: options.integer('late-hours', values['late-hours'], 0, 0),
    ...(timeout ? { timeoutMs: timeout * 1000 } : {}),
    log: (line) => console.log(line),
    signal: controller.signal,
  });

  const statuses = CHAOS_CHANNELS.map((c) => `${c} ${JSON.stringify(report.channels[c].statuses)}`);
  console.log(`\n${report.kills} kills in ${report.seconds} s; rows by status: ${statuses.join(', ')}`);
  for (const crash of report.crashes) console.log(`server crash: ${crash}`);
  const twoMessages = {
    email:
      'recipients with two different Message-IDs (their SMTP transactions, without MAIL FROM answers, ' +
      'which come before the recipient is known)',
    push: 'devices that got two different Topics (their accepted pushes)',
    webhook: 'hooks that got another delivery id than their row (their accepted posts)',
  };
  for (const channel of CHAOS_CHANNELS) {
    const { lostExamples, doubleSends } = report.channels[channel];
    if (lostExamples.length > 0) console.log(`${channel} lost:\n  ${lostExamples.join('\n  ')}`);
    if (doubleSends.length > 0) {
      console.log(`${channel}: ${twoMessages[channel]}, ${doubleSends.length}:`);
      for (const line of doubleSends.slice(0, 10)) console.log(`  ${line}`);
    }
  }
  const bad = report.badSignatures;
  if (bad.length > 0)
    console.log(`wrong webhook signatures (${bad.length}):\n  ${bad.slice(0, 10).join('\n  ')}`);
  const malformed = report.malformedPushes;
  if (malformed.length > 0) {
    console.log(`malformed pushes (${malformed.length}):\n  ${malformed.slice(0, 10).join('\n  ')}`);
  }
  if (report.timedOut) console.log('the run TIMED OUT');
  for (const channel of CHAOS_CHANNELS) {
    const c = report.channels[channel];
    console.log(`${channel}: sent ${c.sent}, lost ${c.lost}, duplicates ${c.duplicates}`);
  }
  console.log(`sent ${report.sent}, lost ${report.lost}, duplicates ${report.duplicates}`);
  const failed = report.lost > 0 || bad.length > 0 || malformed.length > 0 || report.timedOut;
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  if (err instanceof ChaosInterrupted) process.exit(130);
  console.error(err);
  process.exit(1);
});
