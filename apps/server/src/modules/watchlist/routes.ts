import {
  addToWatchlistBodySchema,
  errorResponseSchema,
  removeFromWatchlistAnswerSchema,
  removeFromWatchlistBodySchema,
  watchlistEntrySchema,
  watchlistParamsSchema,
  watchlistSchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOnly } from '../../plugins/session';
import type { WatchlistService } from './service';

const tags = ['watchlist'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The member's tracking list. Every route answers only the signed-in owner of `:uid`. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ watchlist: WatchlistService }> = async (
  app,
  { watchlist },
) => {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/watchlist/:uid',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'getWatchlist',
        summary: "The member's watchlist, most recently added first",
        params: watchlistParamsSchema,
        response: { 200: watchlistSchema, ...errors },
      },
    },
    async (req) => watchlist.list(req.params.uid),
  );

  app.post(
    '/watchlist/:uid',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'addToWatchlist',
        summary: 'Track an item: 201 when added, 200 when it was already listed',
        params: watchlistParamsSchema,
        body: addToWatchlistBodySchema,
        response: { 200: watchlistEntrySchema, 201: watchlistEntrySchema, ...errors },
      },
    },
    async (req, reply) => {
      const { created, entry } = await watchlist.add(req.params.uid, req.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/watchlist/:uid',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'removeFromWatchlist',
        summary: 'Stop tracking an item (removing one that is not listed changes nothing)',
        params: watchlistParamsSchema,
        body: removeFromWatchlistBodySchema,
        response: { 200: removeFromWatchlistAnswerSchema, ...errors },
      },
    },
    async (req) => watchlist.remove(req.params.uid, req.body.item_id),
  );
};
