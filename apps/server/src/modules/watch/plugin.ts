import fp from 'fastify-plugin';
import { createWatchRepository } from './repository';
import { serviceRoutes, watchProviderRoutes } from './routes';
import { createWatchService, type WatchService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where to watch: the availability pass runs from the catalog sync's tasks; tests and tools call it too. */
    watch: WatchService;
  }
}

/** Members' streaming services, and the offers of the titles they watch, kept by the catalog sync. */
export default fp(
  async (app) => {
    const { config, clock } = app;
    const watch = createWatchService({
      repo: createWatchRepository(app.database.db),
      tmdb: app.catalogSources.providers.tmdb?.client ?? null,
      clock,
      defaultRegion: config.defaultRegion,
      log: app.log,
    });
    app.decorate('watch', watch);
    app.catalogSync.handle({ syncAvailability: () => watch.syncAvailability('due') });
    app.catalogViews.personalize((userId) => watch.servicesForMarks(userId));
    await app.register(watchProviderRoutes, { watch });
    await app.register(serviceRoutes, { watch });
  },
  { name: 'watch', dependencies: ['auth', 'catalog', 'catalog-sync'] },
);
