import {
  errorResponseSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  ROUTES,
} from '@releasebell/contract';
import { LEADERBOARD_PAGE_SIZE } from '@releasebell/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeaderboardService } from './service';

export const leaderboardRoutes: FastifyPluginAsyncZod<{ leaderboard: LeaderboardService }> = async (
  app,
  { leaderboard },
) => {
  app.route({
    method: ROUTES.getLeaderboard.method,
    url: ROUTES.getLeaderboard.path,
    schema: {
      tags: ['leaderboard'],
      operationId: 'getLeaderboard',
      summary: 'The most tracked titles of the last 7 (weekly) or 30 (monthly) days',
      description: `Ranked by the number of distinct members who added the item within the window and still track it; ties by total trackers, then title. Fixed page size: ${LEADERBOARD_PAGE_SIZE} items.`,
      querystring: leaderboardQuerySchema,
      response: { 200: leaderboardSchema, 400: errorResponseSchema },
    },
    handler: async (req, reply) => {
      // Shared by everyone and changes as members track: a short cache only.
      reply.header('cache-control', 'public, max-age=30');
      return leaderboard.page(req.query);
    },
  });
};
