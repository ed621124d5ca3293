import fp from 'fastify-plugin';
import { createSharedPaces } from '../../infra/provider-pace';
import { createJobTicker } from '../../jobs/ticker';
import type { ProviderTime } from '../../providers/http/provider-client';
import { createProviderSearch, type ProviderSearch } from './provider-search';
import { type CatalogProviders, createCatalogProviders } from './providers';
import { createSyncRepository } from './repository';
import {
  type CatalogSync,
  createCatalogSync,
  createFoundItemsImporter,
  SYNC_CHECK_SECONDS,
  SYNC_QUEUE,
  type SyncImporter,
} from './sync-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's scheduled sync (ticking unless SYNC_WORKER=false; tests call `runDue`). */
    catalogSync: CatalogSync;
    /** The configured providers, their live search, and the way what they find enters the catalog. */
    catalogSources: { providers: CatalogProviders; search: ProviderSearch; importer: SyncImporter };
  }
}

export interface CatalogSyncModuleOptions {
  /** The provider clients' waits, between tries and under their rate limits (tests); real time otherwise. */
  providerTime?: ProviderTime | undefined;
}

/** Keeps the catalog in step with TMDB and ISBNdb on a schedule every process shares. */
export default fp<CatalogSyncModuleOptions>(
  async (app, options) => {
    const { config, clock, catalogRepository: catalog } = app;
    // One rate per provider across every process on the database, each request waiting its turn.
    const providers = createCatalogProviders(config, {
      ...options.providerTime,
      sharedPaces: createSharedPaces(app.database.db, options.providerTime?.sleep),
    });
    app.decorate('catalogSources', {
      providers,
      search: createProviderSearch(providers, clock),
      importer: createFoundItemsImporter(catalog, clock),
    });
    const sync = createCatalogSync({
      repo: createSyncRepository(app.database.db),
      catalog,
      providers,
      clock,
      log: app.log,
    });
    app.decorate('catalogSync', sync);
    if (!config.syncWorker || !(config.tmdb || config.isbndb)) return;
    app.jobs.add(
      createJobTicker({
        queue: SYNC_QUEUE,
        intervalSeconds: SYNC_CHECK_SECONDS,
        run: async () => {
          await sync.runDue();
        },
        log: app.log,
      }),
    );
    app.addHook('onReady', async () => {
      if ((await sync.state()) === 'filling') {
        app.log.info('the catalog is filling from the providers for the first time (see /readyz)');
      }
    });
  },
  { name: 'catalog-sync', dependencies: ['catalog'] },
);
