import type { Config } from '../../config';
import { toIsoDate } from '../../lib/dates';
import {
  createProviderClient,
  type ProviderClient,
  ProviderNotFoundError,
  type ProviderTime,
} from '../http/provider-client';
import type { MetadataProvider } from '../types';
import type { MovieDetails, TvDetails } from './schemas';
import { fetchMovie, listedMovieIds, normaliseMovie } from './tmdb-movies';
import { fetchSeries, listedSeriesIds, normaliseSeason, trackableSeasons } from './tmdb-tv';

/** TMDB asks clients to stay around 40 requests per second. */
export const TMDB_REQUESTS_PER_SECOND = 40;

export type TmdbSettings = NonNullable<Config['tmdb']>;

/** The client for TMDB's API with the configured credentials (a v4 token, or a v3 key). */
export function createTmdbClient(
  settings: TmdbSettings,
  requestsPerSecond = TMDB_REQUESTS_PER_SECOND,
  time: ProviderTime = {},
): ProviderClient {
  const token = 'token' in settings.auth ? settings.auth.token : null;
  return createProviderClient({
    name: 'TMDB',
    baseUrl: settings.apiUrl,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...('apiKey' in settings.auth ? { query: { api_key: settings.auth.apiKey } } : {}),
    keyVariable: token ? 'TMDB_API_TOKEN' : 'TMDB_API_KEY',
    requestsPerSecond,
    ...time,
  });
}

/** What TMDB gives the pipeline: a movie, or one season of a series. */
export type TmdbRaw = { movie: MovieDetails } | { series: TvDetails; season: TvDetails['seasons'][number] };

export interface TmdbSelection {
  /** Named titles (catalog:import); without them, what is on TMDB's lists for the region. */
  movies?: number[];
  seasons?: { series: number; season: number }[];
  /** Named series: each with its seasons worth tracking (a follow's). */
  series?: number[];
  listPages?: number;
  onProgress?: (done: number, total: number) => void;
  /** A named title TMDB does not know: reported here and skipped (the others still come). */
  onMissing?: (providerId: string) => void;
  today?: () => Date;
}

/**
 * TMDB's movies and TV seasons through the ingestion pipeline: each movie with its typed dates and
 * credits, each series' seasons worth tracking (announced, to come, or out within a year).
 */
export function createTmdbProvider(
  client: ProviderClient,
  settings: Pick<TmdbSettings, 'region' | 'language'>,
  selection: TmdbSelection = {},
): MetadataProvider<TmdbRaw> {
  const options = { region: settings.region, language: settings.language };
  const named =
    selection.movies !== undefined || selection.seasons !== undefined || selection.series !== undefined;
  const missing = (providerId: string) => (err: unknown) => {
    if (!(err instanceof ProviderNotFoundError)) throw err;
    selection.onMissing?.(providerId);
    return null;
  };
  return {
    name: 'tmdb',
    async *fetch() {
      const pages = selection.listPages ?? 5;
      const today = toIsoDate(selection.today?.() ?? new Date());
      const listed = { ...options, pages, today };
      const movieIds = named ? (selection.movies ?? []) : await listedMovieIds(client, listed);
      const seriesIds = named
        ? [...new Set([...(selection.seasons ?? []).map((s) => s.series), ...(selection.series ?? [])])]
        : await listedSeriesIds(client, listed);
      const total = movieIds.length + seriesIds.length;
      let done = 0;
      // In parallel, 20 at a time: the client's token bucket keeps the pace under TMDB's limit.
      for (let i = 0; i < movieIds.length; i += 20) {
        const found = await Promise.all(
          movieIds
            .slice(i, i + 20)
            .map((id) => fetchMovie(client, id, options).catch(missing(`tmdb:movie:${id}`))),
        );
        done += found.length;
        selection.onProgress?.(done, total);
        yield found.flatMap((movie) => (movie ? [{ movie }] : []));
      }
      for (let i = 0; i < seriesIds.length; i += 20) {
        const found = await Promise.all(
          seriesIds
            .slice(i, i + 20)
            .map((id) => fetchSeries(client, id, options).catch(missing(`tmdb:tv:${id}`))),
        );
        done += found.length;
        selection.onProgress?.(done, total);
        const batch: TmdbRaw[] = [];
        for (const series of found) {
          if (!series) continue;
          const wanted =
            named && !selection.series?.includes(series.id)
              ? (selection.seasons ?? []).filter((s) => s.series === series.id).map((s) => s.season)
              : null;
          const seasons = wanted
            ? series.seasons.filter((s) => wanted.includes(s.season_number))
            : trackableSeasons(series, today);
          for (const n of wanted ?? []) {
            if (!seasons.some((s) => s.season_number === n))
              selection.onMissing?.(`tmdb:tv:${series.id}:${n}`);
          }
          batch.push(...seasons.map((season) => ({ series, season })));
        }
        yield batch;
      }
    },
    normalise: (raw) =>
      'movie' in raw ? normaliseMovie(raw.movie, options) : normaliseSeason(raw.series, raw.season),
  };
}
