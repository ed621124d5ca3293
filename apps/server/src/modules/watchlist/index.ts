/**
 * A member's tracked titles.
 * The module's public surface: other code imports only this file.
 */
export { createWatchlistRepository, type WatchlistRepository } from './repository';
export { watchlistRoutes } from './routes';
export { createWatchlistService } from './service';
