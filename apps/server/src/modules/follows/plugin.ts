import fp from 'fastify-plugin';
import { createFollowSources } from '../catalog-sync';
import { createWatchlistRepository } from '../watchlist';
import { createFollowsRepository } from './repository';
import { followRoutes } from './routes';
import { createFollowsService, type FollowsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Following: the follows sync runs from the catalog sync's tasks; tests and tools call it too. */
    follows: FollowsService;
  }
}

/** Members follow series, people and authors; their new titles join the member's watchlist. */
export default fp(
  async (app) => {
    const { clock, catalogRepository: catalog } = app;
    const follows = createFollowsService({
      repo: createFollowsRepository(app.database.db),
      sources: createFollowSources({ catalog, providers: app.catalogSources.providers, clock }),
      watchlist: createWatchlistRepository(app.database.db),
      clock,
      limiter: app.limiter,
    });
    app.decorate('follows', follows);
    app.catalogSync.handle({ syncFollows: (mode, since) => follows.sync(mode, since) });
    await app.register(followRoutes, { follows });
  },
  { name: 'follows', dependencies: ['auth', 'catalog-sync'] },
);
