import {
  isMediaType,
  MEDIA_TYPES,
  type MediaType,
  matchRoute,
  mediaTypeSchema,
  posterByline,
  ROUTES,
  type Translate,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { requestLocale, translate } from '../../infra/i18n';
import { type DemoRecord, loadDemoRecords } from '../../providers/demo/demo-provider';
import { renderDemoPoster } from './demo-poster';

const DEMO_POSTER_FILE = /^[a-z]{2}-\d{3}\.svg$/;
const POSTER_NOT_FOUND = /*i18n*/ { id: 'error.images.posterNotFound', message: 'Poster not found.' };

const usEnglish: Translate = (descriptor, values) => translate('en-US', descriptor, values);

/** The demo catalog's posters, drawn from the bundled records (read once, on first use). */
export function createDemoPosters() {
  let records: Promise<Map<string, DemoRecord>> | undefined;
  const load = () => {
    records ??= Promise.all(MEDIA_TYPES.map((t: MediaType) => loadDemoRecords(t))).then(
      (lists) => new Map(lists.flat().map((r) => [`${r.mediaType}/${r.key}`, r])),
    );
    return records;
  };
  /**
   * A poster's SVG, its byline ("Directed by …") in `t`'s language (US English by default); `keep` may
   * leave out a text (the link preview card's fonts lack some scripts).
   */
  const svg = async (
    mediaType: MediaType,
    key: string,
    keep: (text: string) => Promise<boolean> = async () => true,
    t: Translate = usEnglish,
  ): Promise<string | null> => {
    const record = (await load()).get(`${mediaType}/${key}`);
    if (!record) return null;
    const byline = posterByline(t, {
      media_type: record.mediaType,
      author: record.author ?? null,
      director: record.director ?? null,
      network_name: record.network ?? null,
    });
    return renderDemoPoster({
      key,
      mediaType: record.mediaType,
      title: (await keep(record.title)) ? record.title : '',
      byline: byline && (await keep(byline)) ? byline : null,
    });
  };
  return {
    svg,
    /** The SVG behind an item's stored image when it is a demo poster (`/demo-posters/...`), else null. */
    async forImage(
      image: string | null,
      keep?: (text: string) => Promise<boolean>,
      t?: Translate,
    ): Promise<string | null> {
      const poster = image ? matchRoute(ROUTES.getDemoPoster, image) : null;
      if (!poster || !isMediaType(poster.mediaType) || !DEMO_POSTER_FILE.test(poster.file)) return null;
      return svg(poster.mediaType, poster.file.replace(/\.svg$/, ''), keep, t);
    },
  };
}
export type DemoPosters = ReturnType<typeof createDemoPosters>;

/** Posters for the demo catalog, drawn on request from the bundled records and cached for good. */
export const demoPosterRoutes: FastifyPluginAsyncZod<{ posters: DemoPosters }> = async (app, { posters }) => {
  app.route({
    method: ROUTES.getDemoPoster.method,
    url: ROUTES.getDemoPoster.path,
    schema: {
      hide: true,
      params: z.object({ mediaType: mediaTypeSchema, file: z.string().regex(DEMO_POSTER_FILE) }),
    },
    handler: async (req, reply) => {
      const key = req.params.file.replace(/\.svg$/, '');
      // The poster's byline is in the visitor's language (a mail's webmail asks in none: US English).
      const locale = requestLocale(req.headers);
      const t: Translate = (descriptor, values) => translate(locale, descriptor, values);
      const svg = await posters.svg(req.params.mediaType, key, undefined, t);
      if (!svg) throw notFound('POSTER_NOT_FOUND', POSTER_NOT_FOUND);
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=604800, immutable')
        .header('vary', 'Accept-Language, Cookie')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        // Release emails show the poster, read in webmail on other origins.
        .header('cross-origin-resource-policy', 'cross-origin');
      return svg;
    },
  });
};
