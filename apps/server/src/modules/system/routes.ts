import {
  errorResponseSchema,
  healthSchema,
  PRODUCT_NAME,
  publicConfigSchema,
  readinessSchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { errorBody } from '../../errors';
import type { CatalogSync } from '../catalog-sync/sync-service';

export const systemRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: DatabaseHandle;
  metrics: Registry;
  catalogSync: CatalogSync;
}> = async (app, { config, database, metrics, catalogSync }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        operationId: 'getMetrics',
        summary:
          'Prometheus metrics: process, and releasebell_notifications_* (deliveries by channel and kind)',
        response: { 200: z.string().describe('Prometheus text exposition format') },
      },
    },
    async (_req, reply) => {
      reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
      return metrics.metrics();
    },
  );

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        operationId: 'checkHealth',
        summary: 'The process is alive',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        operationId: 'checkReadiness',
        summary: 'The database answers; whether the catalog is still filling from the providers',
        description:
          "Ready (200) as soon as the database answers: the app serves while a first start fills the catalog from TMDB and ISBNdb, and `catalog` says `filling` until every configured provider's lists have been read once.",
        response: { 200: readinessSchema, 503: errorResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await database.ping();
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, catalog: await catalogSync.state() };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database is not reachable.'));
      }
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        operationId: 'getPublicConfig',
        summary: 'Settings the web app needs (nothing secret)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_req, reply) => {
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
  );
};
