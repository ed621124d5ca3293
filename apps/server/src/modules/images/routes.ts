import { MEDIA_TYPES, type MediaType, mediaTypeSchema } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { type DemoRecord, loadDemoRecords } from '../../providers/demo/demo-provider';
import { renderDemoPoster } from './demo-poster';

function bylineOf(r: DemoRecord): string | null {
  if (r.mediaType === 'books') return r.author ?? null;
  if (r.mediaType === 'movies') return r.director ? `Directed by ${r.director}` : null;
  return r.network ?? null;
}

/** Posters for the demo catalog, drawn on request from the bundled records and cached for good. */
export const demoPosterRoutes: FastifyPluginAsyncZod = async (app) => {
  let records: Promise<Map<string, DemoRecord>> | undefined;
  const load = () => {
    records ??= Promise.all(MEDIA_TYPES.map((t: MediaType) => loadDemoRecords(t))).then(
      (lists) => new Map(lists.flat().map((r) => [`${r.mediaType}/${r.key}`, r])),
    );
    return records;
  };

  app.get(
    '/demo-posters/:mediaType/:file',
    {
      schema: {
        hide: true,
        params: z.object({ mediaType: mediaTypeSchema, file: z.string().regex(/^[a-z]{2}-\d{3}\.svg$/) }),
      },
    },
    async (req, reply) => {
      const key = req.params.file.replace(/\.svg$/, '');
      const record = (await load()).get(`${req.params.mediaType}/${key}`);
      if (!record) throw notFound('POSTER_NOT_FOUND', 'Poster not found.');
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=604800, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        // Release emails show the poster, read in webmail on other origins.
        .header('cross-origin-resource-policy', 'cross-origin');
      return renderDemoPoster({
        key,
        mediaType: record.mediaType,
        title: record.title,
        byline: bylineOf(record),
      });
    },
  );
};
