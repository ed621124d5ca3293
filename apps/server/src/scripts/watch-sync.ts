/**
 * `npm run watch:sync`: where to watch every tracked title, asked of TMDB now whatever its schedule.
 * New offers on members' services are planned as `available` notices (the bell has them at once; the
 * running app's notification worker sends the rest). The last line is
 * `availability checked N titles, new offers O, members told M`.
 */

import { systemClock } from '../lib/clock';
import { createCatalogProviders } from '../modules/catalog-sync';
import { createPlanner, createPlanningQueries } from '../modules/notifications';
import { createWatchRepository, createWatchService } from '../modules/watch';
import { openAppDatabase } from './app-database';

async function main() {
  const { config, database } = await openAppDatabase('watch:sync');
  try {
    if (!config.tmdb) {
      console.error(
        'watch:sync: where to watch comes from TMDB; set TMDB_API_TOKEN or TMDB_API_KEY (docs/configuration.md).',
      );
      process.exitCode = 1;
      return;
    }
    const clock = systemClock;
    const watch = createWatchService({
      repo: createWatchRepository(database.db),
      tmdb: createCatalogProviders(config).tmdb?.client ?? null,
      clock,
      defaultRegion: config.defaultRegion,
      log: { warn: (_details, message) => console.error(`watch:sync: ${message}`) },
    });
    const { checked, newOffers } = await watch.syncAvailability('tracked');
    const planner = createPlanner(
      createPlanningQueries(database.db, { defaultRegion: config.defaultRegion }),
      {
        settleSeconds: config.notify.settleSeconds,
      },
    );
    const { members } = await planner.planAvailable(clock());
    console.log(`availability checked ${checked} titles, new offers ${newOffers}, members told ${members}`);
  } catch (err) {
    console.error(`watch:sync: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
