/**
 * A member's tracked titles.
 * The module's public surface: other code imports only this file.
 */
export { createWatchlistRepository } from './repository';
export { watchlistRoutes } from './routes';
export { createWatchlistService } from './service';
