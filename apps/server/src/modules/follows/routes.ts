import {
  createFollowAnswerSchema,
  createFollowBodySchema,
  errorResponseSchema,
  followParamsSchema,
  followsAnswerSchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInId } from '../../plugins/session';
import type { FollowsService } from './service';

const tags = ['follows'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Following a series, a person or an author: the signed-in member's own follows only. */
export const followRoutes: FastifyPluginAsyncZod<{ follows: FollowsService }> = async (app, { follows }) => {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  const member = signedInId;

  app.post(
    '/api/follows',
    {
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
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { created, follow } = await follows.follow(await member(req), req.body);
      return reply.status(created ? 201 : 200).send(follow);
    },
  );

  app.get(
    '/api/follows',
    {
      schema: {
        tags,
        operationId: 'listFollows',
        summary: "The member's follows, by name, each with how many of its titles are still to come",
        response: { 200: followsAnswerSchema, ...errors },
      },
    },
    async (req) => follows.list(await member(req)),
  );

  app.delete(
    '/api/follows/:id',
    {
      schema: {
        tags,
        operationId: 'unfollow',
        summary: 'Stop following (the titles it added stay on the watchlist)',
        params: followParamsSchema,
        response: { 204: z.null().describe('Unfollowed'), ...errors },
      },
    },
    async (req, reply) => {
      await follows.unfollow(await member(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
