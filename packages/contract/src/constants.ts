// Plain values with no zod import, so the web app can use them without pulling zod into its bundle.

/** In the order the product shows them (tabs: TV Shows, Movies, Books). */
export const MEDIA_TYPES = ['tv_seasons', 'movies', 'books'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const SEARCH_TYPES = ['all', ...MEDIA_TYPES] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const DEFAULT_HYPE_PERCENTAGE = 25;
export const PRODUCT_NAME = 'Releasebell';
export const TAGLINE = 'Never Miss A Release!';

export const REQUEST_TITLE_MAX = 200;
export const REQUEST_EXTRA_INFO_MAX = 2000;
