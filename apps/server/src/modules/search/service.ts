import type { MediaItem, SearchType } from '@releasebell/contract';
import { normaliseForSearch } from '../../lib/text';
import { toMediaItem } from '../catalog/media-item';
import type { SearchRepository } from './repository';

/** Below this many characters a typo cannot be told from a different word. */
export const FUZZY_MIN_LENGTH = 3;
/**
 * Close spellings are looked for only when prefix matching found fewer than this (the dropdown shows 4):
 * a typo shows up as few or no prefix matches, and the trigram comparison is the costliest step.
 */
export const FUZZY_BELOW = 5;

export function createSearchService(repo: SearchRepository) {
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
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
