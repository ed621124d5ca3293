/**
 * Live search from the providers: when the catalog has fewer than PROVIDER_SEARCH_BELOW matches for
 * a query of at least PROVIDER_SEARCH_MIN_LENGTH characters, TMDB and ISBNdb are asked too and what
 * they find is imported (GET /api/search/providers), shown after the local results.
 */
export const PROVIDER_SEARCH_BELOW = 4;
export const PROVIDER_SEARCH_MIN_LENGTH = 3;
