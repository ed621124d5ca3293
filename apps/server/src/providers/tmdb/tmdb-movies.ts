import { addDays } from '../../lib/dates';
import type { ProviderClient } from '../http/provider-client';
import type { Credit, NormalisedItem } from '../types';
import { displayedReleaseDate, typedReleaseDates } from './release-dates';
import { type MovieDetails, movieDetailsSchema, pageOfIdsSchema } from './schemas';
import { creditRole } from './tmdb-people';
import { movieTranslations } from './tmdb-translations';

export interface TmdbMovieOptions {
  /** ISO 3166-1 country whose dates are shown by default (TMDB_REGION). */
  region: string;
  /** TMDB_LANGUAGE, e.g. en-US. */
  language: string;
}

/**
 * TMDB's popularity is open-ended (a few to several thousand); the catalog ranks on 0-100, where a
 * few members tracking a title visibly move it (docs/ranking.md). A log scale keeps the order.
 */
export function popularityScore(tmdbPopularity: number | null | undefined): number {
  const p = Math.max(0, tmdbPopularity ?? 0);
  return Math.min(100, Math.round(20 * Math.log10(1 + p) * 10) / 10);
}

/** One movie in our shape: the region's date shown, every typed regional date kept. */
export function normaliseMovie(movie: MovieDetails, options: TmdbMovieOptions): NormalisedItem {
  const description = movie.overview ?? '';
  const releaseDates = typedReleaseDates(movie.release_dates);
  const releaseDate = displayedReleaseDate(releaseDates, options.region, movie.release_date);
  const director = movie.credits?.crew.find((c) => c.job === 'Director')?.name ?? null;
  return {
    providerId: `tmdb:movie:${movie.id}`,
    mediaType: 'movies',
    title: movie.title,
    description,
    // Through the image proxy: the page's CSP allows only its own origin for images.
    image: movie.poster_path ? `/proxy-image/tmdb/w500${movie.poster_path}` : null,
    author: null,
    director,
    networkName: null,
    series: null,
    seriesNumber: null,
    creator: director,
    creatorLabel: 'Director',
    releaseDate,
    releaseDatePrecision: releaseDate ? 'day' : null,
    language: (movie.original_language ?? 'en').slice(0, 2),
    genres: movie.genres.map((g) => g.name),
    hypeMeterPercentage: null,
    popularity: popularityScore(movie.popularity),
    releaseDates,
    credits: movieCredits(movie),
    identifiers: movie.imdb_id ? [{ scheme: 'imdb', value: movie.imdb_id }] : [],
    ...(movie.translations
      ? { translations: movieTranslations({ title: movie.title, description }, movie.translations) }
      : {}),
  };
}

/** Billed this high or higher, an actor's films are theirs to follow; further down the list they are not. */
const LEADING_CAST = 10;

/** The people a member can follow through a movie: its directors, writers and leading cast. */
function movieCredits(movie: MovieDetails): Credit[] | undefined {
  if (!movie.credits) return undefined;
  const person = (p: { id: number; name: string }, role: Credit['role']): Credit => ({
    ref: `tmdb:person:${p.id}`,
    role,
    name: p.name,
  });
  const crew = movie.credits.crew.flatMap((c) => {
    const role = creditRole(c);
    return role ? [person(c, role)] : [];
  });
  return uniqueCredits([...crew, ...leadingCast(movie.credits.cast)]);
}

/** The first billed of a cast, as `acting` credits. */
export function leadingCast(
  cast: { id: number; name: string; order?: number | null | undefined }[],
): Credit[] {
  return [...cast]
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999))
    .slice(0, LEADING_CAST)
    .map((c) => ({ ref: `tmdb:person:${c.id}`, role: 'acting', name: c.name }));
}

/** One credit per ref and role (TMDB lists a writer once per writing job). */
export function uniqueCredits(credits: Credit[]): Credit[] {
  return [...new Map(credits.map((c) => [`${c.ref} ${c.role}`, c])).values()];
}

/** A movie by id, with its typed dates and credits, in one request. */
export function fetchMovie(
  client: ProviderClient,
  id: number,
  options: TmdbMovieOptions,
  call?: Parameters<ProviderClient['get']>[3],
) {
  return client.get(
    `/movie/${id}`,
    movieDetailsSchema,
    { append_to_response: 'release_dates,credits,translations', language: options.language },
    call,
  );
}

/** A list endpoint and the query that selects it. */
export type TmdbList = [path: string, query: Record<string, string>];

/** Every id on `lists`, up to `pages` pages each. */
export async function idsOnLists(
  client: ProviderClient,
  lists: TmdbList[],
  pages: number,
): Promise<number[]> {
  const ids = new Set<number>();
  for (const [list, query] of lists) {
    for (let page = 1; page <= pages; page++) {
      const answer = await client.get(list, pageOfIdsSchema, { ...query, page });
      for (const item of answer.results) ids.add(item.id);
      if (page >= answer.total_pages) break;
    }
  }
  return [...ids];
}

/**
 * The ids on TMDB's movie lists for the region: upcoming, now playing, popular, trending this week,
 * and the region's theatrical and digital releases of the next 12 months, most popular first.
 */
export function listedMovieIds(
  client: ProviderClient,
  options: TmdbMovieOptions & { pages: number; today: string },
): Promise<number[]> {
  const common = { region: options.region, language: options.language };
  return idsOnLists(
    client,
    [
      ['/movie/upcoming', common],
      ['/movie/now_playing', common],
      ['/movie/popular', common],
      ['/trending/movie/week', { language: options.language }],
      [
        '/discover/movie',
        {
          ...common,
          'release_date.gte': options.today,
          'release_date.lte': addDays(options.today, 365),
          with_release_type: '2|3|4',
          sort_by: 'popularity.desc',
        },
      ],
    ],
    options.pages,
  );
}
