import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, clearCatalog, insertItem } from '../test/helpers';
import { mediaItems } from './db/schema';
import { createCardRenderer } from './modules/share-cards/og-card';
import { woffToSfnt } from './modules/share-cards/woff';
import { createSitemapRepository } from './modules/sitemap/repository';

/** Link previews: title pages read as a crawler reads them, their cards, the sitemap. */

const PUBLIC_URL = 'https://releasebell.example';
/** What `vite build` makes, in short: a head with a title and description, one module script. */
const INDEX_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Releasebell: follow upcoming books, movies and TV seasons. Never Miss A Release!" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Releasebell</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A real poster (a red 500x750 PNG), as TMDB would send one. */
const POSTER_PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="750"><rect width="500" height="750" fill="#c0392b"/></svg>',
)
  .render()
  .asPng();

/** Stands in for TMDB's image host: a poster, a host error, a missing file, each counted. */
async function startPosterHost() {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url.endsWith('/poster.png')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': POSTER_PNG.length });
      res.end(POSTER_PNG);
    } else if (url.endsWith('/broken.png')) {
      res.writeHead(500);
      res.end('down');
    } else {
      res.writeHead(404);
      res.end('missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/t/p`,
    hits: (p: string) => hits.get(p) ?? 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `<meta>` tags of a page, by property or name, their values decoded as a browser would. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const m of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)) {
    const key = m[1] ?? '';
    tags.set(key, [...(tags.get(key) ?? []), decode(m[2] ?? '')]);
  }
  return tags;
}
const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const one = (tags: Map<string, string[]>, key: string) => {
  const values = tags.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] ?? '';
};
const titleOf = (html: string) => {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return decode(titles[0]?.[1] ?? '');
};
const canonicalOf = (html: string) => {
  const links = [...html.matchAll(/<link rel="canonical" href="([^"]*)" \/>/g)];
  return links.map((l) => decode(l[1] ?? ''));
};

/** A PNG's size from its IHDR chunk (signature, length, "IHDR", width, height). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
    true,
  );
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

let app: FastifyInstance;
let webDir: string;
let dataDir: string;
let host: Awaited<ReturnType<typeof startPosterHost>>;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'rb-previews-web-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'rb-previews-data-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  host = await startPosterHost();
  app = await buildTestApp({
    env: { WEB_DIST_DIR: webDir, DATA_DIR: dataDir, PUBLIC_URL, TMDB_IMAGE_BASE_URL: host.base },
  });
});
afterAll(async () => {
  await app.close();
  await host.stop();
  await rm(webDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const slugOf = async (id: string) => {
  const [row] = await app.database.db
    .select({ slug: mediaItems.slug })
    .from(mediaItems)
    .where(eq(mediaItems.id, id));
  return row?.slug ?? '';
};

describe('a title page, read as a crawler reads it', () => {
  it('carries the title, description, canonical address and Open Graph and Twitter card tags', async () => {
    const id = await insertItem(app, {
      title: 'Halcyon Relay',
      mediaType: 'movies',
      description: 'A relay station at the edge of the system goes quiet.',
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
    });
    const slug = await slugOf(id);
    const url = `${PUBLIC_URL}/media/movies/${slug}`;
    for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
      const res = await app.inject({ url: `/media/movies/${slug}`, headers: { accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The CSP is the pages' own: still no inline script.
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      const html = res.body;
      expect(titleOf(html)).toBe('Halcyon Relay | Releasebell');
      expect(canonicalOf(html)).toEqual([url]);
      const tags = metaTags(html);
      const description = 'A relay station at the edge of the system goes quiet.';
      expect(one(tags, 'description')).toBe(description);
      expect(one(tags, 'og:type')).toBe('website');
      expect(one(tags, 'og:site_name')).toBe('Releasebell');
      expect(one(tags, 'og:title')).toBe('Halcyon Relay (March 14, 2027)');
      expect(one(tags, 'og:description')).toBe(description);
      expect(one(tags, 'og:url')).toBe(url);
      const image = one(tags, 'og:image');
      expect(image).toMatch(
        new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/og/movies/${slug}\\.png\\?v=[A-Za-z0-9_-]+$`),
      );
      expect(one(tags, 'og:image:type')).toBe('image/png');
      expect(one(tags, 'og:image:width')).toBe('1200');
      expect(one(tags, 'og:image:height')).toBe('630');
      expect(one(tags, 'og:image:alt')).toContain('Halcyon Relay');
      expect(one(tags, 'twitter:card')).toBe('summary_large_image');
      expect(one(tags, 'twitter:title')).toBe('Halcyon Relay (March 14, 2027)');
      expect(one(tags, 'twitter:description')).toBe(description);
      expect(one(tags, 'twitter:image')).toBe(image);
      // The rest of index.html is as built: its script, its root, no script added.
      expect(html).toContain('<div id="root"></div>');
      expect(html.match(/<script\b/g)).toHaveLength(1);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
      expect(html).not.toContain('<title>Releasebell</title>');
    }
  });

  it('says the date with its precision, or TBD, and makes a sentence when there is no description', async () => {
    const cases = [
      { releaseDate: '2027-03-01', releaseDatePrecision: 'month', shown: 'March 2027' },
      { releaseDate: '2027-01-01', releaseDatePrecision: 'year', shown: '2027' },
      { releaseDate: null, releaseDatePrecision: null, shown: 'TBD' },
    ] as const;
    for (const { shown, ...date } of cases) {
      const id = await insertItem(app, {
        title: `Dated ${shown}`,
        mediaType: 'books',
        description: '',
        ...date,
      });
      const res = await app.inject({
        url: `/media/books/${await slugOf(id)}`,
        headers: { accept: 'text/html' },
      });
      const tags = metaTags(res.body);
      expect(one(tags, 'og:title'), shown).toBe(`Dated ${shown} (${shown})`);
      expect(one(tags, 'twitter:title')).toBe(`Dated ${shown} (${shown})`);
      const sentence = one(tags, 'og:description');
      expect(one(tags, 'description')).toBe(sentence);
      if (shown === 'TBD')
        expect(sentence).toBe(
          `Dated TBD (book) has no release date yet. Track it on Releasebell and hear the moment it's announced.`,
        );
      else
        expect(sentence).toBe(
          `Dated ${shown} (book) releases ${shown}. Track it on Releasebell and hear the moment it's out.`,
        );
    }
  });

  it('escapes every value: a title or description with quotes and angle brackets cannot break out', async () => {
    const title = 'Evil "Quotes" </title><script>alert(1)</script> & <b>Co</b>';
    const description = `"><img src=x onerror=alert(2)> it's & more`;
    const id = await insertItem(app, { title, mediaType: 'tv_seasons', description });
    const res = await app.inject({
      url: `/media/tv_seasons/${await slugOf(id)}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Co');
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(titleOf(html)).toBe(`${title} | Releasebell`);
    const tags = metaTags(html);
    expect(one(tags, 'og:title')).toBe(`${title} (TBD)`);
    expect(one(tags, 'twitter:title')).toBe(`${title} (TBD)`);
    expect(one(tags, 'og:description')).toBe(description);
    expect(one(tags, 'description')).toBe(description);
    expect(one(tags, 'og:image:alt')).toContain(title);
  });

  it('cuts a long description at a word, with an ellipsis', async () => {
    const description = `${'Word '.repeat(80)}end.`;
    const id = await insertItem(app, { title: 'Wordy', description });
    const tags = metaTags((await app.inject({ url: `/media/movies/${await slugOf(id)}` })).body);
    const shown = one(tags, 'og:description');
    expect(shown.length).toBeLessThanOrEqual(201);
    expect(shown).toMatch(/Word…$/);
  });

  it('answers a title that is not in the catalog with a 404 and the same app shell, kept out of indexes', async () => {
    for (const url of [
      '/media/movies/no-such-title',
      '/media/books/nothing%20here',
      '/media/podcasts/a-show',
    ]) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('src="/assets/index-abc123.js"');
      expect(titleOf(res.body)).toBe('Media not found | Releasebell');
      const tags = metaTags(res.body);
      expect(one(tags, 'robots')).toBe('noindex');
      expect(tags.get('og:image')).toBeUndefined();
      expect(canonicalOf(res.body)).toEqual([]);
    }
    // An API client still gets the JSON 404.
    const api = await app.inject({
      url: '/media/movies/no-such-title',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it("gives every other page the product's own tags", async () => {
    for (const url of ['/', '/leaderboard', '/search?query=x', '/watchlist']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body)).toBe('Releasebell: Never Miss A Release!');
      const tags = metaTags(res.body);
      expect(one(tags, 'description')).toBe(
        'Releasebell: follow upcoming books, movies and TV seasons. Never Miss A Release!',
      );
      expect(one(tags, 'og:site_name')).toBe('Releasebell');
      expect(one(tags, 'og:type')).toBe('website');
      expect(one(tags, 'twitter:card')).toBe('summary');
      expect(tags.get('og:image')).toBeUndefined();
      expect(tags.get('robots')).toBeUndefined();
      expect(canonicalOf(res.body)).toEqual([]);
    }
  });

  it('answers a page again with a 304 while it has not changed', async () => {
    const id = await insertItem(app, { title: 'Revalidated' });
    const url = `/media/movies/${await slugOf(id)}`;
    const first = await app.inject({ url, headers: { accept: 'text/html' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({ url, headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await app.database.db
      .update(mediaItems)
      .set({ title: 'Revalidated, Renamed' })
      .where(eq(mediaItems.id, id));
    const changed = await app.inject({ url, headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(titleOf(changed.body)).toBe('Revalidated, Renamed | Releasebell');
  });
});

describe('the link preview image', () => {
  const cardPath = (ogImage: string) => ogImage.slice(PUBLIC_URL.length);
  const ogImageOf = async (url: string) => one(metaTags((await app.inject({ url })).body), 'og:image');

  it("is a 1200x630 PNG at the page's og:image address, kept, with an ETag and a 304", async () => {
    const id = await insertItem(app, {
      title: 'Card Title',
      mediaType: 'movies',
      releaseDate: '2027-06-01',
      releaseDatePrecision: 'month',
    });
    const image = await ogImageOf(`/media/movies/${await slugOf(id)}`);
    const draws = vi.spyOn(Resvg.prototype, 'render');
    const res = await app.inject({ url: cardPath(image) });
    expect(draws).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);

    // Kept in memory: the same bytes again, without drawing; any ?v= (or none) is the same card.
    const second = await app.inject({ url: cardPath(image) });
    expect(second.rawPayload.equals(res.rawPayload)).toBe(true);
    const bare = await app.inject({ url: cardPath(image).replace(/\?.*$/, '') });
    expect(bare.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(draws).toHaveBeenCalledTimes(1);
    draws.mockRestore();

    const notModified = await app.inject({ url: cardPath(image), headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=86400');

    // A new date is a new card: a new address on the page and a new ETag.
    await app.database.db
      .update(mediaItems)
      .set({ releaseDate: '2027-06-20', releaseDatePrecision: 'day' })
      .where(eq(mediaItems.id, id));
    const moved = await ogImageOf(`/media/movies/${await slugOf(id)}`);
    expect(moved).not.toBe(image);
    const redrawn = await app.inject({ url: cardPath(moved), headers: { 'if-none-match': etag } });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.headers.etag).not.toBe(etag);
    expect(redrawn.rawPayload.equals(res.rawPayload)).toBe(false);
  });

  it("draws the poster through the image proxy's cache, and a placeholder when there is none", async () => {
    const withPoster = await insertItem(app, {
      title: 'Same Card',
      image: '/proxy-image/tmdb/w500/poster.png',
    });
    const without = await insertItem(app, { title: 'Same Card', image: null });
    const drawn = await app.inject({ url: `/og/movies/${await slugOf(withPoster)}.png` });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['cache-control']).toBe('public, max-age=86400');
    expect(host.hits('/t/p/w500/poster.png')).toBe(1);
    const placeholder = await app.inject({ url: `/og/movies/${await slugOf(without)}.png` });
    expect(pngSize(placeholder.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(placeholder.rawPayload.equals(drawn.rawPayload)).toBe(false);
    // Another title with the same poster: the proxy's disk copy, not the host again.
    const other = await insertItem(app, { title: 'Other Card', image: '/proxy-image/tmdb/w500/poster.png' });
    expect((await app.inject({ url: `/og/movies/${await slugOf(other)}.png` })).statusCode).toBe(200);
    expect(host.hits('/t/p/w500/poster.png')).toBe(1);
  });

  it('never fails for its poster: a failing host gives a placeholder card that is not kept', async () => {
    const broken = await insertItem(app, { title: 'Host Down', image: '/proxy-image/tmdb/w500/broken.png' });
    const url = `/og/movies/${await slugOf(broken)}.png`;
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeUndefined();
    const hits = host.hits('/t/p/w500/broken.png');
    expect(hits).toBeGreaterThanOrEqual(1);
    // Not kept: the next request tries the host again.
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(host.hits('/t/p/w500/broken.png')).toBeGreaterThan(hits);

    // A poster the host does not have will not come later: that card is kept as usual.
    const missing = await insertItem(app, { title: 'No File', image: '/proxy-image/tmdb/w500/missing.png' });
    const gone = await app.inject({ url: `/og/movies/${await slugOf(missing)}.png` });
    expect(gone.statusCode).toBe(200);
    expect(gone.headers['cache-control']).toBe('public, max-age=86400');
    expect(gone.headers.etag).toBeDefined();
    // An image that is not behind the proxy is never fetched: a placeholder too.
    const odd = await insertItem(app, { title: 'Elsewhere', image: 'https://elsewhere.example/poster.jpg' });
    expect((await app.inject({ url: `/og/movies/${await slugOf(odd)}.png` })).statusCode).toBe(200);
  });

  it("draws a demo title's own poster", async () => {
    const demo = await insertItem(app, {
      title: 'Demo Poster Card',
      image: '/demo-posters/movies/mv-001.svg',
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'year',
    });
    const plain = await insertItem(app, {
      title: 'Demo Poster Card',
      image: null,
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'year',
    });
    const drawn = await app.inject({ url: `/og/movies/${await slugOf(demo)}.png` });
    expect(drawn.statusCode).toBe(200);
    expect(pngSize(drawn.rawPayload)).toEqual({ width: 1200, height: 630 });
    const placeholder = await app.inject({ url: `/og/movies/${await slugOf(plain)}.png` });
    expect(drawn.rawPayload.equals(placeholder.rawPayload)).toBe(false);
  });

  it("is in the asker's language, a card of its own, or in US English where its fonts cannot write it", async () => {
    const id = await insertItem(app, {
      title: 'Card Language',
      mediaType: 'movies',
      releaseDate: '2027-06-01',
      releaseDatePrecision: 'month',
    });
    const url = cardPath(await ogImageOf(`/media/movies/${await slugOf(id)}`));
    const english = await app.inject({ url });
    expect(english.headers.vary).toBe('Accept-Language, Cookie');
    const french = await app.inject({ url, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.statusCode).toBe(200);
    expect(french.headers.vary).toBe('Accept-Language, Cookie');
    expect(french.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(french.headers.etag).not.toBe(english.headers.etag);
    // "juin 2027", not "June 2027".
    expect(french.rawPayload.equals(english.rawPayload)).toBe(false);
    // The chosen language (the footer's cookie) wins over Accept-Language.
    const chosen = await app.inject({
      url,
      headers: {
        cookie: 'rb_locale=fr',
        'accept-language': 'en-US',
        'if-none-match': String(french.headers.etag),
      },
    });
    expect(chosen.statusCode).toBe(304);
    // Inter has no Japanese: the card is drawn in US English.
    const japanese = await app.inject({ url, headers: { 'accept-language': 'ja' } });
    expect(japanese.statusCode).toBe(200);
    expect(japanese.rawPayload.equals(english.rawPayload)).toBe(true);
  });

  it('is a 404 in the API error shape for a title not in the catalog, a 400 for an unknown type', async () => {
    const missing = await app.inject({
      url: '/og/movies/no-such-title.png',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'MEDIA_NOT_FOUND', message: 'Media not found.' } });
    const badType = await app.inject({ url: '/og/podcasts/a-show.png' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.code).toBe('VALIDATION_ERROR');
    const notPng = await app.inject({ url: '/og/movies/a-show.jpg', headers: { accept: 'text/html' } });
    expect(notPng.statusCode).toBe(404);
    expect(notPng.json().error.code).toBe('NOT_FOUND');
  });
});

describe('sitemap and robots.txt', () => {
  beforeEach(async () => {
    await clearCatalog(app);
  });

  it('lists the home page, the leaderboard and every title page with its last change, escaped', async () => {
    const ids = [
      await insertItem(app, { title: 'First Listed', mediaType: 'movies' }),
      await insertItem(app, { title: 'Second Listed', mediaType: 'books' }),
    ];
    const odd = await insertItem(app, { title: 'Rock Odd', mediaType: 'tv_seasons' });
    await app.database.db.update(mediaItems).set({ slug: "it's-rock-&-roll" }).where(eq(mediaItems.id, odd));
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const xml = res.body;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    // Well formed: only the five entities, every <url> closed, nothing else between them.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)];
    expect(xml.match(/<url>/g)).toHaveLength(entries.length);
    const locs = entries.map((e) => decode(e[1] ?? '').replace(/&apos;/g, "'"));
    expect(locs).toHaveLength(5);
    expect(locs.slice(0, 2)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/leaderboard`]);
    const rows = await app.database.db.select().from(mediaItems);
    for (const row of rows) {
      const loc = `${PUBLIC_URL}/media/${row.mediaType}/${encodeURIComponent(row.slug)}`;
      const entry = entries.find((e) => decode(e[1] ?? '').replace(/&apos;/g, "'") === loc);
      expect(entry, loc).toBeDefined();
      expect(entry?.[2]).toBe(row.updatedAt.toISOString());
    }
    expect(ids).toHaveLength(2);
    expect(xml).toContain(`${PUBLIC_URL}/media/tv_seasons/it&apos;s-rock-%26-roll`);
  });

  it('becomes an index of files past the size of one (here 3 addresses a file)', async () => {
    const small = await buildTestApp({ env: { PUBLIC_URL }, sitemapPageSize: 3 });
    try {
      for (let i = 0; i < 5; i++) await insertItem(small, { title: `Paged ${i}` });
      const index = await small.inject({ url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(index.body).toBe(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
          1, 2, 3,
        ]
          .map((n) => `  <sitemap><loc>${PUBLIC_URL}/sitemap-items-${n}.xml</loc></sitemap>\n`)
          .join('')}</sitemapindex>\n`,
      );
      const files = [];
      for (const n of [1, 2, 3]) {
        const res = await small.inject({ url: `/sitemap-items-${n}.xml` });
        expect(res.statusCode, String(n)).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        files.push([...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? ''));
      }
      expect(files.map((f) => f.length)).toEqual([3, 3, 1]);
      expect(files[0]?.slice(0, 2)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/leaderboard`]);
      const items = files.flat().slice(2);
      expect(new Set(items).size).toBe(5);
      expect(items.every((loc) => loc.startsWith(`${PUBLIC_URL}/media/movies/paged-`))).toBe(true);
      expect((await small.inject({ url: '/sitemap-items-4.xml' })).statusCode).toBe(404);
      expect((await small.inject({ url: '/sitemap-items-0.xml' })).statusCode).toBe(400);
    } finally {
      await small.close();
    }
  });

  it('reads a sitemap file a chunk at a time, in one stable order', async () => {
    for (let i = 0; i < 7; i++) await insertItem(app, { title: `Chunked ${i}` });
    const repo = createSitemapRepository(app.database.db);
    const all = [];
    for await (const rows of repo.sitemapRows(0, 100)) all.push(...rows);
    expect(all).toHaveLength(7);
    const chunks = [];
    for await (const rows of repo.sitemapRows(1, 5, 2)) chunks.push(rows.map((r) => r.id));
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunks.flat()).toEqual(all.slice(1, 6).map((r) => r.id));
  });

  it('tells crawlers to keep off the API and where the sitemap is', async () => {
    const res = await app.inject({ url: '/robots.txt', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it('are documented in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const operations = {
      '/og/{mediaType}/{slug}.png': 'getLinkPreviewImage',
      '/sitemap.xml': 'getSitemap',
      '/sitemap-items-{page}.xml': 'getSitemapFile',
      '/robots.txt': 'getRobots',
    };
    for (const [p, operationId] of Object.entries(operations)) {
      const get = doc.paths[p]?.get;
      expect(get?.operationId, p).toBe(operationId);
      expect(get.tags).toEqual(['previews']);
    }
    expect(Object.keys(doc.paths['/og/{mediaType}/{slug}.png'].get.responses['200'].content)).toEqual([
      'image/png',
    ]);
  });
});

describe('fonts', () => {
  it('unpacks a WOFF font into the TrueType file it wraps', async () => {
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const woff = await readFile(
      createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
    );
    const ttf = woffToSfnt(woff);
    // The flavor, then as many table records as the WOFF had, each table's length as it declared.
    expect(ttf.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(ttf.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(ttf.length).toBe(woff.readUInt32BE(16));
    const tags = Array.from({ length: ttf.readUInt16BE(4) }, (_, i) =>
      ttf.toString('latin1', 12 + i * 16, 16 + i * 16),
    );
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'name']));
    expect(() => woffToSfnt(Buffer.from('not a font'))).toThrow('not a WOFF 1.0 font');
  });

  it('knows which titles its fonts can write, and draws the others without them', async () => {
    const renderer = createCardRenderer({ fontDir: path.join(dataDir, 'unit-fonts') });
    for (const text of ['Halcyon Relay', 'Łódź Nights', 'Война и мир', 'Ωmega', 'Ngày Mai', 'Party 🎉'])
      expect(await renderer.drawable(text), text).toBe(true);
    for (const text of ['星屑の配達人: Season 1', '새 산', 'आसमान'])
      expect(await renderer.drawable(text), text).toBe(false);
    const png = await renderer.render({
      title: '星屑の配達人: Season 1',
      kind: 'TV Show',
      releaseLabel: 'Release date',
      releaseText: 'TBD',
      byline: null,
      tagline: 'Never Miss A Release!',
      poster: null,
    });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
