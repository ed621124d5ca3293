import fp from 'fastify-plugin';
import { createLeaderboardRepository } from './repository';
import { leaderboardRoutes } from './routes';
import { createLeaderboardService } from './service';

/** The week's and month's most tracked titles. */
export default fp(
  async (app) => {
    await app.register(leaderboardRoutes, {
      leaderboard: createLeaderboardService(
        createLeaderboardRepository(app.database.db),
        app.catalogViews.localized,
        app.clock,
      ),
    });
  },
  { name: 'leaderboard', dependencies: ['http', 'catalog'] },
);
