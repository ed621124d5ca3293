/**
 * `npm run catalog:generate -- --items 100000 [--seed 42]`: fills the app's database with a synthetic
 * catalog through the normal ingestion pipeline. See USAGE in catalog-generator.ts.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import {
  createProgressReporter,
  findDataDirUsers,
  generateCatalog,
  parseGenerateArgs,
  redactUrl,
  USAGE,
  UsageError,
} from './catalog-generator';

const STOP_THE_APP =
  'The embedded database (PGlite) allows one process per data directory: stop the app (Ctrl+C in its terminal) and run this again.';

function fail(message: string): never {
  console.error(`catalog:generate: ${message}`);
  process.exit(1);
}

async function main() {
  let args: ReturnType<typeof parseGenerateArgs>;
  try {
    args = parseGenerateArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) fail(`${err.message}\nRun with --help for usage.`);
    throw err;
  }
  if (args === 'help') {
    console.log(USAGE);
    return;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const target = config.databaseUrl
    ? `PostgreSQL at ${redactUrl(config.databaseUrl)}`
    : `the embedded database in ${config.dataDir}`;
  if (!config.databaseUrl && existsSync(config.dataDir)) {
    const users = findDataDirUsers(config.dataDir);
    if (users.length > 0) {
      const list = users.map((u) => `  PID ${u.pid}: ${u.command || '(unknown command)'}`).join('\n');
      fail(`${config.dataDir} is in use by another process:\n${list}\n${STOP_THE_APP}`);
    }
  }

  console.error(`Generating ${args.items} synthetic items (seed ${args.seed}) into ${target}`);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    await database.migrate();
  } catch (err) {
    const hint = config.databaseUrl ? 'Is the server running and the URL right?' : STOP_THE_APP;
    fail(`could not open ${target}: ${(err as Error).message}\n${hint}`);
  }

  let stopRequested = false;
  process.on('SIGINT', () => {
    if (stopRequested) process.exit(130);
    stopRequested = true;
    console.error('\nStopping after the current batch (Ctrl+C again to quit at once)…');
  });

  const progress = createProgressReporter(process.stderr, args.items);
  progress.update(0);
  try {
    const result = await generateCatalog(database, {
      ...args,
      onProgress: (received) => progress.update(received),
      onMaintenance: () => {
        progress.finish();
        console.error('Vacuuming and analysing media_items…');
      },
      shouldStop: () => stopRequested,
    });
    const seconds = result.elapsedMs / 1000;
    const total = Object.values(result.catalog).reduce((a, b) => a + b, 0);
    const byType = Object.entries(result.catalog)
      .map(([type, n]) => `${type} ${n}`)
      .join(', ');
    console.log(
      [
        `${result.stopped ? 'Stopped early' : 'Done'}: ${result.received} synthetic items in ${seconds.toFixed(1)}s (${Math.round(result.received / Math.max(seconds, 0.001))} items/s)`,
        `  inserted ${result.inserted}, updated ${result.updated} (seed ${args.seed}); VACUUM ANALYZE ${(result.maintenanceMs / 1000).toFixed(1)}s`,
        `  catalog now holds ${total} items: ${byType}`,
        `  database: ${target}`,
      ].join('\n'),
    );
    if (result.stopped) {
      console.log(
        '  Run the same command again to finish: items already written are kept, none is added twice.',
      );
    }
  } finally {
    await database.close();
  }
  if (stopRequested) process.exit(130);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
