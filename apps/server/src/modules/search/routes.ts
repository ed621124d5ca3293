import { errorResponseSchema, mediaListSchema, searchQuerySchema } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './service';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        operationId: 'searchMedia',
        summary: 'Search titles as the user types: prefix matches first, then close spellings',
        querystring: searchQuerySchema,
        response: { 200: mediaListSchema, 400: errorResponseSchema },
      },
    },
    async (req) => search.search(req.query.q, req.query.type, req.query.limit),
  );
};
