import {
  errorResponseSchema,
  langQuerySchema,
  listQuerySchema,
  type MediaDetail,
  mediaDetailSchema,
  mediaItemSchema,
  mediaListSchema,
  mediaSlugParamsSchema,
  mediaTypeParamsSchema,
  ROUTES,
  recommendationParamsSchema,
  regionFromLocale,
  regionQuerySchema,
} from '@releasebell/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CachedJson, sendCached, toCachedJson } from '../../lib/cached-json';
import { createTtlCache } from '../../lib/ttl-cache';
import { type CatalogService, markMyServices } from './service';

/** A signed-in member's services, for marking them on a title's page; null when they have none. */
export type MemberServicesLookup = (
  userId: string,
) => Promise<{ region: string; providerIds: number[] } | null>;

const tags = ['catalog'];
// Lists change as people track titles; a short shared cache keeps the home page fast.
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  cacheSeconds: number;
  /** Set by the module that keeps members' services (after this one is registered). */
  views?: { servicesOf: MemberServicesLookup | null };
  /** Calls back when the catalog changed, in any process (app.catalogChanges). */
  onCatalogChange?: (drop: () => void) => void;
}> = async (app, { catalog, cacheSeconds, views = { servicesOf: null }, onCatalogChange }) => {
  // For a TTL more, an expired answer still goes out at once while one reload replaces it.
  const cache = createTtlCache<CachedJson>(cacheSeconds * 1000, { staleMs: cacheSeconds * 1000 });
  // A change anywhere (this process or another) is seen at once, not when the copy expires.
  onCatalogChange?.(() => cache.clear());
  /** Sends the cached answer for `key`, made by `load` and shaped by the route's 200 schema. */
  const sendAnswer = async <S extends z.ZodType>(
    [req, res]: [FastifyRequest, FastifyReply],
    answer: { schema: S; key: string; load: () => Promise<z.input<S>>; cacheControl?: string },
  ) => {
    const body = await cache.get(answer.key, async () => toCachedJson(answer.schema, await answer.load()));
    return sendCached(req, res, body, answer.cacheControl);
  };

  app.route({
    method: ROUTES.listTrending.method,
    url: ROUTES.listTrending.path,
    compress: false, // sendCached gzips once per cached answer
    schema: {
      tags,
      operationId: 'listTrending',
      summary: 'Most popular items of a media type',
      params: mediaTypeParamsSchema,
      querystring: listQuerySchema,
      response: { 200: mediaListSchema, 400: errorResponseSchema },
    },
    handler: async (req, res) => {
      const { mediaType } = req.params;
      const { limit, lang } = req.query;
      return sendAnswer([req, res], {
        schema: mediaListSchema,
        key: `trending:${mediaType}:${limit}:${lang ?? ''}`,
        load: () => catalog.trending(mediaType, limit, lang),
        cacheControl: LIST_CACHE,
      });
    },
  });

  app.route({
    method: ROUTES.listUpcoming.method,
    url: ROUTES.listUpcoming.path,
    compress: false, // sendCached gzips once per cached answer
    schema: {
      tags,
      operationId: 'listUpcoming',
      summary: 'Items not yet released, by release date ascending; undated items last',
      params: mediaTypeParamsSchema,
      querystring: listQuerySchema,
      response: { 200: mediaListSchema, 400: errorResponseSchema },
    },
    handler: async (req, res) => {
      const { mediaType } = req.params;
      const { limit, lang } = req.query;
      return sendAnswer([req, res], {
        schema: mediaListSchema,
        // Keyed by day too: what counts as upcoming changes at midnight UTC.
        key: `upcoming:${catalog.today()}:${mediaType}:${limit}:${lang ?? ''}`,
        load: () => catalog.upcoming(mediaType, limit, lang),
        cacheControl: LIST_CACHE,
      });
    },
  });

  app.route({
    method: ROUTES.getFeatured.method,
    url: ROUTES.getFeatured.path,
    compress: false, // sendCached gzips once per cached answer
    schema: {
      tags,
      operationId: 'getFeatured',
      summary: 'The featured release of a media type',
      params: mediaTypeParamsSchema,
      querystring: langQuerySchema,
      response: { 200: mediaItemSchema, 400: errorResponseSchema, 404: errorResponseSchema },
    },
    handler: async (req, res) => {
      const { mediaType } = req.params;
      const { lang } = req.query;
      return sendAnswer([req, res], {
        schema: mediaItemSchema,
        key: `featured:${catalog.today()}:${mediaType}:${lang ?? ''}`,
        load: () => catalog.featured(mediaType, lang),
        cacheControl: LIST_CACHE,
      });
    },
  });

  app.route({
    method: ROUTES.getMediaBySlug.method,
    url: ROUTES.getMediaBySlug.path,
    compress: false, // sendCached gzips once per cached answer
    schema: {
      tags,
      operationId: 'getMediaBySlug',
      summary: 'One item by its slug, with the release dates and where to watch in a region (`?region=GB`)',
      description:
        "A movie's `release_date` is the one the region sees (its theatrical date, else digital, else any) when TMDB lists dates for it, and `regional_dates` lists its theatrical, digital and physical dates. `watch` is where to watch a movie or season there (null until the catalog has looked). Without `region`: a signed-in member's services country, else the country of `Accept-Language`, else the server's default region (TMDB_REGION). A visitor's answer is the same for everyone asking alike (cacheable); a member with services gets theirs marked and first (`on_my_services`), privately.",
      params: mediaSlugParamsSchema,
      querystring: regionQuerySchema,
      response: { 200: mediaDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
    },
    handler: async (req, res) => {
      const { mediaType, slug } = req.params;
      const { region: asked, lang } = req.query;
      const member = views.servicesOf && req.headers.cookie ? await req.sessionUser() : null;
      const mine = member && views.servicesOf ? await views.servicesOf(member.id) : null;
      // No region asked: the member's own, else the visitor's language's country, else the default.
      const region = asked ?? mine?.region ?? regionFromLocale(req.headers['accept-language']?.split(',')[0]);
      const answer = {
        schema: mediaDetailSchema,
        key: `slug:${mediaType}:${slug}:${region ?? ''}:${lang ?? ''}`,
        load: () => catalog.bySlug(mediaType, slug, region ?? undefined, lang),
      };
      if (!mine) {
        if (!asked) res.header('vary', 'accept-encoding, accept-language');
        return sendAnswer([req, res], answer);
      }
      const cached = await cache.get(answer.key, async () =>
        toCachedJson(answer.schema, await answer.load()),
      );
      const detail = JSON.parse(cached.json().toString('utf8')) as MediaDetail;
      const marked = { ...detail, watch: detail.watch && markMyServices(detail.watch, mine) };
      // The member's own answer: made (and gzipped) for this request only, kept by no shared cache.
      return sendCached(req, res, toCachedJson(answer.schema, marked), 'private, no-store');
    },
  });

  app.route({
    method: ROUTES.listRecommendations.method,
    url: ROUTES.listRecommendations.path,
    schema: {
      tags,
      operationId: 'listRecommendations',
      summary: 'Items related to one item by series, creator or genre (never the item itself)',
      params: recommendationParamsSchema,
      querystring: langQuerySchema,
      response: { 200: mediaListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
    },
    handler: async (req) => catalog.recommendations(req.params.mediaType, req.params.itemId, req.query.lang),
  });
};
