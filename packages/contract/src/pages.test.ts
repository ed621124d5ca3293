import { describe, expect, it } from 'vitest';
import { matchPage } from './pages';

describe('matchPage', () => {
  it('names the page of an address, with its parameters as written', () => {
    expect(matchPage('/')).toEqual({ name: 'home', params: {} });
    expect(matchPage('/leaderboard/')).toEqual({ name: 'leaderboard', params: {} });
    expect(matchPage('/media/movies/glass%20harbor')).toEqual({
      name: 'media',
      params: { mediaType: 'movies', slug: 'glass%20harbor' },
    });
  });

  it('is null for an address no page has', () => {
    for (const path of ['/nope', '/media/movies', '/media/movies/a/b', '/media//a', '/watchlist/x'])
      expect(matchPage(path), path).toBeNull();
  });
});
