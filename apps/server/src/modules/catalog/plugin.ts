import fp from 'fastify-plugin';
import { createAppState } from '../../db/app-state';
import { retireDemoCatalog, seedDemoCatalog } from './demo-seed';
import { type CatalogRepository, createCatalogRepository } from './repository';
import { catalogRoutes, type MemberServicesLookup } from './routes';
import { type CatalogService, createCatalogService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's titles, for the modules that read or write them (sync, imports, follows). */
    catalogRepository: CatalogRepository;
    /**
     * How titles are shown: `personalize` takes the member's services lookup (the watch module's);
     * `localized` gives titles and descriptions in a reader's language (search, lists of other modules).
     */
    catalogViews: {
      personalize(servicesOf: MemberServicesLookup): void;
      localized: CatalogService['localized'];
    };
  }
}

/** The catalog of titles and its public reads; the bundled demo catalog when no provider is set. */
export default fp(
  async (app) => {
    const { config, clock } = app;
    const repo = createCatalogRepository(app.database.db);
    if (config.seedDemoCatalog) await seedDemoCatalog(repo, createAppState(app.database.db), clock, app.log);
    else if (config.tmdb || config.isbndb) await retireDemoCatalog(repo, app.log);
    app.decorate('catalogRepository', repo);
    const views: { servicesOf: MemberServicesLookup | null } = { servicesOf: null };
    const catalog = createCatalogService(repo, clock, { defaultRegion: config.defaultRegion });
    app.decorate('catalogViews', {
      personalize: (servicesOf: MemberServicesLookup) => {
        views.servicesOf = servicesOf;
      },
      localized: catalog.localized,
    });
    await app.register(catalogRoutes, {
      catalog,
      cacheSeconds: config.catalogCacheSeconds,
      views,
      onCatalogChange: app.catalogChanges.subscribe,
    });
  },
  { name: 'catalog', dependencies: ['infrastructure', 'http'] },
);
