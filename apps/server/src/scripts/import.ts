/**
 * `npm run catalog:import -- tmdb:movie:603 tmdb:tv:1399:2 isbn:9780441172719`: imports titles by their provider ids through the
 * catalog pipeline and prints what it added and changed.
 */
import { createCatalogRepository } from '../modules/catalog';
import { createIsbndbClient, createIsbndbProvider } from '../providers/isbndb/isbndb-provider';
import { createTmdbClient, createTmdbProvider } from '../providers/tmdb/tmdb-provider';
import { openAppDatabase } from './app-database';
import { type ImportSummary, parseImportIds, runImport, totalLine } from './catalog-import';

async function main() {
  let ids: ReturnType<typeof parseImportIds>;
  try {
    ids = parseImportIds(process.argv.slice(2));
  } catch (err) {
    console.error(`catalog:import: ${(err as Error).message}`);
    process.exit(1);
  }
  const { config, database, where } = await openAppDatabase('catalog:import');
  const missing = (provider: string) => (id: string) => {
    console.log(`missing ${id}: ${provider} has no such title`);
    process.exitCode = 1;
  };
  try {
    const repo = createCatalogRepository(database.db);
    const print = (l: string) => console.log(l);
    const runs: (() => Promise<ImportSummary>)[] = [];
    if (ids.movies.length + ids.seasons.length > 0) {
      if (!config.tmdb) throw new Error('TMDB is not configured: set TMDB_API_TOKEN (or TMDB_API_KEY).');
      const tmdb = createTmdbProvider(createTmdbClient(config.tmdb), config.tmdb, {
        movies: ids.movies,
        seasons: ids.seasons,
        onMissing: missing('TMDB'),
      });
      runs.push(() => runImport(repo, tmdb, print));
    }
    if (ids.isbns.length > 0) {
      if (!config.isbndb) throw new Error('ISBNdb is not configured: set ISBNDB_API_KEY.');
      const isbndb = createIsbndbProvider(createIsbndbClient(config.isbndb), {
        isbns: ids.isbns,
        imageBaseUrl: config.imageProxy.upstreams.isbndb,
        onMissing: missing('ISBNdb'),
      });
      runs.push(() => runImport(repo, isbndb, print));
    }
    const summaries: ImportSummary[] = [];
    for (const run of runs) summaries.push(await run());
    console.log(totalLine(where, summaries));
  } catch (err) {
    console.error(`catalog:import: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
