/**
 * Where the app's "now" comes from. One clock is made in buildApp and handed to every service that
 * stamps or compares times (watchlist adds and tracking events, leaderboard and trending windows, the
 * catalog's today, requests, profiles), so a test with a fixed clock sees one consistent time. Rows are
 * stamped with it explicitly: a column default of the database's now() would be a second clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
