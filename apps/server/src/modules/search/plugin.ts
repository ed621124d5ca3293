import fp from 'fastify-plugin';
import { createSearchRepository } from './repository';
import { searchRoutes } from './routes';
import { createSearchService } from './service';

/** Search over the catalog, and the providers' live search for what it does not hold yet. */
export default fp(
  async (app) => {
    const { search, importer } = app.catalogSources;
    await app.register(searchRoutes, {
      search: createSearchService(createSearchRepository(app.database.db), {
        search,
        importer,
        log: app.log,
      }),
      cacheSeconds: app.config.catalogCacheSeconds,
      localized: app.catalogViews.localized,
      onCatalogChange: app.catalogChanges.subscribe,
    });
  },
  { name: 'search', dependencies: ['catalog-sync'] },
);
