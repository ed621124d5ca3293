import { Readable } from 'node:stream';
import { errorResponseSchema, mediaSlugParamsSchema } from '@releasebell/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { acceptsGzip } from '../../lib/gzip';
import { matchesIfNoneMatch } from '../images/image-proxy';
import { OG_HEIGHT, OG_WIDTH } from './og-card';
import { viewerOf } from './page-renderer';
import { type PreviewsService, SITEMAP_MAX_URLS } from './service';

const tags = ['previews'];
/** Cards change only with their title (and then their address's `v` does too). */
const CARD_CACHE = 'public, max-age=86400';
/** A card drawn without its poster (the image host failed): asked for again soon. */
const INCOMPLETE_CARD_CACHE = 'public, max-age=300';
const CRAWLER_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

const bodyOf = (type: string, description: string, schema: z.ZodType = z.string()) => ({
  description,
  content: { [type]: { schema } },
});

export const previewRoutes: FastifyPluginAsyncZod<{ previews: PreviewsService }> = async (
  app,
  { previews },
) => {
  app.get(
    '/og/:mediaType/:slug.png',
    {
      // Drawing a card takes a core ~100 ms; a crawler of this site needs far fewer than this.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'getLinkPreviewImage',
        summary: `A title's link preview image: a ${OG_WIDTH}x${OG_HEIGHT} PNG`,
        description: `The image a title page's og:image and twitter:image name: its poster (a placeholder when it has none or the image host fails), title, release date with its precision ("March 14, 2027", "March 2027", "2027" or "TBD"), kind and the product's name, on the app's dark theme. Drawn on the server (satori + resvg) and kept in memory. Cache-Control: ${CARD_CACHE} with an ETag (a matching If-None-Match is a 304); the pages add \`?v=\` (which changes with the title), which the image ignores. A card drawn while the image host failed says max-age=300 and has no ETag.`,
        params: mediaSlugParamsSchema,
        querystring: z.object({
          v: z
            .string()
            .max(64)
            .optional()
            .meta({ description: 'The card version the page names; any value gives the current card' }),
        }),
        response: {
          200: bodyOf('image/png', `The card (PNG, ${OG_WIDTH}x${OG_HEIGHT})`, z.any()),
          304: z.null().meta({ description: 'Not modified: If-None-Match names the current ETag' }),
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { mediaType, slug } = req.params;
      const card = await previews.card(mediaType, slug, (etag) =>
        matchesIfNoneMatch(req.headers['if-none-match'], etag),
      );
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        // Shown by chat apps and social sites, and in pages on other origins.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (!card.complete)
        return reply.header('cache-control', INCOMPLETE_CARD_CACHE).type('image/png').send(card.png);
      reply.header('cache-control', CARD_CACHE).header('etag', card.etag);
      if (!card.png) return reply.code(304).send(null);
      return reply.type('image/png').send(card.png);
    },
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        operationId: 'getSitemap',
        summary: 'The sitemap: the home page, the leaderboard and every title page',
        description: `Addresses start with PUBLIC_URL; each title page has its \`lastmod\` (when the title last changed). Up to ${SITEMAP_MAX_URLS.toLocaleString('en-US')} addresses this is the sitemap itself (\`<urlset>\`); a larger catalog makes it a sitemap index (\`<sitemapindex>\`) of \`/sitemap-items-{n}.xml\` files. Cache-Control: ${CRAWLER_CACHE}.`,
        response: { 200: bodyOf('application/xml', 'A sitemap (`urlset`) or a sitemap index') },
      },
    },
    async (_req, reply) => {
      const plan = await previews.sitemapPlan();
      reply.header('cache-control', CRAWLER_CACHE).type(XML);
      if (plan.single) return reply.send(Readable.from(previews.urlset(1)));
      return reply.send(previews.sitemapIndex(plan.files));
    },
  );

  app.get(
    '/sitemap-items-:page.xml',
    {
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
    },
    async (req, reply) => {
      const plan = await previews.sitemapPlan();
      if (req.params.page > plan.files) throw notFound('NOT_FOUND', 'No such sitemap file.');
      reply.header('cache-control', CRAWLER_CACHE).type(XML);
      return reply.send(Readable.from(previews.urlset(req.params.page)));
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        tags,
        operationId: 'getRobots',
        summary: 'Rules for crawlers: everything but the API, and where the sitemap is',
        description: `Cache-Control: ${CRAWLER_CACHE}.`,
        response: { 200: bodyOf('text/plain', 'robots.txt') },
      },
    },
    async (_req, reply) =>
      reply.header('cache-control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(previews.robots()),
  );
};

/**
 * Answers a page route with the web app's index.html and the head tags a crawler reads (see
 * PreviewsService.page). Pages are `no-cache`: browsers ask each time, and get a 304 when the page's
 * ETag has not changed.
 */
export function createPageSender(previews: PreviewsService, mayRender: (address: string) => boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await previews.page(req.url, viewerOf(req.headers), () => mayRender(req.ip));
    if (!page) throw notFound('NOT_FOUND', 'No web app is installed.');
    // The page is rendered for the visitor's language and home tab choice (page-renderer.ts).
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .header('etag', page.etag);
    if (page.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], page.etag)) {
      return reply.code(304).send();
    }
    reply.code(page.status).type('text/html; charset=utf-8');
    if (acceptsGzip(req.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };
}
