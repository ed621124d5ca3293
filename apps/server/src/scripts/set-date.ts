/**
 * `npm run catalog:set-date -- movies/some-slug 2027-03-14` (or `2027-03`, `2027`, `tbd`): corrects one
 * title's release date through the ingestion pipeline, as an operator does when a provider is wrong.
 * The change is a release event like any other, so members tracking the title are told.
 */
import { existsSync } from 'node:fs';
import { formatReleaseDate } from '@releasebell/contract/constants';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import {
  correctReleaseDate,
  DateCorrectionError,
  parseDateSpec,
  parseItemRef,
  type ReleaseDateSpec,
} from '../modules/catalog/date-correction';
import { createCatalogRepository } from '../modules/catalog/repository';
import { findDataDirUsers, redactUrl } from './catalog-generator';

const USAGE = `Usage: npm run catalog:set-date -- {type}/{slug} {date}
  {date}: 2027-03-14 (a day), 2027-03 (a month), 2027 (a year) or tbd
  e.g.    npm run catalog:set-date -- movies/dune-part-three 2027-03-14`;

function fail(message: string): never {
  console.error(`catalog:set-date: ${message}`);
  process.exit(1);
}

const describe = (d: ReleaseDateSpec) =>
  d.releaseDate
    ? `${formatReleaseDate(d.releaseDate, d.releaseDatePrecision)} (${d.releaseDatePrecision})`
    : 'TBD';

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (args.length !== 2) fail(`expected a title and a date.\n${USAGE}`);
  let ref: ReturnType<typeof parseItemRef>;
  let date: ReleaseDateSpec;
  try {
    ref = parseItemRef(args[0] ?? '');
    date = parseDateSpec(args[1] ?? '');
  } catch (err) {
    if (err instanceof DateCorrectionError) fail(err.message);
    throw err;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl && existsSync(config.dataDir)) {
    const users = findDataDirUsers(config.dataDir);
    if (users.length > 0) {
      const list = users.map((u) => `  PID ${u.pid}: ${u.command || '(unknown command)'}`).join('\n');
      fail(
        `the embedded database in ${config.dataDir} is open in another process (the running app?):\n${list}\n` +
          'The embedded database (PGlite) allows one process at a time: stop the app first and run this again. ' +
          'On PostgreSQL (DATABASE_URL) this runs beside the app.',
      );
    }
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    const result = await correctReleaseDate(createCatalogRepository(database.db), ref, date, new Date());
    const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : config.dataDir;
    if (!result.change) {
      console.log(
        `${result.title} (${ref.mediaType}/${ref.slug}) already has ${describe(date)}: nothing changed.`,
      );
    } else {
      console.log(
        `${result.title} (${ref.mediaType}/${ref.slug}): ${describe(result.before)} -> ${describe(date)} in ${where}.\n` +
          `Release event "${result.change.kind}" recorded; members tracking it are told once the change has settled (NOTIFY_SETTLE_SECONDS, default 300 s).\n` +
          'The corrected date stands against later provider updates until it is set again.',
      );
    }
  } catch (err) {
    if (err instanceof DateCorrectionError) fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
