/**
 * Following a series, a person or an author: their titles still to come on the watchlist.
 * The module's public surface: other code imports only this file.
 */
export { createFollowsRepository } from './repository';
export { followRoutes } from './routes';
export { createFollowsService, type FollowsService, type FollowsSyncResult } from './service';
