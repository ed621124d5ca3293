import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isPagePublicRead, PAGE_DATA_ELEMENT_ID } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, insertItem } from '../../../test/helpers';
import { viewerOf } from './page-renderer';

/**
 * The server-rendered first screen (ADR 011), as the server serves it: the web app's server
 * entry is stood in for by a module of the same shape that records what it was given and what the
 * server answered it, so these tests see what reaches the page and what never does.
 */

const INDEX_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <meta charset="UTF-8" />
    <title>Releasebell</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const CSS = '.card{color:red}';

/** The server entry's shape (contract CreatePageRenderer), answering from what the server gave it. */
const ENTRY = `
const PATHS = ['/api/config', '/trending/movies', '/api/search?q=orbit&type=all', '/api/session',
  '/watchlist/some-user', '/user/details/some-user', '/api/search/providers?q=orbit&type=all'];
let renders = 0;
export function createPageRenderer(get) {
  return {
    async render(url, viewer) {
      renders++;
      globalThis.__renders = renders;
      if (globalThis.__holdRenders) await globalThis.__holdRenders;
      if (url.startsWith('/boom')) throw new Error('the render failed');
      const reads = {};
      for (const p of PATHS) {
        const answer = await get(p);
        reads[p] = answer && { status: answer.status, items: answer.status === 200 ? JSON.parse(answer.body).length : null };
      }
      return {
        status: url.startsWith('/no/such') ? 404 : 200,
        html: '<link rel="preload" as="image" href="/hero.jpg" fetchPriority="high"/><main>rendered ' + url + ' for ' + viewer.locale + '/' + viewer.mediaType + ' in ' + viewer.language + ' #' + renders + '</main>',
        data: { viewer, queries: { reads, note: '</script><script>alert(1)</script>' } },
      };
    },
  };
}
`;

let app: FastifyInstance;
let root: string;
const logs: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rb-render-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'dist-server'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'assets', 'style-abc123.css'), CSS);
  await writeFile(path.join(root, 'dist-server', 'entry-server.js'), ENTRY);
  app = await buildTestApp({
    env: {
      WEB_DIST_DIR: dist,
      DATA_DIR: path.join(root, 'data'),
      CATALOG_CACHE_SECONDS: '30',
      LOG_LEVEL: 'warn',
    },
    logDestination: { write: (line) => logs.push(line) },
    // A clock that stands still: the render budget (per address and minute) never refills here.
    now: new Date('2026-11-25T12:00:00Z'),
  });
  // The insert's notice drops every kept page a moment later: the tests start once it has.
  const told = app.catalogChanges.next();
  await insertItem(app, { title: 'Orbit of Ash', mediaType: 'movies' });
  await told;
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  (globalThis as { __holdRenders?: Promise<void> }).__holdRenders = undefined;
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { accept: 'text/html', ...headers } });

/** The page data element's JSON, parsed as the browser parses it. */
function pageData(html: string) {
  const m = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m?.[1] ?? 'null');
}
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? null;

describe('a page rendered on the server', () => {
  it("carries the rendered markup in #root and the data it was drawn from, answered by the API's public reads only", async () => {
    const res = await page('/leaderboard', {
      cookie: 'rb_media_type=books',
      'accept-language': 'en-GB,en;q=0.8',
    });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toMatch(/^<main>rendered \/leaderboard for en-GB\/books in en-GB #\d+<\/main>$/);
    const data = pageData(res.body);
    expect(data.viewer).toEqual({ locale: 'en-GB', language: 'en-GB', mediaType: 'books' });
    // The catalog's answers, as the API gives them; nothing of a member, no live provider call.
    expect(data.queries.reads['/api/config'].status).toBe(200);
    expect(data.queries.reads['/trending/movies'].status).toBe(200);
    expect(data.queries.reads['/api/search?q=orbit&type=all']).toEqual({ status: 200, items: 1 });
    for (const p of [
      '/api/session',
      '/watchlist/some-user',
      '/user/details/some-user',
      '/api/search/providers?q=orbit&type=all',
    ])
      expect(data.queries.reads[p], p).toBeNull();
    // The data cannot end its element early: one script element besides the app's own.
    expect(res.body).not.toContain('<script>alert');
    expect(res.body.match(/<script\b/g)).toHaveLength(2);
    expect(data.queries.note).toBe('</script><script>alert(1)</script>');
  });

  it('puts the stylesheet in the page and the largest image first in the head', async () => {
    const html = (await page('/')).body;
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('style-abc123.css');
    const preload = html.indexOf('<link rel="preload" as="image" href="/hero.jpg" fetchPriority="high"/>');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(html.indexOf('<script type="module"'));
    expect(rootOf(html)).not.toContain('preload');
  });

  it('renders for what the visitor accepts and chose, with safe defaults', async () => {
    const cases = [
      // Accept-Language's weights decide the language: English (1) over Portuguese (0.9).
      [{ 'accept-language': 'pt-BR;q=0.9,en' }, 'pt-BR/tv_seasons in en-US'],
      [{ 'accept-language': '"><script>', cookie: 'rb_media_type=podcasts' }, 'null/tv_seasons in en-US'],
      [{ cookie: 'other=1; rb_media_type=movies; rb_locale=ja' }, 'null/movies in ja'],
    ] as const;
    for (const [headers, shown] of cases) {
      const res = await page('/homepage', headers);
      expect(rootOf(res.body), shown).toContain(`for ${shown} #`);
      expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    }
  });

  it('keeps a rendered page for CATALOG_CACHE_SECONDS, one per visitor kind; /search by its query', async () => {
    const first = rootOf((await page('/privacy')).body);
    expect(rootOf((await page('/privacy?utm_source=mail')).body)).toBe(first);
    expect(rootOf((await page('/privacy', { cookie: 'rb_media_type=books' })).body)).not.toBe(first);
    const search = rootOf((await page('/search?query=orbit&type=all')).body);
    expect(rootOf((await page('/search?type=all&query=orbit&fbclid=x')).body)).toBe(search);
    expect(rootOf((await page('/search?query=orbits&type=all')).body)).not.toBe(search);
    // A page whose address carries a token is drawn each time, never kept.
    const reset = rootOf((await page('/reset-password?token=abc')).body);
    expect(rootOf((await page('/reset-password?token=abc')).body)).not.toBe(reset);
  });

  it("draws a page in the visitor's language and keeps one per language: never another visitor's", async () => {
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
    const spanish = await page('/terms', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.body).toMatch(/<html lang="es"/);
    expect(rootOf(spanish.body)).toContain('in es #');
    const drawn = renders();
    // The next visitor reads US English: their own page, and the Spanish one is kept for the next es.
    const english = await page('/terms', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.body).toMatch(/<html lang="en-US"/);
    expect(rootOf(english.body)).toContain('in en-US #');
    expect(rootOf((await page('/terms', { 'accept-language': 'es' })).body)).toContain('in es #');
    expect(renders()).toBe(drawn + 2);
    // The footer's choice wins over the browser's languages.
    const chosen = await page('/terms', { 'accept-language': 'es', cookie: 'rb_locale=de' });
    expect(chosen.body).toMatch(/<html lang="de"/);
    expect(chosen.headers.vary).toContain('Cookie');
  });

  it('answers an address the app has no page for with a 404 and its "Page not found"', async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found | Releasebell</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(rootOf(res.body)).toContain('rendered /no/such/page');
  });

  it('sends the page gzipped to a browser that takes it', async () => {
    const plain = await page('/terms');
    const zipped = await page('/terms', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the page unrendered, for the browser to draw, when the render fails, and says so in the log', async () => {
    const res = await page('/boom');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).not.toContain(PAGE_DATA_ELEMENT_ID);
    await vi.waitFor(() =>
      expect(logs.some((l) => l.includes('page not rendered on the server') && l.includes('/boom'))).toBe(
        true,
      ),
    );
  });

  it('sends pages unrendered past four renders at once, instead of queueing visitors', async () => {
    let release = () => {};
    (globalThis as { __holdRenders?: Promise<void> }).__holdRenders = new Promise<void>((resolve) => {
      release = resolve;
    });
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
    const before = renders();
    // Five addresses that are never kept, so each one is a render of its own.
    const pending = Promise.all([1, 2, 3, 4].map((n) => page(`/unsubscribe?token=${n}`)));
    await vi.waitFor(() => expect(renders() - before).toBe(4));
    expect(rootOf((await page('/unsubscribe?token=5')).body)).toBe('');
    // A page kept for everyone is not kept undrawn: the next visitor gets it drawn.
    expect(rootOf((await page('/privacy', { cookie: 'rb_media_type=movies' })).body)).toBe('');
    release();
    for (const res of await pending) expect(rootOf(res.body)).toContain('rendered /unsubscribe');
    expect(rootOf((await page('/privacy', { cookie: 'rb_media_type=movies' })).body)).toContain(
      'rendered /privacy',
    );
  });

  it('draws at most 60 new pages a minute for one address; past that, its pages go out undrawn', async () => {
    const from = (address: string, url: string) =>
      app.inject({ url, remoteAddress: address, headers: { accept: 'text/html' } });
    for (let n = 0; n < 60; n++)
      expect(rootOf((await from('203.0.113.7', `/unsubscribe?token=b${n}`)).body), `render ${n}`).toContain(
        'rendered /unsubscribe',
      );
    const over = await from('203.0.113.7', '/unsubscribe?token=b60');
    expect(over.statusCode).toBe(200);
    expect(rootOf(over.body)).toBe('');
    // Another address is drawn as before; a page already kept costs nothing.
    expect(rootOf((await from('203.0.113.8', '/unsubscribe?token=c')).body)).toContain('rendered');
    await from('203.0.113.8', '/terms');
    expect(rootOf((await from('203.0.113.7', '/terms')).body)).toContain('rendered /terms');
  });
});

describe('what a render may read', () => {
  it("allows the catalog reads the pages make, and nothing that is a member's or costs a provider call", () => {
    for (const p of [
      '/api/config',
      '/trending/books',
      '/upcoming/tv_seasons',
      '/media/featured/movies',
      '/media/slug/movies/halcyon-relay',
      '/media/slug/movies/halcyon-relay?region=GB',
      '/media/recommendations/movies/abc-123',
      '/api/search?q=dra&type=all',
      '/leaderboard/api/leaderboard?timeframe=weekly&media_type=movies&page=1',
    ])
      expect(isPagePublicRead(p), p).toBe(true);
    for (const p of [
      '/api/session',
      '/watchlist/u1',
      '/user/details/u1',
      '/api/notifications',
      '/api/search/providers?q=dra&type=all',
      '/media/slug/movies/x?region=GB&debug=1',
      '/trending/books/../../api/session',
    ])
      expect(isPagePublicRead(p), p).toBe(false);
  });

  it('reads the visitor from Accept-Language and the home tab cookie', () => {
    expect(viewerOf({ 'accept-language': 'en-GB,en;q=0.9', cookie: 'rb_media_type=movies' })).toEqual({
      locale: 'en-GB',
      language: 'en-GB',
      mediaType: 'movies',
    });
    // The language picked in the footer wins over the browser's; one the product lacks is ignored.
    expect(viewerOf({ 'accept-language': 'fr-CA,fr;q=0.9', cookie: 'rb_locale=de; x=1' }).language).toBe(
      'de',
    );
    expect(viewerOf({ 'accept-language': 'fr-CA,fr;q=0.9', cookie: 'rb_locale=xx' }).language).toBe('fr');
    expect(viewerOf({})).toEqual({ locale: null, language: 'en-US', mediaType: 'tv_seasons' });
  });
});
