import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';
import {
  API_EXACT_PATHS,
  API_PATH_PREFIXES,
  isApiPath,
  isPagePublicRead,
  matchRoute,
  PAGE_PUBLIC_READS,
  pathTo,
  ROUTES,
  type Route,
} from './routes';

const routes = Object.entries(ROUTES) as [string, Route][];
/** A route's address with every parameter filled in. */
const sample = (route: Route) => route.path.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*$/, 'x/y.jpg');

describe('the route table', () => {
  it('has each method and path once, in Fastify syntax', () => {
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, route] of routes) {
      expect(route.path, name).toMatch(/^\/[A-Za-z0-9_.:/-]*\*?$/);
      if (route.pageRead)
        expect({ name, method: route.method, access: route.access }).toEqual({
          name,
          method: 'GET',
          access: 'public',
        });
    }
  });

  it('keeps the paths of the spec (section 7) as they are written there', () => {
    expect(ROUTES.registerProfile).toMatchObject({ method: 'POST', path: '/user/register' });
    expect(ROUTES.getUsername.path).toBe('/user/profile/:uid');
    expect(ROUTES.updateProfile).toMatchObject({ method: 'PUT', path: '/user/update/:uid' });
    for (const route of [ROUTES.getWatchlist, ROUTES.addToWatchlist, ROUTES.removeFromWatchlist])
      expect(route.path).toBe('/watchlist/:uid');
    expect(ROUTES.searchMedia.path).toBe('/api/search');
    expect(ROUTES.listTrending.path).toBe('/trending/:mediaType');
    expect(ROUTES.listUpcoming.path).toBe('/upcoming/:mediaType');
    expect(ROUTES.getFeatured.path).toBe('/media/featured/:mediaType');
    expect(ROUTES.getMediaBySlug.path).toBe('/media/slug/:mediaType/:slug');
    expect(ROUTES.listRecommendations.path).toBe('/media/recommendations/:mediaType/:itemId');
    expect(ROUTES.getLeaderboard.path).toBe('/leaderboard/api/leaderboard');
    expect(ROUTES.requestTitle).toMatchObject({ method: 'POST', path: '/api/request' });
    expect(ROUTES.getProxiedImage.path).toBe('/proxy-image/:provider/*');
  });

  it("holds every route's address as API, and no address of the web app's pages", () => {
    for (const [name, route] of routes) {
      if (route.page) continue;
      expect({ name, api: isApiPath(sample(route)) }).toEqual({ name, api: true });
    }
    for (const [name, page] of Object.entries(PAGES)) {
      const address = page.path.replace(/:[A-Za-z]+/g, 'x');
      expect({ name, api: isApiPath(address) }).toEqual({ name, api: false });
    }
  });

  it('derives where the API lives, as the server fallback and the dev proxy had it', () => {
    expect([...API_PATH_PREFIXES].sort()).toEqual(
      [
        '/api/',
        '/user/',
        '/watchlist/',
        '/trending/',
        '/upcoming/',
        '/media/featured/',
        '/media/slug/',
        '/media/recommendations/',
        '/proxy-image/',
        '/s/',
        '/calendar/',
        '/demo-posters/',
        '/og/',
        '/sitemap-items-',
      ].sort(),
    );
    expect([...API_EXACT_PATHS].sort()).toEqual(
      [
        '/healthz',
        '/readyz',
        '/metrics',
        '/sitemap.xml',
        '/robots.txt',
        '/leaderboard/api/leaderboard',
      ].sort(),
    );
    expect(isApiPath('/api/nope?x=1')).toBe(true);
    // The API reference is a page, with its own scripts.
    expect(isApiPath('/api/docs')).toBe(false);
    expect(isApiPath('/api/docs/static/index.css')).toBe(false);
    expect(isApiPath('/assets/index-abc.js')).toBe(false);
  });
});

describe('pathTo', () => {
  it('fills in the parameters, each percent-encoded', () => {
    expect(pathTo(ROUTES.getWatchlist, { uid: 'a/b c' })).toBe('/watchlist/a%2Fb%20c');
    expect(pathTo(ROUTES.getMediaBySlug, { mediaType: 'movies', slug: 'glass harbor' })).toBe(
      '/media/slug/movies/glass%20harbor',
    );
    expect(pathTo(ROUTES.testChannel, { id: 7 })).toBe('/api/channels/7/test');
    expect(pathTo(ROUTES.getLinkPreviewImage, { mediaType: 'books', slug: 'dune' })).toBe(
      '/og/books/dune.png',
    );
    expect(pathTo(ROUTES.getSitemapFile, { page: 2 })).toBe('/sitemap-items-2.xml');
    expect(pathTo(ROUTES.getSession)).toBe('/api/session');
  });

  it('keeps the slashes of a rest-of-path parameter', () => {
    expect(pathTo(ROUTES.getProxiedImage, { provider: 'tmdb', '*': 'w500/a b.jpg' })).toBe(
      '/proxy-image/tmdb/w500/a%20b.jpg',
    );
    expect(pathTo(ROUTES.getProxiedImage, { provider: 'tmdb', '*': '' })).toBe('/proxy-image/tmdb/');
  });

  it('adds the query in the order written, leaving out null and undefined', () => {
    expect(pathTo(ROUTES.searchMedia, {}, { q: 'dune & co', type: 'all', limit: undefined })).toBe(
      '/api/search?q=dune%20%26%20co&type=all',
    );
    expect(pathTo(ROUTES.getMediaBySlug, { mediaType: 'movies', slug: 'x' }, { region: null })).toBe(
      '/media/slug/movies/x',
    );
  });

  it('refuses a missing parameter', () => {
    // @ts-expect-error: the type asks for uid too
    expect(() => pathTo(ROUTES.getWatchlist, {})).toThrow(/uid/);
  });
});

it('matches an address against a route, with its parameters as written', () => {
  expect(matchRoute(ROUTES.getDemoPoster, '/demo-posters/movies/mv-011.svg')).toEqual({
    mediaType: 'movies',
    file: 'mv-011.svg',
  });
  expect(matchRoute(ROUTES.getLinkPreviewImage, '/og/movies/glass-harbor.png')).toEqual({
    mediaType: 'movies',
    slug: 'glass-harbor',
  });
  expect(matchRoute(ROUTES.getProxiedImage, '/proxy-image/tmdb/w500/a.jpg')).toEqual({
    provider: 'tmdb',
    '*': 'w500/a.jpg',
  });
  expect(matchRoute(ROUTES.getDemoPoster, '/demo-posters/movies/a/b.svg')).toBeNull();
  expect(matchRoute(ROUTES.getLinkPreviewImage, '/og/movies/glass-harbor.jpg')).toBeNull();
});

describe('what a server-rendered page may read', () => {
  it('is the public catalog reads the pages make', () => {
    expect(PAGE_PUBLIC_READS.map((r) => r.path).sort()).toEqual(
      [
        '/api/config',
        '/api/search',
        '/leaderboard/api/leaderboard',
        '/media/featured/:mediaType',
        '/media/recommendations/:mediaType/:itemId',
        '/media/slug/:mediaType/:slug',
        '/trending/:mediaType',
        '/upcoming/:mediaType',
      ].sort(),
    );
    for (const p of [
      '/trending/books',
      '/media/slug/movies/glass-harbor?region=GB',
      '/api/search?q=&type=all',
      '/leaderboard/api/leaderboard?timeframe=weekly&media_type=movies&page=2',
      pathTo(ROUTES.listRecommendations, { mediaType: 'movies', itemId: 'a b' }),
    ])
      expect(isPagePublicRead(p), p).toBe(true);
  });

  it("is nothing of a member's, no provider call, and no query the read does not take", () => {
    for (const p of [
      '/watchlist/list',
      '/api/auth/get-session',
      '/api/session',
      '/api/search/providers?q=dra&type=all',
      '/trending/books?limit=500',
      '/api/search?q=a&q=b&type=all',
      '/media/slug/movies/x?region=GB&debug=1',
      '/trending/books/../../api/session',
      '/trending/..',
    ])
      expect(isPagePublicRead(p), p).toBe(false);
  });
});
