/**
 * Keeping the catalog in step with TMDB and ISBNdb, and their live search.
 * The module's public surface: other code imports only this file.
 */
export { createFollowSources, type FollowSources } from './follow-sources';
export { createImportLookup, type ImportLookup, type LookupRow } from './import-lookup';
export { createProviderSearch, type ProviderSearch } from './provider-search';
export { createCatalogProviders } from './providers';
export { createSyncRepository } from './repository';
export {
  type CatalogSync,
  createCatalogSync,
  createFoundItemsImporter,
  SYNC_CHECK_SECONDS,
  SYNC_QUEUE,
  type SyncHandlers,
  type SyncImporter,
} from './sync-service';
