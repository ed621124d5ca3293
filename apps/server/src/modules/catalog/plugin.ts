import fp from 'fastify-plugin';
import { createAppState } from '../../db/app-state';
import { retireDemoCatalog, seedDemoCatalog } from './demo-seed';
import { type CatalogRepository, createCatalogRepository } from './repository';
import { catalogRoutes, type MemberServicesLookup } from './routes';
import { createCatalogService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's titles, for the modules that read or write them (sync, imports, follows). */
    catalogRepository: CatalogRepository;
    /** How a title's page is shown to a member: the module keeping their services plugs its lookup in. */
    catalogViews: { personalize(servicesOf: MemberServicesLookup): void };
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
    app.decorate('catalogViews', {
      personalize: (servicesOf: MemberServicesLookup) => {
        views.servicesOf = servicesOf;
      },
    });
    await app.register(catalogRoutes, {
      catalog: createCatalogService(repo, clock, { defaultRegion: config.defaultRegion }),
      cacheSeconds: config.catalogCacheSeconds,
      views,
    });
  },
  { name: 'catalog', dependencies: ['infrastructure', 'http'] },
);
