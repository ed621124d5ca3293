import type { Config } from '../../config';
import { createProviderClient, type ProviderClient, ProviderNotFoundError } from '../http/provider-client';
import type { MetadataProvider } from '../types';
import type { MovieDetails } from './schemas';
import { fetchMovie, listedMovieIds, normaliseMovie } from './tmdb-movies';

/** TMDB asks clients to stay around 40 requests per second. */
export const TMDB_REQUESTS_PER_SECOND = 40;

export type TmdbSettings = NonNullable<Config['tmdb']>;

/** The client for TMDB's API with the configured credentials (a v4 token, or a v3 key). */
export function createTmdbClient(
  settings: TmdbSettings,
  requestsPerSecond = TMDB_REQUESTS_PER_SECOND,
): ProviderClient {
  const token = 'token' in settings.auth ? settings.auth.token : null;
  return createProviderClient({
    name: 'TMDB',
    baseUrl: settings.apiUrl,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...('apiKey' in settings.auth ? { query: { api_key: settings.auth.apiKey } } : {}),
    keyVariable: token ? 'TMDB_API_TOKEN' : 'TMDB_API_KEY',
    requestsPerSecond,
  });
}

/**
 * TMDB's movies through the ingestion pipeline: the ones named (`ids`), or those on TMDB's lists for
 * the region (upcoming, now playing, popular, trending), each fetched with its typed dates and credits.
 */
export function createTmdbMovieProvider(
  client: ProviderClient,
  settings: Pick<TmdbSettings, 'region' | 'language'>,
  options: {
    ids?: number[];
    listPages?: number;
    onProgress?: (done: number, total: number) => void;
    /** A named id TMDB does not know: reported here and skipped (the others still come). */
    onMissing?: (providerId: string) => void;
  } = {},
): MetadataProvider<MovieDetails> {
  const movieOptions = { region: settings.region, language: settings.language };
  return {
    name: 'tmdb',
    async *fetch() {
      const ids =
        options.ids ?? (await listedMovieIds(client, { ...movieOptions, pages: options.listPages ?? 5 }));
      for (let i = 0; i < ids.length; i += 20) {
        // In parallel: the client's token bucket keeps the pace under TMDB's limit.
        const found = await Promise.all(
          ids.slice(i, i + 20).map((id) =>
            fetchMovie(client, id, movieOptions).catch((err: unknown) => {
              if (!(err instanceof ProviderNotFoundError)) throw err;
              options.onMissing?.(`tmdb:movie:${id}`);
              return null;
            }),
          ),
        );
        const batch = found.filter((m): m is MovieDetails => m !== null);
        options.onProgress?.(Math.min(ids.length, i + 20), ids.length);
        yield batch;
      }
    },
    normalise: (movie) => normaliseMovie(movie, movieOptions),
  };
}
