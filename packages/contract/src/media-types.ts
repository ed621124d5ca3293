// The kinds of title: below every other contract file, which may all use them.

/** In the order the product shows them (tabs: TV Shows, Movies, Books). */
export const MEDIA_TYPES = ['tv_seasons', 'movies', 'books'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const SEARCH_TYPES = ['all', ...MEDIA_TYPES] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
