import { describe, expect, expectTypeOf, it } from 'vitest';
import { POSTER_USES, posterUrl, TMDB_POSTER_SIZE_FOR, TMDB_POSTER_SIZES } from './constants';

describe('posterUrl', () => {
  it('asks TMDB for w342 on cards, w500 on the item page and w342 in the share image', () => {
    const stored = '/proxy-image/tmdb/w500/8cdWjvZQUExUUTzyp4t6EDMubfO.jpg';
    expect(posterUrl(stored, 'card')).toBe('/proxy-image/tmdb/w342/8cdWjvZQUExUUTzyp4t6EDMubfO.jpg');
    expect(posterUrl(stored, 'detail')).toBe('/proxy-image/tmdb/w500/8cdWjvZQUExUUTzyp4t6EDMubfO.jpg');
    expect(posterUrl(stored, 'share')).toBe('/proxy-image/tmdb/w342/8cdWjvZQUExUUTzyp4t6EDMubfO.jpg');
  });

  it('rewrites whatever width was stored, and only the width', () => {
    expect(posterUrl('/proxy-image/tmdb/w92/a.jpg', 'detail')).toBe('/proxy-image/tmdb/w500/a.jpg');
    expect(posterUrl('/proxy-image/tmdb/w780/a.jpg', 'card')).toBe('/proxy-image/tmdb/w342/a.jpg');
    // A file whose name looks like a size keeps its name.
    expect(posterUrl('/proxy-image/tmdb/w500/w500/a.jpg', 'card')).toBe('/proxy-image/tmdb/w342/w500/a.jpg');
  });

  it('passes ISBNdb covers, demo posters, placeholders, original, other URLs and null through unchanged', () => {
    for (const image of [
      '/proxy-image/isbndb/12/34/9781234567897.jpg',
      '/demo-posters/movies/mv-001.svg',
      '/placeholders/movies.svg',
      '/proxy-image/tmdb/original/a.jpg',
      '/proxy-image/tmdb/a.jpg',
      '/proxy-image/tmdbx/w500/a.jpg',
      '/proxy-image/isbndb/w500/a.jpg',
      'https://image.tmdb.org/t/p/w500/a.jpg',
      '/elsewhere/proxy-image/tmdb/w500/a.jpg',
    ]) {
      for (const use of POSTER_USES) expect(posterUrl(image, use), `${image} ${use}`).toBe(image);
    }
    for (const use of POSTER_USES) {
      expect(posterUrl(null, use)).toBeNull();
      expect(posterUrl(undefined, use)).toBeNull();
      expect(posterUrl('', use)).toBe('');
    }
  });

  it('only ever picks a size TMDB serves', () => {
    for (const use of POSTER_USES) expect(TMDB_POSTER_SIZES).toContain(TMDB_POSTER_SIZE_FOR[use]);
  });

  it('keeps a string a string for the type checker', () => {
    expectTypeOf(posterUrl('/x.jpg', 'card')).toEqualTypeOf<string>();
    expectTypeOf(posterUrl(null as string | null, 'card')).toEqualTypeOf<string | null>();
  });
});
