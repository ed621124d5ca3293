/**
 * `npm run catalog:set-date -- movies/some-slug 2027-03-14` (or `2027-03`, `2027`, `tbd`): corrects one
 * title's release date through the ingestion pipeline, as an operator does when a provider is wrong.
 * The change is a release event like any other, so members tracking the title are told.
 */
import { formatReleaseDate } from '@releasebell/contract/constants';
import {
  correctReleaseDate,
  createCatalogRepository,
  DateCorrectionError,
  parseDateSpec,
  parseItemRef,
  type ReleaseDateSpec,
} from '../modules/catalog';
import { openAppDatabase } from './app-database';

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
  const { database, where } = await openAppDatabase('catalog:set-date');
  try {
    const result = await correctReleaseDate(createCatalogRepository(database.db), ref, date, new Date());
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
