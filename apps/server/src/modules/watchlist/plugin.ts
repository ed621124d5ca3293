import fp from 'fastify-plugin';
import { createWatchlistRepository } from './repository';
import { watchlistRoutes } from './routes';
import { createWatchlistService } from './service';

/** A member's tracked titles. */
export default fp(
  async (app) => {
    await app.register(watchlistRoutes, {
      watchlist: createWatchlistService(
        createWatchlistRepository(app.database.db),
        app.catalogViews.localized,
        app.clock,
      ),
    });
  },
  { name: 'watchlist', dependencies: ['auth', 'catalog'] },
);
