/**
 * Search over the catalog and the providers.
 * The module's public surface: other code imports only this file.
 */
export { followCatalog } from './live-index';
export { createSearchRepository } from './repository';
export { searchRoutes } from './routes';
export { createSearchService } from './service';
