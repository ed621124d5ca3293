import type { Config } from '../../config';
import type { ProviderClient, ProviderTime } from '../../providers/http/provider-client';
import { createIsbndbClient } from '../../providers/isbndb/isbndb-provider';
import {
  createTmdbClient,
  TMDB_REQUESTS_PER_SECOND,
  type TmdbSettings,
} from '../../providers/tmdb/tmdb-provider';

/**
 * The configured metadata providers, each with one client for the whole process: the client holds
 * the token bucket, so the sync, search and request jobs share the provider's rate limit.
 */
export interface CatalogProviders {
  tmdb: { client: ProviderClient; settings: Pick<TmdbSettings, 'region' | 'language'> } | null;
  isbndb: { client: ProviderClient; imageBaseUrl: string } | null;
}

/** `time`: the clients' waits (tests move it themselves); the process's own by default. */
export function createCatalogProviders(config: Config, time: ProviderTime = {}): CatalogProviders {
  return {
    tmdb: config.tmdb
      ? { client: createTmdbClient(config.tmdb, TMDB_REQUESTS_PER_SECOND, time), settings: config.tmdb }
      : null,
    isbndb: config.isbndb
      ? { client: createIsbndbClient(config.isbndb, time), imageBaseUrl: config.imageProxy.upstreams.isbndb }
      : null,
  };
}
