import {
  type MediaItem,
  PROVIDER_SEARCH_BELOW,
  PROVIDER_SEARCH_MIN_LENGTH,
  type SearchType,
} from '@releasebell/contract';
import type { FastifyBaseLogger } from 'fastify';
import { normaliseForSearch } from '../../lib/text';
import { createTtlCache } from '../../lib/ttl-cache';
import { toMediaItem } from '../catalog';
import type { ProviderSearch, SyncImporter } from '../catalog-sync';
import type { SearchRepository } from './repository';

/** How long a visitor waits for the providers before the answer goes without them. */
const PROVIDER_SEARCH_WAIT_MS = 3000;

/** Below this many characters a typo cannot be told from a different word. */
const FUZZY_MIN_LENGTH = 3;
/**
 * Close spellings are looked for only when prefix matching found fewer than this (the dropdown shows 4):
 * a typo shows up as few or no prefix matches, and the trigram comparison is the costliest step.
 */
const FUZZY_BELOW = 5;

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
     * Best match first: the exact title, then titles starting with the query, then titles with a word
     * starting with each typed word, then close spellings. Each tier runs only if the ones before it
     * left room, so typing a common prefix costs one or two short index reads; close spellings only
     * when the prefix tiers found almost nothing.
     */
    async search(query: string, type: SearchType, limit: number): Promise<MediaItem[]> {
      const normalised = normaliseForSearch(query);
      if (!normalised) return [];
      const mediaType = type === 'all' ? null : type;
      const found = new Map<string, MediaItem>();
      for (const tier of [repo.exact, repo.titlePrefix, repo.wordPrefix, repo.fuzzy]) {
        if (found.size >= limit) break;
        if (tier === repo.fuzzy && (found.size >= FUZZY_BELOW || normalised.length < FUZZY_MIN_LENGTH)) break;
        // Ask for `limit` rather than `room`: a later tier may repeat what an earlier one found.
        for (const row of await tier(normalised, mediaType, limit)) {
          if (found.size < limit && !found.has(row.id)) found.set(row.id, toMediaItem(row));
        }
      }
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
