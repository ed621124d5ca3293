/**
 * TMDB's ids in a title's catalog key, as tmdb-movies.ts and tmdb-tv.ts write it: `tmdb:movie:603`
 * is movie 603, `tmdb:tv:1399:3` season 3 of series 1399; any other key names none.
 */
export function tmdbIdsOf(providerId: string): { tmdb?: number; season?: number } {
  const movie = /^tmdb:movie:(\d{1,10})$/.exec(providerId);
  if (movie) return { tmdb: Number(movie[1]) };
  const season = /^tmdb:tv:(\d{1,10}):(\d{1,4})$/.exec(providerId);
  return season ? { tmdb: Number(season[1]), season: Number(season[2]) } : {};
}
