/**
 * The weekly and monthly leaderboard of the most tracked titles.
 * The module's public surface: other code imports only this file.
 */
export { createLeaderboardRepository } from './repository';
export { leaderboardRoutes } from './routes';
export { createLeaderboardService } from './service';
