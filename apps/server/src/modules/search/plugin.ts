import fp from 'fastify-plugin';
import { type FollowedIndex, followCatalog } from './live-index';
import { createSearchRepository } from './repository';
import { searchRoutes } from './routes';
import { createSearchService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The title index search reads; `refresh()` reads the catalog's latest changes into it. */
    searchIndex: FollowedIndex;
  }
}

/** Search over the catalog, and the providers' live search for what it does not hold yet. */
export default fp(
  async (app) => {
    const { search, importer } = app.catalogSources;
    const repo = createSearchRepository(app.database.db);
    // Loaded before the app is ready: an instance answers searches only once it holds every title.
    const index = await followCatalog(repo, app.log);
    app.addHook('onClose', async () => index.stop());
    app.decorate('searchIndex', index);
    // Kept answers are dropped once the index holds the change, or a search in between would keep
    // an answer without it.
    const afterChange: (() => void)[] = [];
    app.catalogChanges.subscribe(() => {
      void index.refresh().then(() => {
        for (const drop of afterChange) drop();
      });
    });
    await app.register(searchRoutes, {
      search: createSearchService(repo, index, { search, importer, log: app.log }),
      cacheSeconds: app.config.catalogCacheSeconds,
      localized: app.catalogViews.localized,
      onCatalogChange: (drop) => afterChange.push(drop),
    });
  },
  { name: 'search', dependencies: ['catalog-sync'] },
);
