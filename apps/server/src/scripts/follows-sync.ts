/**
 * `npm run follows:sync`: one pass of the follows sync now. Every followed series, person and author
 * is asked of its provider, and the titles found since they were followed join the followers'
 * watchlists; the running app's notification worker tells them. The last line is
 * `follows checked N, new titles T, members told M`.
 */

import { createRateLimiter } from '../infra/rate-limiter';
import { systemClock } from '../lib/clock';
import { createCatalogRepository } from '../modules/catalog';
import { createCatalogProviders, createFollowSources } from '../modules/catalog-sync';
import { createFollowsRepository, createFollowsService } from '../modules/follows';
import { createWatchlistRepository } from '../modules/watchlist';
import { openAppDatabase } from './app-database';

async function main() {
  const { config, database } = await openAppDatabase('follows:sync');
  try {
    const clock = systemClock;
    const follows = createFollowsService({
      repo: createFollowsRepository(database.db),
      sources: createFollowSources({
        catalog: createCatalogRepository(database.db),
        providers: createCatalogProviders(config),
        clock,
      }),
      watchlist: createWatchlistRepository(database.db),
      clock,
      limiter: createRateLimiter(database.db, clock),
    });
    const { checked, newTitles, told } = await follows.sync('all', null);
    console.log(`follows checked ${checked}, new titles ${newTitles}, members told ${told}`);
  } catch (err) {
    console.error(`follows:sync: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
