import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@releasebell/contract';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { errorBody } from '../errors';
import { routeLimitStore } from '../infra/route-limit-store';
import '../lifecycle';
import { type LogDestination, loggingOptions } from '../logger';
import { registerErrorHandling, writeClientError } from './error-handler';
import { registerOpenApi } from './openapi';
import { registerSameOriginCheck } from './same-origin';
import { securityHeadersFor } from './security-headers';

/** A caller's own request id when it is a plain token (a proxy's, say), otherwise a new one. */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Fastify's own options: logging, request ids, proxies, the body limit and errors before any route. */
export function serverOptions(config: Config, logDestination?: LogDestination): FastifyServerOptions {
  const { securityHeaders, apiHeaders } = securityHeadersFor(config);
  const logging = loggingOptions(config, logDestination);
  return {
    ...logging,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Starting opens and migrates the database and seeds the demo catalog, whose time is the
    // machine's, not a sign of a stuck plugin: no deadline, as before modules were plugins.
    pluginTimeout: 0,
    // Errors the router raises before any route runs (a malformed %-escape in the path, say) get the
    // same error shape as everything else. They skip the onRequest hooks, so the headers are set here.
    frameworkErrors: (error, req, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      logging.logController.logWhenSent(req, reply as FastifyReply);
      void (reply as FastifyReply)
        .headers(securityHeaders(req.url))
        .header('x-request-id', req.id)
        .code(status)
        .send(errorBody(ERROR_CODES.badRequest, 'The request address could not be read.'));
    },
    // Requests Node's HTTP parser cannot read at all (a raw non-ASCII byte in the path, a path
    // longer than the header limit) are answered here, on the bare socket, in the same shape.
    clientErrorHandler: (error, socket) => writeClientError(error, socket, apiHeaders),
  };
}

/** What every request goes through: schemas, the error shape, headers, same-origin, compression, docs. */
export const http = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const { securityHeaders } = securityHeadersFor(config);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const lifecycle = { draining: false };
    app.decorate('lifecycle', lifecycle);
    // One synchronous hook for every response, pages and API alike (also the 404s and static files).
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(securityHeaders(req.url));
      reply.header('x-request-id', req.id);
      // Stopping: a client keeping its connection open would come back here; it should go elsewhere.
      if (lifecycle.draining) reply.header('connection', 'close');
      done();
    });
    registerSameOriginCheck(app, config);
    // No request bodies arrive compressed (JSON under 64 KB), so no decompression hook on every request.
    await app.register(compress, { threshold: 1024, globalDecompression: false });
    // Counted in the database, so a route's limit is the same whatever instance a caller reaches.
    await app.register(rateLimit, { global: false, store: routeLimitStore(app.limiter, app.clock) });
    await registerOpenApi(app, config);
  },
  { name: 'http', dependencies: ['infrastructure'] },
);
