import { errorResponseSchema } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';

/**
 * What any route of a member's own things may answer besides its own: a bad request, signed out,
 * someone else's (or from another origin), not found.
 */
export const MEMBER_ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * For a plugin of member routes, called first in it: their answers hold a member's data, so no
 * browser or cache in between keeps them, unless a route sets its own Cache-Control.
 */
export function keepAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
}
