import { timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  type ErrorCode,
  errorResponseSchema,
  healthSchema,
  PRODUCT_NAME,
  publicConfigSchema,
  ROUTES,
  readinessSchema,
} from '@releasebell/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { errorBody } from '../../errors';
import type { CatalogSync } from '../catalog-sync';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const sameBytes = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Who may read /metrics (process internals): the holder of METRICS_TOKEN; with none set, only this
 * machine. The client's address as the app sees it (TRUST_PROXY), and nothing a proxy forwarded.
 */
function metricsRefusal(
  token: string | null,
  req: FastifyRequest,
): { status: 401 | 403; code: ErrorCode; message: string } | null {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return sameBytes(given, token)
      ? null
      : { status: 401, code: ERROR_CODES.unauthorized, message: 'Send the metrics token as a Bearer token.' };
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.test(req.ip) && LOOPBACK.test(req.socket.remoteAddress ?? '') && !forwarded
    ? null
    : {
        status: 403,
        code: ERROR_CODES.forbidden,
        message: 'Metrics are served to this machine only. Set METRICS_TOKEN to read them from elsewhere.',
      };
}

export const systemRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: DatabaseHandle;
  metrics: Registry;
  catalogSync: CatalogSync;
  lifecycle: { draining: boolean };
}> = async (app, { config, database, metrics, catalogSync, lifecycle }) => {
  app.route({
    method: ROUTES.getMetrics.method,
    url: ROUTES.getMetrics.path,
    schema: {
      tags: ['system'],
      operationId: 'getMetrics',
      summary:
        'Prometheus metrics: process, and releasebell_notifications_* (deliveries by channel and kind)',
      description:
        'With `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN set, only to requests from this machine (loopback, not forwarded by a proxy).',
      security: [{ metricsToken: [] }],
      response: {
        200: z.string().describe('Prometheus text exposition format'),
        401: errorResponseSchema,
        403: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const refusal = metricsRefusal(config.metricsToken, req);
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.status(refusal.status).send(errorBody(refusal.code, refusal.message));
      }
      reply.header('content-type', metrics.contentType);
      return metrics.metrics();
    },
  });

  app.route({
    method: ROUTES.checkHealth.method,
    url: ROUTES.checkHealth.path,
    schema: {
      tags: ['system'],
      operationId: 'checkHealth',
      summary: 'The process is alive',
      response: { 200: healthSchema },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    method: ROUTES.checkReadiness.method,
    url: ROUTES.checkReadiness.path,
    schema: {
      tags: ['system'],
      operationId: 'checkReadiness',
      summary: 'The database answers; whether the catalog is still filling from the providers',
      description:
        "Ready (200) as soon as the database answers: the app serves while a first start fills the catalog from TMDB and ISBNdb, and `catalog` says `filling` until every configured provider's lists have been read once. 503 while the database does not answer, and from the moment the process is asked to stop (SIGTERM), while it still serves for SHUTDOWN_DRAIN_SECONDS.",
      response: { 200: readinessSchema, 503: errorResponseSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining) {
        return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'This instance is stopping.'));
      }
      try {
        await database.ping();
        return { status: 'ok' as const, catalog: await catalogSync.state() };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database is not reachable.'));
      }
    },
  });

  app.route({
    method: ROUTES.getPublicConfig.method,
    url: ROUTES.getPublicConfig.path,
    schema: {
      tags: ['system'],
      operationId: 'getPublicConfig',
      summary: 'Settings the web app needs (nothing secret)',
      response: { 200: publicConfigSchema },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        productName: PRODUCT_NAME,
        amazonAffiliateTag: config.amazonAffiliateTag,
        contactEmail: config.contactEmail,
        googleSignIn: config.google !== null,
        tmdbAttribution: config.tmdb !== null,
        liveSearch: config.tmdb !== null || config.isbndb !== null,
        imageProxies: config.imageProxy.upstreams,
      };
    },
  });
};
