import { ERROR_CODES } from '@releasebell/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, HttpError } from '../errors';

type Issue = { instancePath: string; message?: string; params?: Record<string, unknown> };

/** `/mediaType` in params -> `mediaType`; an unknown key in the body -> that key's name. */
function fieldOf(issue: Issue, context: string | undefined): string {
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return keys.join(', ');
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const details = error.validation.map((issue) => ({
        field: fieldOf(issue, context),
        message: issue.message ?? 'is invalid',
      }));
      const message = details.map((d) => `${d.field}: ${d.message}`).join('; ');
      return reply.status(400).send(errorBody(ERROR_CODES.validation, message, details));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody(ERROR_CODES.rateLimited, 'Too many requests. Try again shortly.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      return reply.status(status).send(errorBody(error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(ERROR_CODES.internal, 'Something went wrong on our side.'));
  });
}
