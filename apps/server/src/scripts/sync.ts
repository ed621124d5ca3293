/**
 * `npm run catalog:sync`: refreshes the catalog from the configured providers now (TMDB's movie
 * and series lists for the region; ISBNdb's books published this year and next), with a progress
 * bar, and prints what it added and changed.
 */
import { createCatalogRepository } from '../modules/catalog';
import { createIsbndbClient, createIsbndbProvider } from '../providers/isbndb/isbndb-provider';
import { createTmdbClient, createTmdbProvider } from '../providers/tmdb/tmdb-provider';
import { openAppDatabase } from './app-database';
import { formatProgress } from './catalog-generator';
import { type ImportSummary, runImport, totalLine } from './catalog-import';

async function main() {
  const { config, database, where } = await openAppDatabase('catalog:sync');
  const started = performance.now();
  const repo = createCatalogRepository(database.db);
  const lines: string[] = [];
  const summaries: ImportSummary[] = [];
  const add = (summary: ImportSummary) => summaries.push(summary);
  try {
    if (!config.tmdb && !config.isbndb) {
      throw new Error(
        'no provider is configured: set TMDB_API_TOKEN (or TMDB_API_KEY) and/or ISBNDB_API_KEY.',
      );
    }
    if (config.tmdb) {
      const tmdb = createTmdbProvider(createTmdbClient(config.tmdb), config.tmdb, {
        onProgress: (done, all) =>
          process.stderr.write(
            `\r${formatProgress(done, all, performance.now() - started)} (TMDB movies and series)`,
          ),
      });
      add(await runImport(repo, tmdb, (l) => lines.push(l)));
      process.stderr.write('\n');
    }
    if (config.isbndb) {
      // Books out this year and next: the ones worth tracking (at ISBNdb's pace, 1 request/s on its basic plan).
      const year = new Date().getUTCFullYear();
      process.stderr.write(`ISBNdb: books published in ${year} and ${year + 1}…\n`);
      const isbndb = createIsbndbProvider(createIsbndbClient(config.isbndb), {
        years: [String(year), String(year + 1)],
        imageBaseUrl: config.imageProxy.upstreams.isbndb,
      });
      add(await runImport(repo, isbndb, (l) => lines.push(l)));
    }
    // Unchanged titles are many and say nothing: the new ones and the moved dates are the news.
    for (const l of lines.filter((x) => !x.startsWith('updated'))) console.log(l);
    console.log(totalLine(where, summaries));
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
