import {
  DEFAULT_LOCALE,
  type Locale,
  type MediaItem,
  PROVIDER_SEARCH_BELOW,
  PROVIDER_SEARCH_MIN_LENGTH,
  type SearchType,
} from '@releasebell/contract';
import type { FastifyBaseLogger } from 'fastify';
import { normaliseForSearch } from '../../lib/text';
import { createTtlCache } from '../../lib/ttl-cache';
import { type MediaItemFields, toMediaItem } from '../catalog';
import type { ProviderSearch, SyncImporter } from '../catalog-sync';
import type { SearchRepository } from './repository';

/** How long a visitor waits for the providers before the answer goes without them. */
const PROVIDER_SEARCH_WAIT_MS = 3000;

/** Below this many characters a typo cannot be told from a different word. */
const FUZZY_MIN_LENGTH = 3;
/**
 * Fewer matches than this (the dropdown shows 4) and the query found almost nothing: only then do the
 * costly fallbacks run, close spellings (the trigram comparison) and, after finished words were
 * matched as words, every typed word as a prefix.
 */
const FEW = 5;

export function createSearchService(
  repo: SearchRepository,
  providers?: { search: ProviderSearch; importer: SyncImporter; log: FastifyBaseLogger },
) {
  // Ten minutes per query and type: the same prefix typed by many visitors asks the providers once.
  const providerAnswers = createTtlCache<string[]>(10 * 60_000, { maxEntries: 1000 });

  /** Asks the providers, imports what they find, and answers the provider ids in their order. */
  async function importMatches(query: string, type: SearchType): Promise<string[]> {
    if (!providers) return [];
    const { items, failures } = await providers.search.search(query, {
      mediaType: type === 'all' ? null : type,
      interactive: true,
    });
    for (const err of failures) providers.log.warn({ err }, 'a provider search failed');
    await providers.importer.importItems(items);
    return items.map((i) => i.providerId);
  }

  return {
    /**
     * Best match first: the exact title, then titles starting with the query, then (for several words,
     * on a big catalog) titles with each finished word and a word starting with the last one, then
     * titles with a word starting with each typed word, then close spellings. With a reader's `lang`,
     * their names for titles count too: starting with the query beside the title prefix, and with the
     * typed words (or close spellings of them) before the catalog's close spellings. Each tier runs only
     * if the ones before it left room, so typing a common prefix costs one or two short index reads; close
     * spellings only when the others found almost nothing.
     */
    async search(query: string, type: SearchType, limit: number, lang?: Locale): Promise<MediaItem[]> {
      const normalised = normaliseForSearch(query);
      if (!normalised) return [];
      const mediaType = type === 'all' ? null : type;
      const found = new Map<string, MediaItem>();
      // Each tier is asked for `limit` rather than the room left: a later tier may repeat an earlier one.
      const add = (rows: MediaItemFields[]) => {
        for (const row of rows) {
          if (found.size < limit && !found.has(row.id)) found.set(row.id, toMediaItem(row));
        }
      };
      const room = () => found.size < limit;
      const translated = lang && lang !== DEFAULT_LOCALE ? lang : null;
      // Every query needs these, so they are asked at once: a reader finds a title by its name in their
      // language as well as by the catalog's own.
      for (const rows of await Promise.all([
        repo.exact(normalised, mediaType, limit),
        translated ? repo.translatedPrefix(normalised, translated, mediaType, limit) : [],
        repo.titlePrefix(normalised, mediaType, limit),
      ])) {
        add(rows);
      }
      const whole = room() ? await repo.wholeWords(normalised, mediaType, limit) : null;
      if (whole) add(whole);
      // After finished words were matched as words, every word as a prefix only if they found almost nothing.
      if (room() && (whole === null || found.size < FEW)) {
        add(await repo.wordPrefix(normalised, mediaType, limit));
      }
      const fuzzy = found.size < FEW && normalised.length >= FUZZY_MIN_LENGTH;
      // The reader's own names for titles: a word inside one, or (when little was found) a close spelling.
      if (room() && translated) {
        add(await repo.translatedWords(normalised, translated, mediaType, limit, fuzzy));
      }
      if (room() && fuzzy) add(await repo.fuzzy(normalised, mediaType, limit));
      return [...found.values()];
    },

    /**
     * What TMDB and ISBNdb know for a query the catalog has few matches for, imported into the catalog
     * and answered as catalog items (so they can be opened and tracked like any other). Empty when
     * the catalog already has enough, the query is short, or no provider is configured; answers
     * without the providers after PROVIDER_SEARCH_WAIT_MS (the import goes on, for the next search).
     */
    async searchProviders(query: string, type: SearchType): Promise<MediaItem[]> {
      const normalised = normaliseForSearch(query);
      if (!providers?.search.configured || normalised.length < PROVIDER_SEARCH_MIN_LENGTH) return [];
      if ((await this.search(query, type, PROVIDER_SEARCH_BELOW)).length >= PROVIDER_SEARCH_BELOW) return [];
      const pending = providerAnswers.get(`${type}:${normalised}`, () => importMatches(query.trim(), type));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), PROVIDER_SEARCH_WAIT_MS);
      });
      const ids = await Promise.race([pending, late])
        .catch((err) => {
          providers.log.warn({ err }, 'provider search failed');
          return null;
        })
        .finally(() => clearTimeout(timer));
      if (!ids || ids.length === 0) return [];
      const rows = await repo.byProviderIds(ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      return rows
        .sort((a, b) => (order.get(a.providerId) ?? 0) - (order.get(b.providerId) ?? 0))
        .map(toMediaItem);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
