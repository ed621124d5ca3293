import { errorResponseSchema, pathTo, ROUTES } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { imageResponse } from '../../plugins/openapi';
import {
  badImagePath,
  IMAGE_CACHE_POLICY,
  type ImageProvider,
  type ImageProxy,
  matchesIfNoneMatch,
} from './image-proxy';

const PROVIDERS: readonly string[] = ['tmdb', 'isbndb'] satisfies ImageProvider[];
const UNKNOWN_PROVIDER = /*i18n*/ { id: 'error.images.unknownProvider', message: 'Unknown image provider.' };

export const imageProxyRoutes: FastifyPluginAsyncZod<{ proxy: ImageProxy }> = async (app, { proxy }) => {
  app.route({
    method: ROUTES.getProxiedImage.method,
    url: ROUTES.getProxiedImage.path,
    schema: {
      tags: ['images'],
      operationId: 'getProxiedImage',
      summary: 'A poster from a configured image host (tmdb, isbndb), cached on disk',
      description:
        'The host comes from TMDB_IMAGE_BASE_URL / ISBNDB_IMAGE_BASE_URL, never from the request. The path is plain segments of letters, digits, dot, dash and underscore; anything else is a 400. A TMDB path is {size}/{file} with size one of the TMDB poster sizes (w92, w154, w185, w342, w500, w780, original); any other is a 400. Only PNG, JPEG, GIF, WebP and AVIF images (checked by their bytes) up to IMAGE_PROXY_MAX_BYTES are passed on, with no upstream header but the type; at most 2 redirects are followed, and only under the same base. An upstream 404 is a 404, a timeout (IMAGE_PROXY_TIMEOUT_MS) a 504, any other upstream failure a 502. Served images are kept on disk and carry an ETag (a matching If-None-Match is a 304). TMDB files are named after their content: Cache-Control: public, max-age=31536000, immutable. ISBNdb covers keep their address when the picture changes: Cache-Control: public, max-age=86400, stale-while-revalidate=604800, and the disk copy is refetched once a day old (kept if the host then fails).',
      params: z.object({
        provider: z.string().meta({
          description: 'tmdb or isbndb; any other provider is a 404',
          examples: ['tmdb'],
        }),
        '*': z.string().meta({
          description:
            'The image path under the configured base, e.g. w500/abc.jpg (documented as `{path}`; the route matches the rest of the URL). Send its slashes as they are: a percent-encoded character (%2F included) is a 400.',
          examples: ['w500/abc.jpg'],
        }),
      }),
      response: {
        200: imageResponse('The image (PNG, JPEG, GIF, WebP or AVIF)'),
        304: z.null().meta({ description: 'Not modified: If-None-Match names the current ETag' }),
        400: errorResponseSchema,
        404: errorResponseSchema,
        502: errorResponseSchema,
        504: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const { provider } = req.params;
      if (!PROVIDERS.includes(provider)) throw notFound('IMAGE_PROVIDER_NOT_FOUND', UNKNOWN_PROVIDER);
      // The raw path, as sent: anything percent-encoded (%2F, %2e, %00...) is refused, not decoded.
      const raw = (req.raw.url ?? '').split('?')[0] ?? '';
      const prefix = pathTo(ROUTES.getProxiedImage, { provider, '*': '' });
      if (!raw.startsWith(prefix)) {
        throw badImagePath();
      }
      const image = await proxy.get(provider as ImageProvider, raw.slice(prefix.length));
      reply
        .header('cache-control', IMAGE_CACHE_POLICY[provider as ImageProvider].cacheControl)
        .header('etag', image.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      if (matchesIfNoneMatch(req.headers['if-none-match'], image.etag)) return reply.code(304).send(null);
      return reply.type(image.contentType).send(image.body);
    },
  });
};
