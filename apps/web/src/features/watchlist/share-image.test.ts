import { describe, expect, it } from 'vitest';
import { shareImageSource } from './share-image';

describe('shareImageSource', () => {
  it('keeps same-origin posters, sends the known hosts through the proxy, and uses the placeholder otherwise', () => {
    expect(shareImageSource({ image: '/demo-posters/movies/mv-001.svg', media_type: 'movies' })).toBe(
      '/demo-posters/movies/mv-001.svg',
    );
    expect(shareImageSource({ image: 'https://image.tmdb.org/t/p/w500/abc.jpg', media_type: 'movies' })).toBe(
      '/proxy-image/tmdb/w500/abc.jpg',
    );
    expect(
      shareImageSource({ image: 'https://images.isbndb.com/covers/12/34/9781234.jpg', media_type: 'books' }),
    ).toBe('/proxy-image/isbndb/12/34/9781234.jpg');
    expect(shareImageSource({ image: 'https://elsewhere.example/x.jpg', media_type: 'books' })).toBe(
      '/placeholders/books.svg',
    );
    expect(shareImageSource({ image: '//evil.example/x.jpg', media_type: 'tv_seasons' })).toBe(
      '/placeholders/tv_seasons.svg',
    );
    expect(shareImageSource({ image: null, media_type: 'tv_seasons' })).toBe('/placeholders/tv_seasons.svg');
  });
});
