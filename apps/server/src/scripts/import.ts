/**
 * `npm run catalog:import -- tmdb:movie:603 [...]`: imports titles by their provider ids through the
 * catalog pipeline and prints what it added and changed.
 */
import { createCatalogRepository } from '../modules/catalog/repository';
import { createTmdbClient, createTmdbProvider } from '../providers/tmdb/tmdb-provider';
import { openAppDatabase } from './app-database';
import { parseImportIds, runImport } from './catalog-import';

async function main() {
  let ids: ReturnType<typeof parseImportIds>;
  try {
    ids = parseImportIds(process.argv.slice(2));
  } catch (err) {
    console.error(`catalog:import: ${(err as Error).message}`);
    process.exit(1);
  }
  const { config, database, where } = await openAppDatabase('catalog:import');
  try {
    if (!config.tmdb) {
      console.error('catalog:import: TMDB is not configured: set TMDB_API_TOKEN (or TMDB_API_KEY).');
      process.exitCode = 1;
      return;
    }
    const provider = createTmdbProvider(createTmdbClient(config.tmdb), config.tmdb, {
      movies: ids.movies,
      seasons: ids.seasons,
      onMissing: (id) => {
        console.log(`missing ${id}: TMDB has no such title`);
        process.exitCode = 1;
      },
    });
    const summary = await runImport(createCatalogRepository(database.db), provider, (l) => console.log(l));
    console.log(
      `Into ${where}: ${summary.added} added, ${summary.updated} updated, ${summary.dateChanges} release date changes.`,
    );
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
