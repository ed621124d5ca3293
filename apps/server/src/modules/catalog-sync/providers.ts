import type { Config } from '../../config';
import type { ProviderClient } from '../../providers/http/provider-client';
import { createIsbndbClient } from '../../providers/isbndb/isbndb-provider';
import { createTmdbClient, type TmdbSettings } from '../../providers/tmdb/tmdb-provider';

/**
 * The configured metadata providers, each with one client for the whole process: the client holds
 * the token bucket, so the sync, search and request jobs share the provider's rate limit.
 */
export interface CatalogProviders {
  tmdb: { client: ProviderClient; settings: Pick<TmdbSettings, 'region' | 'language'> } | null;
  isbndb: { client: ProviderClient; imageBaseUrl: string } | null;
}

export function createCatalogProviders(config: Config): CatalogProviders {
  return {
    tmdb: config.tmdb ? { client: createTmdbClient(config.tmdb), settings: config.tmdb } : null,
    isbndb: config.isbndb
      ? { client: createIsbndbClient(config.isbndb), imageBaseUrl: config.imageProxy.upstreams.isbndb }
      : null,
  };
}
