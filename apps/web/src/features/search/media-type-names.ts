import type { MediaType } from '@releasebell/contract/constants';

/** One result's kind, in the singular ("Movie", not the filter's "Movies"). */
export const MEDIA_TYPE_SINGULAR: Record<MediaType, string> = {
  movies: 'Movie',
  tv_seasons: 'TV Show',
  books: 'Book',
};
