import {
  errorResponseSchema,
  type Locale,
  ROUTES,
  type SearchItem,
  searchItemListSchema,
  searchQuerySchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CachedJson, sendCached, toCachedJson } from '../../lib/cached-json';
import { normaliseForSearch } from '../../lib/text';
import { createTtlCache } from '../../lib/ttl-cache';
import type { SearchService } from './service';

/**
 * Answers kept at once: each is a few kilobytes gzipped and a few tens plain, and the prefixes people
 * type most (a word's first letters) are few.
 */
const CACHED_ANSWERS = 500;
/**
 * An answer is kept from its second ask, its first remembered among this many distinct queries: most
 * are asked once, and kept they would push out the popular ones, then die in V8's old space.
 */
const REMEMBERED_QUERIES = 20 * CACHED_ANSWERS;
/**
 * Most searches are asked once (every keystroke is a new query): their answers are gzipped at the
 * fastest level, about half the time of the default for a tenth more bytes.
 */
const SEARCH_GZIP_LEVEL = 1;

export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  cacheSeconds: number;
  /** Titles in a reader's language (the catalog's). */
  localized: (items: SearchItem[], lang: Locale | undefined) => Promise<SearchItem[]>;
  /** Calls back when the catalog changed, in any process (app.catalogChanges). */
  onCatalogChange?: (drop: () => void) => void;
}> = async (app, { search, cacheSeconds, localized, onCatalogChange }) => {
  // Everyone typing "dra" asks the same question: the popular prefixes are answered from memory, for
  // as long as catalog lists are, and dropped when the catalog changes.
  const answers = createTtlCache<CachedJson>(cacheSeconds * 1000, {
    maxEntries: CACHED_ANSWERS,
    staleMs: cacheSeconds * 1000,
    keepFromSecondAsk: REMEMBERED_QUERIES,
  });
  onCatalogChange?.(() => answers.clear());

  app.route({
    method: ROUTES.searchMedia.method,
    url: ROUTES.searchMedia.path,
    compress: false, // sendCached gzips once per cached answer
    schema: {
      tags: ['search'],
      operationId: 'searchMedia',
      summary: 'Search titles as the user types: prefix matches first, then close spellings',
      querystring: searchQuerySchema,
      response: { 200: searchItemListSchema, 400: errorResponseSchema },
    },
    handler: async (req, reply) => {
      const { q, type, limit, lang } = req.query;
      const body = await answers.get(`${type}:${limit}:${lang ?? ''}:${normaliseForSearch(q)}`, async () =>
        toCachedJson(
          searchItemListSchema,
          await localized(await search.search(q, type, limit, lang), lang),
          SEARCH_GZIP_LEVEL,
        ),
      );
      return sendCached(req, reply, body);
    },
  });

  app.route({
    method: ROUTES.searchProviders.method,
    url: ROUTES.searchProviders.path,
    // Each miss costs requests to TMDB and ISBNdb: a person typing needs far fewer than this.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags: ['search'],
      operationId: 'searchProviders',
      summary: 'Titles TMDB and ISBNdb know for a query the catalog has few matches for, imported',
      description:
        'When the catalog has fewer than 4 matches for a query of 3 or more characters, asks TMDB and ISBNdb (whichever are configured), imports what they find into the catalog and answers those titles, best first, so they can be opened and tracked. Empty otherwise, and when the providers do not answer within 3 seconds (their titles are still imported for the next search). Answers are cached for 10 minutes per query and type.',
      querystring: searchQuerySchema.pick({ q: true, type: true }),
      response: { 200: searchItemListSchema, 400: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const imported = await search.searchProviders(req.query.q, req.query.type);
      // The catalog has new titles: the next search sees them rather than a kept answer without them.
      if (imported.length > 0) answers.clear();
      return imported;
    },
  });
};
