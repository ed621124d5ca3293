import {
  contentRequestBodySchema,
  contentRequestSchema,
  errorResponseSchema,
  ROUTES,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOptional } from '../../plugins/openapi';
import type { RequestsService } from './service';

export const requestRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (
  app,
  { requests },
) => {
  app.route({
    method: ROUTES.requestTitle.method,
    url: ROUTES.requestTitle.path,
    // Anyone may ask for a title; a limit per address keeps the table from being flooded.
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['requests'],
      operationId: 'requestTitle',
      summary: 'Ask for a title that is missing from the catalog',
      // Signed in or not; a signed-in member's request records who asked.
      security: sessionOptional,
      body: contentRequestBodySchema,
      response: { 201: contentRequestSchema, 400: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (req, reply) => {
      // Accounts arrive in a later issue; until then every request is a visitor's.
      const created = await requests.create(req.body, (await req.sessionUser())?.id ?? null);
      return reply.status(201).send(created);
    },
  });
};
