import {
  addToWatchlistBodySchema,
  langQuerySchema,
  ROUTES,
  removeFromWatchlistAnswerSchema,
  removeFromWatchlistBodySchema,
  watchlistEntrySchema,
  watchlistParamsSchema,
  watchlistSchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { ownerOnly } from '../../plugins/session';
import type { WatchlistService } from './service';

const tags = ['watchlist'];

/** The member's tracking list. Every route answers only the signed-in owner of `:uid`. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ watchlist: WatchlistService }> = async (
  app,
  { watchlist },
) => {
  keepAnswersPrivate(app);

  app.route({
    method: ROUTES.getWatchlist.method,
    url: ROUTES.getWatchlist.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'getWatchlist',
      summary: "The member's watchlist, most recently added first",
      params: watchlistParamsSchema,
      querystring: langQuerySchema,
      response: { 200: watchlistSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => watchlist.list(req.params.uid, req.query.lang),
  });

  app.route({
    method: ROUTES.addToWatchlist.method,
    url: ROUTES.addToWatchlist.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'addToWatchlist',
      summary: 'Track an item: 201 when added, 200 when it was already listed',
      params: watchlistParamsSchema,
      body: addToWatchlistBodySchema,
      response: { 200: watchlistEntrySchema, 201: watchlistEntrySchema, ...MEMBER_ERRORS },
    },
    handler: async (req, reply) => {
      const { created, entry } = await watchlist.add(req.params.uid, req.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  });

  app.route({
    method: ROUTES.removeFromWatchlist.method,
    url: ROUTES.removeFromWatchlist.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'removeFromWatchlist',
      summary: 'Stop tracking an item (removing one that is not listed changes nothing)',
      params: watchlistParamsSchema,
      body: removeFromWatchlistBodySchema,
      response: { 200: removeFromWatchlistAnswerSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => watchlist.remove(req.params.uid, req.body.item_id),
  });
};
