// @vitest-environment node
import type { RenderFetchAnswer } from '@releasebell/contract/pages';
import { describe, expect, it } from 'vitest';
import { makeConfig, makeItem } from './components/test-utils';
import { createPageRenderer } from './entry-server';

/**
 * The server's renderer (ADR 011), run as the server runs it: in Node, without a DOM, its API calls
 * answered by `get` (the server answers public catalog reads only and says null to the rest).
 */

const featured = makeItem({
  _id: 'f1',
  item_id: 'f1',
  title: 'Ashgrove Academy',
  media_type: 'tv_seasons',
  slug: 'ashgrove',
});
const list = (kind: string) =>
  Array.from({ length: 9 }, (_, i) =>
    makeItem({
      _id: `${kind}-${i}`,
      item_id: `${kind}-${i}`,
      title: `${kind} title ${i}`,
      media_type: 'tv_seasons',
      slug: `${kind}-${i}`,
    }),
  );
const CONFIG = makeConfig({ imageProxies: { tmdb: '/proxy-image/tmdb', isbndb: '/proxy-image/isbndb' } });

function fakeServer(answers: Record<string, RenderFetchAnswer | null>) {
  const asked: string[] = [];
  const get = async (path: string) => {
    asked.push(path);
    return path in answers ? (answers[path] ?? null) : null;
  };
  return { get, asked };
}

const ok = (body: unknown): RenderFetchAnswer => ({ status: 200, body: JSON.stringify(body) });
const HOME = {
  '/api/config': ok(CONFIG),
  '/trending/tv_seasons': ok(list('trending')),
  '/upcoming/tv_seasons': ok(list('upcoming')),
  '/media/featured/tv_seasons': ok(featured),
};
const viewer = { locale: 'en-GB', language: 'en-US', mediaType: 'tv_seasons' } as const;

describe('the server-rendered first screen', () => {
  it("draws the home page from the catalog's answers, and hands them to the browser", async () => {
    const server = fakeServer(HOME);
    const page = await createPageRenderer(server.get).render('/', viewer);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Ashgrove Academy');
    expect(page.html).toContain('upcoming title 0');
    expect(page.html).toContain('trending title 6');
    // The first seven cards of a row; the rest come in the browser.
    expect(page.html).not.toContain('trending title 7');
    const keys = (page.data.queries as { queries: { queryKey: unknown[] }[] }).queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['config'],
        ['home', 'trending', 'tv_seasons', ''],
        ['home', 'upcoming', 'tv_seasons', ''],
        ['home', 'featured', 'tv_seasons', ''],
      ]),
    );
    expect(page.data.viewer).toEqual(viewer);
    // Nothing of a member is asked for, and the home's other tabs wait for the browser.
    expect(server.asked).not.toContain('/api/session');
    expect(server.asked.some((p) => p.includes('movies') || p.includes('books'))).toBe(false);
    // No inline script (the CSP refuses them): the page's data travels apart, as JSON.
    expect(page.html).not.toMatch(/<script\b/);
  });

  it("draws the page in the visitor's language, with the same data", async () => {
    const server = fakeServer({
      ...HOME,
      '/trending/tv_seasons?lang=es': ok([makeItem({ title: 'Las crónicas del puerto' })]),
    });
    const spanish = await createPageRenderer(server.get).render('/', { ...viewer, language: 'es' });
    expect(spanish.html).toContain('Tendencias');
    // The catalog's titles in Spanish too: its reads carry the page's language.
    expect(server.asked).toContain('/trending/tv_seasons?lang=es');
    expect(spanish.html).toContain('Las crónicas del puerto');
    expect(spanish.html).toContain('Saltar al contenido');
    expect(spanish.html).not.toContain('Skip to content');
    expect(spanish.data.viewer.language).toBe('es');
    const english = await createPageRenderer(fakeServer(HOME).get).render('/', {
      ...viewer,
      language: 'en-US',
    });
    expect(english.html).toContain('Skip to content');
    expect(english.html).not.toContain('Tendencias');
  });

  it('draws the tab the visitor chose last (its cookie)', async () => {
    const server = fakeServer({
      '/api/config': ok(CONFIG),
      '/trending/books': ok([makeItem({ title: 'A Book Trend', media_type: 'books' })]),
      '/upcoming/books': ok([]),
      '/media/featured/books': ok(makeItem({ title: 'Featured Book', media_type: 'books' })),
    });
    const page = await createPageRenderer(server.get).render('/', {
      locale: null,
      language: 'en-US',
      mediaType: 'books',
    });
    expect(page.html).toContain('A Book Trend');
    expect(page.html).toMatch(/aria-selected="true"[^>]*>(?:<[^>]+>)*Books/);
  });

  it('leaves a list the server could not answer pending, for the browser to ask again', async () => {
    const server = fakeServer({ ...HOME, '/trending/tv_seasons': { status: 503, body: '{}' } });
    const page = await createPageRenderer(server.get).render('/', viewer);
    expect(page.html).toContain('upcoming title 0');
    expect(page.html).toContain('Loading Trending');
    const keys = (page.data.queries as { queries: { queryKey: unknown[] }[] }).queries.map((q) =>
      q.queryKey.join('/'),
    );
    expect(keys).not.toContain('home/trending/tv_seasons');
  });

  it("draws a title's page with the visitor's country's dates", async () => {
    const movie = makeItem({ title: 'Halcyon Relay', media_type: 'movies', slug: 'halcyon-relay' });
    const server = fakeServer({
      '/api/config': ok(CONFIG),
      '/media/slug/movies/halcyon-relay?region=GB': ok({ ...movie, regional_dates: null }),
      [`/media/recommendations/movies/${movie.item_id}`]: ok([]),
    });
    const page = await createPageRenderer(server.get).render('/media/movies/halcyon-relay', viewer);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[^>]*>Halcyon Relay<\/h1>/);
    expect(server.asked).toContain('/media/slug/movies/halcyon-relay?region=GB');
  });

  it("draws members' pages without anyone's data, and an unknown address as Page not found", async () => {
    const server = fakeServer(HOME);
    const watchlist = await createPageRenderer(server.get).render('/watchlist', viewer);
    expect(watchlist.status).toBe(200);
    expect(server.asked.every((p) => p === '/api/config')).toBe(true);
    const missing = await createPageRenderer(server.get).render('/no/such/page', viewer);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
  });
});
