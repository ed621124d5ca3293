import { errorResponseSchema } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../errors';
import type { ImageProvider, ImageProxy } from './image-proxy';

const PROVIDERS: readonly string[] = ['tmdb', 'isbndb'] satisfies ImageProvider[];

export const imageProxyRoutes: FastifyPluginAsyncZod<{ proxy: ImageProxy }> = async (app, { proxy }) => {
  app.get(
    '/proxy-image/:provider/*',
    {
      schema: {
        tags: ['images'],
        summary: 'A poster from a configured image host (tmdb, isbndb), cached on disk',
        description:
          'The host comes from TMDB_IMAGE_BASE_URL / ISBNDB_IMAGE_BASE_URL, never from the request. The path is plain segments of letters, digits, dot, dash and underscore; anything else is a 400. Only PNG, JPEG, GIF, WebP and AVIF images are passed on.',
        params: z.object({ provider: z.string(), '*': z.string() }),
        response: {
          200: z.any().meta({ description: 'The image bytes' }),
          400: errorResponseSchema,
          404: errorResponseSchema,
          502: errorResponseSchema,
          504: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      if (!PROVIDERS.includes(provider))
        throw notFound('IMAGE_PROVIDER_NOT_FOUND', 'Unknown image provider.');
      // The raw path, as sent: anything percent-encoded (%2F, %2e, %00...) is refused, not decoded.
      const raw = (req.raw.url ?? '').split('?')[0] ?? '';
      const prefix = `/proxy-image/${provider}/`;
      if (!raw.startsWith(prefix)) {
        throw new HttpError(400, 'INVALID_IMAGE_PATH', 'This is not an image path the proxy serves.');
      }
      const image = await proxy.get(provider as ImageProvider, raw.slice(prefix.length));
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=604800, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.body);
    },
  );
};
