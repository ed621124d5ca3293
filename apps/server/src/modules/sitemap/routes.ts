import { Readable } from 'node:stream';
import { errorResponseSchema, ROUTES } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { SITEMAP_MAX_URLS, type SitemapService } from './sitemap-service';

const tags = ['previews'];
const CRAWLER_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const NO_SUCH_FILE = /*i18n*/ { id: 'error.sitemap.noSuchFile', message: 'No such sitemap file.' };

const bodyOf = (type: string, description: string, schema: z.ZodType = z.string()) => ({
  description,
  content: { [type]: { schema } },
});

/** What crawlers read: the sitemap (or its index and files) and robots.txt. */
export const sitemapRoutes: FastifyPluginAsyncZod<{ sitemap: SitemapService }> = async (app, { sitemap }) => {
  app.route({
    method: ROUTES.getSitemap.method,
    url: ROUTES.getSitemap.path,
    schema: {
      tags,
      operationId: 'getSitemap',
      summary: 'The sitemap: the home page, the leaderboard and every title page',
      description: `Addresses start with PUBLIC_URL; each title page has its \`lastmod\` (when the title last changed). Up to ${SITEMAP_MAX_URLS.toLocaleString('en-US')} addresses this is the sitemap itself (\`<urlset>\`); a larger catalog makes it a sitemap index (\`<sitemapindex>\`) of \`/sitemap-items-{n}.xml\` files. Cache-Control: ${CRAWLER_CACHE}.`,
      response: { 200: bodyOf('application/xml', 'A sitemap (`urlset`) or a sitemap index') },
    },
    handler: async (_req, reply) => {
      const plan = await sitemap.sitemapPlan();
      reply.header('cache-control', CRAWLER_CACHE).type(XML);
      if (plan.single) return reply.send(Readable.from(sitemap.urlset(1)));
      return reply.send(sitemap.sitemapIndex(plan.files));
    },
  });

  app.route({
    method: ROUTES.getSitemapFile.method,
    url: ROUTES.getSitemapFile.path,
    schema: {
      tags,
      operationId: 'getSitemapFile',
      summary: 'One file of a sitemap index',
      description: `File n of the sitemap, at most ${SITEMAP_MAX_URLS.toLocaleString('en-US')} addresses: the home page and the leaderboard first (in file 1), then the title pages in a stable order. A file past the last is a 404. Cache-Control: ${CRAWLER_CACHE}.`,
      params: z.object({
        page: z.coerce
          .number({ error: () => 'must be a file number' })
          .int()
          .min(1)
          .max(100_000)
          .meta({ description: 'The file number, from 1', examples: [1] }),
      }),
      response: {
        200: bodyOf('application/xml', 'A sitemap (`urlset`)'),
        400: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const plan = await sitemap.sitemapPlan();
      if (req.params.page > plan.files) throw notFound('NOT_FOUND', NO_SUCH_FILE);
      reply.header('cache-control', CRAWLER_CACHE).type(XML);
      return reply.send(Readable.from(sitemap.urlset(req.params.page)));
    },
  });

  app.route({
    method: ROUTES.getRobots.method,
    url: ROUTES.getRobots.path,
    schema: {
      tags,
      operationId: 'getRobots',
      summary: 'Rules for crawlers: everything but the API, and where the sitemap is',
      description: `Cache-Control: ${CRAWLER_CACHE}.`,
      response: { 200: bodyOf('text/plain', 'robots.txt') },
    },
    handler: async (_req, reply) =>
      reply.header('cache-control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(sitemap.robots()),
  });
};
