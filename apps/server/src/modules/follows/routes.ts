import {
  createFollowAnswerSchema,
  createFollowBodySchema,
  errorResponseSchema,
  followParamsSchema,
  followsAnswerSchema,
  ROUTES,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import type { FollowsService } from './service';

const tags = ['follows'];

/** Following a series, a person or an author: the signed-in member's own follows only. */
export const followRoutes: FastifyPluginAsyncZod<{ follows: FollowsService }> = async (app, { follows }) => {
  keepAnswersPrivate(app);
  const member = signedInId;

  app.route({
    method: ROUTES.follow.method,
    url: ROUTES.follow.path,
    // A ref nobody follows yet is fetched from its provider: a limit per address keeps one client
    // (or many accounts behind it) from spending the provider's rate limit. The per-member limits
    // (FOLLOWS_MAX, FOLLOWS_PER_MINUTE) are the service's, so an import's apply counts too.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      operationId: 'follow',
      summary:
        'Follow a series, a person or an author: its titles still to come join the watchlist (201; 200 when already followed). At most 500 follows (409 TOO_MANY_FOLLOWS) and 30 new ones a minute (429)',
      body: createFollowBodySchema,
      response: {
        200: createFollowAnswerSchema,
        201: createFollowAnswerSchema,
        ...MEMBER_ERRORS,
        409: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const { created, follow } = await follows.follow(await member(req), req.body);
      return reply.status(created ? 201 : 200).send(follow);
    },
  });

  app.route({
    method: ROUTES.listFollows.method,
    url: ROUTES.listFollows.path,
    schema: {
      tags,
      operationId: 'listFollows',
      summary: "The member's follows, by name, each with how many of its titles are still to come",
      response: { 200: followsAnswerSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => follows.list(await member(req)),
  });

  app.route({
    method: ROUTES.unfollow.method,
    url: ROUTES.unfollow.path,
    schema: {
      tags,
      operationId: 'unfollow',
      summary: 'Stop following (the titles it added stay on the watchlist)',
      params: followParamsSchema,
      response: { 204: z.null().describe('Unfollowed'), ...MEMBER_ERRORS },
    },
    handler: async (req, reply) => {
      await follows.unfollow(await member(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
};
