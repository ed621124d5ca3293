import { describe, expect, it } from 'vitest';
import { shareImageSource } from './share-image';

const proxies = { tmdb: 'https://image.tmdb.org/t/p', isbndb: 'https://images.isbndb.com/covers' };

describe('shareImageSource', () => {
  it('keeps same-origin posters, sends the proxied hosts through the proxy, and uses the placeholder otherwise', () => {
    expect(
      shareImageSource({ image: '/demo-posters/movies/mv-001.svg', media_type: 'movies' }, proxies),
    ).toBe('/demo-posters/movies/mv-001.svg');
    expect(
      shareImageSource({ image: 'https://image.tmdb.org/t/p/w500/abc.jpg', media_type: 'movies' }, proxies),
    ).toBe('/proxy-image/tmdb/w342/abc.jpg');
    expect(
      shareImageSource(
        { image: 'https://images.isbndb.com/covers/12/34/9781234.jpg', media_type: 'books' },
        proxies,
      ),
    ).toBe('/proxy-image/isbndb/12/34/9781234.jpg');
    for (const image of [
      'https://elsewhere.example/x.jpg',
      'https://image.tmdb.org.evil.example/t/p/w500/abc.jpg',
      'https://image.tmdb.org/t/pwned/abc.jpg',
      'http://image.tmdb.org/t/p/w500/abc.jpg',
    ]) {
      expect(shareImageSource({ image, media_type: 'books' }, proxies)).toBe('/placeholders/books.svg');
    }
    expect(shareImageSource({ image: '//evil.example/x.jpg', media_type: 'tv_seasons' }, proxies)).toBe(
      '/placeholders/tv_seasons.svg',
    );
    expect(shareImageSource({ image: null, media_type: 'tv_seasons' }, proxies)).toBe(
      '/placeholders/tv_seasons.svg',
    );
  });

  it("asks for TMDB's w342 (the share image draws posters 300 px wide) and keeps ISBNdb covers as stored", () => {
    expect(shareImageSource({ image: '/proxy-image/tmdb/w500/abc.jpg', media_type: 'movies' }, proxies)).toBe(
      '/proxy-image/tmdb/w342/abc.jpg',
    );
    expect(
      shareImageSource({ image: '/proxy-image/isbndb/12/34/9781234.jpg', media_type: 'books' }, proxies),
    ).toBe('/proxy-image/isbndb/12/34/9781234.jpg');
  });

  it('follows the image hosts the server is configured with', () => {
    const custom = { ...proxies, tmdb: 'https://img.example.org/tmdb' };
    expect(
      shareImageSource({ image: 'https://img.example.org/tmdb/w500/abc.jpg', media_type: 'movies' }, custom),
    ).toBe('/proxy-image/tmdb/w342/abc.jpg');
    expect(
      shareImageSource({ image: 'https://image.tmdb.org/t/p/w500/abc.jpg', media_type: 'movies' }, custom),
    ).toBe('/placeholders/movies.svg');
  });
});
