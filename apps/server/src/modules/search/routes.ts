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

  app.get(
    '/api/search/providers',
    {
      // Each miss costs requests to TMDB and ISBNdb: a person typing needs far fewer than this.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['search'],
        operationId: 'searchProviders',
        summary: 'Titles TMDB and ISBNdb know for a query the catalog has few matches for, imported',
        description:
          'When the catalog has fewer than 4 matches for a query of 3 or more characters, asks TMDB and ISBNdb (whichever are configured), imports what they find into the catalog and answers those titles, best first, so they can be opened and tracked. Empty otherwise, and when the providers do not answer within 3 seconds (their titles are still imported for the next search). Answers are cached for 10 minutes per query and type.',
        querystring: searchQuerySchema.pick({ q: true, type: true }),
        response: { 200: mediaListSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return search.searchProviders(req.query.q, req.query.type);
    },
  );
};
