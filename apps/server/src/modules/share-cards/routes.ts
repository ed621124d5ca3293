import { errorResponseSchema, mediaSlugParamsSchema, ROUTES } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../infra/i18n';
import { matchesIfNoneMatch } from '../images';
import type { CardService } from './card-service';
import { OG_HEIGHT, OG_WIDTH } from './og-card';

const tags = ['previews'];
/** Cards change only with their title (and then their address's `v` does too). */
const CARD_CACHE = 'public, max-age=86400';
/** A card drawn without its poster (the image host failed): asked for again soon. */
const INCOMPLETE_CARD_CACHE = 'public, max-age=300';

export const shareCardRoutes: FastifyPluginAsyncZod<{ cards: CardService }> = async (app, { cards }) => {
  app.route({
    method: ROUTES.getLinkPreviewImage.method,
    url: ROUTES.getLinkPreviewImage.path,
    // Drawing a card takes a core ~100 ms; a crawler of this site needs far fewer than this.
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags,
      operationId: 'getLinkPreviewImage',
      summary: `A title's link preview image: a ${OG_WIDTH}x${OG_HEIGHT} PNG`,
      description: `The image a title page's og:image and twitter:image name: its poster (a placeholder when it has none or the image host fails), title, release date with its precision ("March 14, 2027", "March 2027", "2027" or "TBD"), kind and the product's name, on the app's dark theme; its words in the asker's language (the rb_locale cookie, else Accept-Language; US English where the card's fonts cannot write that language). Drawn on the server (satori + resvg) and kept in memory. Cache-Control: ${CARD_CACHE} with an ETag (a matching If-None-Match is a 304); the pages add \`?v=\` (which changes with the title), which the image ignores. A card drawn while the image host failed says max-age=300 and has no ETag.`,
      params: mediaSlugParamsSchema,
      querystring: z.object({
        v: z
          .string()
          .max(64)
          .optional()
          .meta({ description: 'The card version the page names; any value gives the current card' }),
      }),
      response: {
        200: {
          description: `The card (PNG, ${OG_WIDTH}x${OG_HEIGHT})`,
          content: { 'image/png': { schema: z.any() } },
        },
        304: z.null().meta({ description: 'Not modified: If-None-Match names the current ETag' }),
        400: errorResponseSchema,
        404: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const { mediaType, slug } = req.params;
      const card = await cards.card(
        mediaType,
        slug,
        (etag) => matchesIfNoneMatch(req.headers['if-none-match'], etag),
        // The card's words are in the asker's language (a crawler that names none: US English).
        requestLocale(req.headers),
      );
      reply
        .header('x-content-type-options', 'nosniff')
        .header('vary', 'Accept-Language, Cookie')
        .header('content-security-policy', "default-src 'none'")
        // Shown by chat apps and social sites, and in pages on other origins.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (!card.complete)
        return reply.header('cache-control', INCOMPLETE_CARD_CACHE).type('image/png').send(card.png);
      reply.header('cache-control', CARD_CACHE).header('etag', card.etag);
      if (!card.png) return reply.code(304).send(null);
      return reply.type('image/png').send(card.png);
    },
  });
};
