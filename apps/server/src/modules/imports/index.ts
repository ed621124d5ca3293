/**
 * Importing lists from Goodreads, StoryGraph, Letterboxd and IMDb (ADR 015).
 * The module's public surface: other code imports only this file.
 */
export { createCatalogMatcher } from './matcher';
export { createImportsRepository } from './repository';
export { importRoutes } from './routes';
export { createImportsService, IMPORTS_QUEUE, type ImportsService } from './service';
