/**
 * `npm run catalog:sync`: refreshes the catalog from the configured providers now (TMDB's movie
 * and series lists for the region, so far), with a progress bar, and prints what it added and changed.
 */
import { createCatalogRepository } from '../modules/catalog/repository';
import { createTmdbClient, createTmdbProvider } from '../providers/tmdb/tmdb-provider';
import { openAppDatabase } from './app-database';
import { formatProgress } from './catalog-generator';
import { runImport } from './catalog-import';

async function main() {
  const { config, database, where } = await openAppDatabase('catalog:sync');
  const started = performance.now();
  try {
    if (!config.tmdb) {
      console.error('catalog:sync: no provider is configured: set TMDB_API_TOKEN (or TMDB_API_KEY).');
      process.exitCode = 1;
      return;
    }
    const provider = createTmdbProvider(createTmdbClient(config.tmdb), config.tmdb, {
      onProgress: (done, total) =>
        process.stderr.write(
          `\r${formatProgress(done, total, performance.now() - started)} (TMDB movies and series)`,
        ),
    });
    const lines: string[] = [];
    const summary = await runImport(createCatalogRepository(database.db), provider, (l) => lines.push(l));
    process.stderr.write('\n');
    // Unchanged titles are many and say nothing: the new ones and the moved dates are the news.
    for (const l of lines.filter((x) => !x.startsWith('updated'))) console.log(l);
    console.log(
      `Into ${where}: ${summary.added} added, ${summary.updated} updated, ${summary.dateChanges} release date changes.`,
    );
  } catch (err) {
    process.stderr.write('\n');
    console.error(`catalog:sync: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
