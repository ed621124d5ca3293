export * from './config';
export * from './constants';
export * from './errors';
export * from './leaderboard';
export * from './media';
export * from './requests';
export * from './users';
export * from './watchlist';
