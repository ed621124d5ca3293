import type { MediaType } from '@releasebell/contract';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { normaliseForSearch } from '../../lib/text';
import { ProviderNotFoundError } from '../../providers/http/provider-client';
import { booksAnswerSchema } from '../../providers/isbndb/schemas';
import { foldEditions, normaliseWork } from '../../providers/isbndb/works';
import { movieListSchema, searchMultiSchema, tvListSchema } from '../../providers/tmdb/schemas';
import { fetchMovie, normaliseMovie } from '../../providers/tmdb/tmdb-movies';
import { fetchSeries, normaliseSeason, trackableSeasons } from '../../providers/tmdb/tmdb-tv';
import type { NormalisedItem } from '../../providers/types';
import type { CatalogProviders } from './providers';

/**
 * Providers match loosely (any word, anywhere): keep what the catalog's own search would match, every
 * typed word starting a word of the title, so a search imports only what was asked for.
 */
function startsWords(title: string, query: string): boolean {
  const titleWords = normaliseForSearch(title).split(' ');
  return normaliseForSearch(query)
    .split(' ')
    .filter(Boolean)
    .every((w) => titleWords.some((t) => t.startsWith(w)));
}

/** How many titles of each provider one search imports at most (each costs a details request). */
const PER_PROVIDER = 4;

export interface ProviderSearchOptions {
  /** `null` searches every media type. */
  mediaType: MediaType | null;
  /** Someone is waiting: a short timeout and one try per request. */
  interactive: boolean;
}

/**
 * Titles TMDB and ISBNdb find for a query, as catalog items (not stored: the caller puts them through
 * the pipeline). A TV series found yields its seasons worth tracking, or its latest season when all are
 * old. A provider that fails or is not configured adds nothing; the other still answers.
 */
export function createProviderSearch(providers: CatalogProviders, clock: Clock) {
  async function tmdbSearch(query: string, mediaType: MediaType | null, interactive: boolean) {
    const tmdb = providers.tmdb;
    if (!tmdb || mediaType === 'books') return [];
    const call = interactive ? { timeoutMs: 2500, maxAttempts: 1 } : {};
    const { client, settings } = tmdb;
    const q = { query, language: settings.language, include_adult: 'false', page: 1 };
    const hits: { kind: 'movie' | 'tv'; id: number; name: string }[] =
      mediaType === null
        ? (await client.get('/search/multi', searchMultiSchema, q, call)).results.flatMap(
            (r): { kind: 'movie' | 'tv'; id: number; name: string }[] =>
              r.media_type === 'movie'
                ? [{ kind: 'movie', id: r.id, name: r.title }]
                : r.media_type === 'tv'
                  ? [{ kind: 'tv', id: r.id, name: r.name }]
                  : [],
          )
        : mediaType === 'movies'
          ? (await client.get('/search/movie', movieListSchema, q, call)).results.map((r) => ({
              kind: 'movie' as const,
              id: r.id,
              name: r.title,
            }))
          : (await client.get('/search/tv', tvListSchema, q, call)).results.map((r) => ({
              kind: 'tv' as const,
              id: r.id,
              name: r.name,
            }));
    const wanted = hits.filter((h) => startsWords(h.name, query));
    const today = toIsoDate(clock());
    const found = await Promise.all(
      wanted.slice(0, PER_PROVIDER).map(async (hit): Promise<NormalisedItem[]> => {
        try {
          if (hit.kind === 'movie')
            return [normaliseMovie(await fetchMovie(client, hit.id, settings, call), settings)];
          const series = await fetchSeries(client, hit.id, settings, call);
          const current = trackableSeasons(series, today);
          const latest = series.seasons.filter((s) => s.season_number >= 1).slice(-1);
          return (current.length > 0 ? current : latest).map((season) => normaliseSeason(series, season));
        } catch (err) {
          if (err instanceof ProviderNotFoundError) return [];
          throw err;
        }
      }),
    );
    return found.flat();
  }

  async function isbndbSearch(query: string, mediaType: MediaType | null, interactive: boolean) {
    const isbndb = providers.isbndb;
    if (!isbndb || (mediaType !== null && mediaType !== 'books')) return [];
    const call = interactive ? { timeoutMs: 2500, maxAttempts: 1 } : {};
    try {
      const answer = await isbndb.client.get(
        `/books/${encodeURIComponent(query)}`,
        booksAnswerSchema,
        { column: 'title', pageSize: 40 },
        call,
      );
      return foldEditions(answer.books)
        .slice(0, PER_PROVIDER)
        .map((editions) => normaliseWork(editions, isbndb.imageBaseUrl));
    } catch (err) {
      // ISBNdb answers a search that finds nothing with a 404.
      if (err instanceof ProviderNotFoundError) return [];
      throw err;
    }
  }

  return {
    /** What the providers find; one provider's failure is the caller's to log, the other's hits come. */
    async search(
      query: string,
      options: ProviderSearchOptions,
    ): Promise<{ items: NormalisedItem[]; failures: unknown[] }> {
      const settled = await Promise.allSettled([
        tmdbSearch(query, options.mediaType, options.interactive),
        isbndbSearch(query, options.mediaType, options.interactive),
      ]);
      return {
        items: settled
          .flatMap((s) => (s.status === 'fulfilled' ? s.value : []))
          .filter((i) => startsWords(i.title, query)),
        failures: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : [])),
      };
    },
    configured: providers.tmdb !== null || providers.isbndb !== null,
  };
}
export type ProviderSearch = ReturnType<typeof createProviderSearch>;
