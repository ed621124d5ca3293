import {
  DEFAULT_LOCALE,
  type Locale,
  type MediaType,
  PROVIDER_SEARCH_BELOW,
  PROVIDER_SEARCH_MIN_LENGTH,
  type SearchItem,
  type SearchType,
} from '@releasebell/contract';
import type { FastifyBaseLogger } from 'fastify';
import { normaliseForSearch } from '../../lib/text';
import { createTtlCache } from '../../lib/ttl-cache';
import { type SearchItemFields, toSearchItem } from '../catalog';
import type { ProviderSearch, SyncImporter } from '../catalog-sync';
import { SearchIndex } from './live-index';
import type { SearchRepository } from './repository';
import { wordSimilarityTo } from './trigrams';

/** How long a visitor waits for the providers before the answer goes without them. */
const PROVIDER_SEARCH_WAIT_MS = 3000;

/** Below this many characters a typo cannot be told from a different word. */
const FUZZY_MIN_LENGTH = 3;
/**
 * Fewer matches than this (the dropdown shows 4) and the query found almost nothing: only then do the
 * costlier fallbacks run, close spellings and, after finished words were matched as words, every typed
 * word as a prefix.
 */
const FEW = 5;
/** A shorter typed word only starts title words: trigrams cannot tell its typo from another word. */
const CLOSE_WORD_MIN_LENGTH = 3;
/** Close words counted per typed word, the closest first. */
const CLOSE_WORDS_PER_WORD = 20;
/** Close spellings are ranked by similarity among this many of the most popular titles holding them. */
const FUZZY_CANDIDATES = 100;

/** The title index as it is now, and a way to read the catalog's latest changes into it. */
export interface IndexSource {
  current(): SearchIndex;
  refresh(): Promise<void>;
}

/**
 * Close spellings: every typed word starts a word of the title or is one of its close words (found in
 * the index's dictionary of title words); the FUZZY_CANDIDATES most popular such titles, best word
 * similarity to the query first, then most popular.
 */
function closeSpellings(index: SearchIndex, normalised: string, mediaType: MediaType | null, limit: number) {
  const words = normalised.split(' ');
  const close = new Map<string, string[]>();
  for (const w of new Set(words.filter((w) => w.length >= CLOSE_WORD_MIN_LENGTH))) {
    close.set(
      w,
      index.closeWords(w, CLOSE_WORDS_PER_WORD).map((c) => c.word),
    );
  }
  // Without close words the query is the word-prefix tier's, whose matches were all found already.
  if ([...close.values()].every((c) => c.length === 0)) return [];
  const matches = words.map((w) => ({ prefixes: [w], words: close.get(w) ?? [] }));
  const similarity = wordSimilarityTo(normalised);
  return index
    .candidates(matches, mediaType, FUZZY_CANDIDATES)
    .map((found) => ({ found, similarity: similarity(SearchIndex.text(found)) }))
    .sort((a, b) => b.similarity - a.similarity) // stable: equally similar stay most popular first
    .slice(0, limit)
    .map((c) => SearchIndex.id(c.found));
}

export function createSearchService(
  repo: SearchRepository,
  index: IndexSource,
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
    // The next search finds them, in this process at once (others follow the catalog's notice).
    await index.refresh();
    return items.map((i) => i.providerId);
  }

  return {
    /**
     * Best match first: the exact title, then titles starting with the query, then (for several words)
     * titles with each finished word and a word starting with the last one, then titles with a word
     * starting with each typed word, then close spellings. With a reader's `lang`, their names for
     * titles count too: starting with the query beside the title prefix, and with the typed words (or
     * close spellings of them) before the catalog's close spellings. Each tier runs only if the ones
     * before it left room; close spellings only when the others found almost nothing. The tiers read
     * the title index; the rows of what they found are read in one statement.
     */
    async search(query: string, type: SearchType, limit: number, lang?: Locale): Promise<SearchItem[]> {
      const normalised = normaliseForSearch(query);
      if (!normalised) return [];
      const mediaType = type === 'all' ? null : type;
      const titles = index.current();
      // Each tier is asked for `limit` rather than the room left: a later tier may repeat an earlier one.
      const found = new Set<string>();
      const add = (ids: string[]) => {
        for (const id of ids) if (found.size < limit) found.add(id);
      };
      const room = () => found.size < limit;
      const translated = lang && lang !== DEFAULT_LOCALE ? lang : null;
      add(titles.equal(normalised, mediaType, limit));
      // A reader finds a title by its name in their language as well as by the catalog's own.
      if (translated) add(await repo.translatedPrefix(normalised, translated, mediaType, limit));
      add(titles.startingWith(normalised, mediaType, limit));
      const words = normalised.split(' ');
      const last = words.at(-1) as string;
      // Words followed by a space are finished: a title holding them as words comes first.
      const whole =
        room() && words.length > 1
          ? titles.withWords(
              [
                ...words.slice(0, -1).map((w) => ({ prefixes: [], words: [w] })),
                { prefixes: [last], words: [] },
              ],
              mediaType,
              limit,
              normalised,
            )
          : null;
      if (whole) add(whole);
      if (room() && (whole === null || found.size < FEW)) {
        add(
          titles.withWords(
            words.map((w) => ({ prefixes: [w], words: [] })),
            mediaType,
            limit,
            normalised,
          ),
        );
      }
      const fuzzy = found.size < FEW && normalised.length >= FUZZY_MIN_LENGTH;
      // The reader's own names for titles: a word inside one, or (when little was found) a close spelling.
      if (room() && translated) {
        add(await repo.translatedWords(normalised, translated, mediaType, limit, fuzzy));
      }
      if (room() && fuzzy) add(closeSpellings(titles, normalised, mediaType, limit));
      const rows = new Map((await repo.rowsOf([...found])).map((r) => [r.id, r]));
      // A title removed since the index read it is forgotten, and the search asked again without it.
      const removed = [...found].filter((id) => !rows.has(id));
      if (removed.length > 0) {
        titles.forget(removed);
        return this.search(query, type, limit, lang);
      }
      return [...found].map((id) => toSearchItem(rows.get(id) as SearchItemFields));
    },

    /**
     * What TMDB and ISBNdb know for a query the catalog has few matches for, imported into the catalog
     * and answered as catalog items (so they can be opened and tracked like any other). Empty when
     * the catalog already has enough, the query is short, or no provider is configured; answers
     * without the providers after PROVIDER_SEARCH_WAIT_MS (the import goes on, for the next search).
     */
    async searchProviders(query: string, type: SearchType): Promise<SearchItem[]> {
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
        .map(toSearchItem);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
