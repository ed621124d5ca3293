import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  formatLongReleaseDate,
  isMediaType,
  itemPath,
  MEDIA_TYPE_SINGULAR,
  type MediaType,
  PAGE_DATA_ELEMENT_ID,
  type PageData,
  type PageRenderer,
  type PageViewer,
  PRODUCT_NAME,
  posterUrl,
} from '@releasebell/contract';
import { LRUCache } from 'lru-cache';
import { HttpError, mediaNotFound } from '../../errors';
import { escapeMarkup } from '../../lib/text';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ImageProvider, ImageProxy } from '../images/image-proxy';
import type { DemoPosters } from '../images/routes';
import type { LoadedTemplate } from './index-html';
import { type CardPoster, type CardRenderer, OG_HEIGHT, OG_WIDTH } from './og-card';
import { fillTemplate, type HeadTags, pageTitle, renderHead, siteHead } from './page-head';
import type { PreviewRow, PreviewsRepository, SitemapRow } from './repository';

const gzipAsync = promisify(gzip);

/** A sitemap file holds at most this many addresses (sitemaps.org); a larger catalog gets an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Bump when the card's design changes: every card's ETag and address version change with it. */
const CARD_DESIGN = 1;
/** A description longer than this is cut at a word, with an ellipsis (what previews show anyway). */
const DESCRIPTION_MAX = 200;
/** How long a card waits for its poster before drawing the placeholder instead. */
const POSTER_WAIT_MS = 4000;

export interface PreviewsServiceOptions {
  repo: PreviewsRepository;
  renderer: CardRenderer;
  proxy: ImageProxy;
  demoPosters: DemoPosters;
  /** PUBLIC_URL, no trailing slash: every address in the tags and the sitemap starts with it. */
  publicUrl: string;
  /** The built web app's index.html (null where there is none: no page is served then). */
  indexHtml: (() => Promise<LoadedTemplate>) | null;
  /** How long a page's HTML is kept in memory (CATALOG_CACHE_SECONDS); 0 turns it off. */
  pageCacheSeconds: number;
  /** The web app's server entry; null where it is not built (the browser renders every page then). */
  pageRenderer?: PageRenderer | null;
  /** Pages rendered at once at most; past it a page goes out unrendered (the browser renders it). */
  maxConcurrentRenders?: number;
  /** Told when a page could not be rendered (it goes out unrendered). */
  onRenderError?: (error: unknown, url: string) => void;
  /** Addresses per sitemap file (tests make it small). */
  sitemapPageSize?: number;
  posterWaitMs?: number;
  /** Bytes of rendered cards kept in memory. */
  cardCacheBytes?: number;
}

export interface Page {
  status: 200 | 404;
  /**
   * False when the server could have drawn the page but did not (renders busy, the visitor's render
   * budget spent, or the render failed): such a page is sent but never kept.
   */
  drawn: boolean;
  html: string;
  /** The same, gzipped once when the page was made. */
  gzip: Buffer;
  etag: string;
}

export interface Card {
  etag: string;
  /** Null when the caller's If-None-Match already names `etag` (nothing was drawn). */
  png: Buffer | null;
  /**
   * False when the poster could not be fetched this time (the host failed or was slow): the card
   * has the placeholder, so it is not kept, and browsers are told to ask again soon.
   */
  complete: boolean;
}

/** The static pages the sitemap lists before the titles. */
const STATIC_PATHS = ['/', '/leaderboard'] as const;

const ITEM_PAGE = /^\/media\/([^/?#]+)\/([^/?#]+)\/?$/;

/**
 * Pages whose rendering depends on nothing but their path (and the viewer): rendered once per
 * CATALOG_CACHE_SECONDS. /search also depends on its query and type; every other page (a reset or
 * unsubscribe link's token, an unknown address) is rendered each time.
 */
const CACHED_PAGES = new Set([
  '/',
  '/homepage',
  '/leaderboard',
  '/privacy',
  '/terms',
  '/watchlist',
  '/profile',
]);

/**
 * React starts a rendered page with preloads of its first images (the hero's poster, asked for with
 * fetchpriority=high): they go to the head, ahead of the scripts, so the largest paint's image is
 * asked for first. They are not part of the tree the browser hydrates.
 */
export function splitPreloads(html: string): { preloads: string; body: string } {
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(html)?.[0] ?? '';
  return { preloads, body: html.slice(preloads.length) };
}

/** The page data as a JSON script: `<` escaped, so no `</script>` can end it early. */
export const pageDataScript = (id: string, data: PageData) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** "March 14, 2027", "March 2027", "2027" or "TBD". */
export const releaseText = (row: Pick<PreviewRow, 'releaseDate' | 'releaseDatePrecision'>) =>
  formatLongReleaseDate(row.releaseDate, row.releaseDatePrecision, { weekday: false });

/** The name a card shows under the title: the author, the director, the network, else the creator. */
function bylineOf(row: PreviewRow): string | null {
  if (row.mediaType === 'books') return row.author ?? row.creator;
  if (row.mediaType === 'movies') return row.director ? `Directed by ${row.director}` : row.creator;
  return row.networkName ?? row.creator;
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat
    .slice(0, max)
    .replace(/\s+\S*$/, '')
    .replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The description, else a sentence with the release date. */
function descriptionOf(row: PreviewRow): string {
  if (row.description.trim()) return shorten(row.description, DESCRIPTION_MAX);
  const kind = MEDIA_TYPE_SINGULAR[row.mediaType].toLowerCase();
  return row.releaseDate
    ? `${row.title} (${kind}) releases ${releaseText(row)}. Track it on ${PRODUCT_NAME} and hear the moment it's out.`
    : `${row.title} (${kind}) has no release date yet. Track it on ${PRODUCT_NAME} and hear the moment it's announced.`;
}

/** What a card depends on: a change to any of these is a new card (and a new ETag and address). */
const cardVersion = (row: PreviewRow) =>
  createHash('sha256')
    .update(
      [
        CARD_DESIGN,
        row.id,
        row.updatedAt.toISOString(),
        row.releaseDate ?? '',
        row.releaseDatePrecision ?? '',
      ].join('\n'),
    )
    .digest('base64url')
    .slice(0, 22);

const TMDB_OR_ISBNDB = /^\/proxy-image\/(tmdb|isbndb)\/(.+)$/;

export function createPreviewsService(options: PreviewsServiceOptions) {
  const { repo, renderer, proxy, demoPosters, publicUrl } = options;
  const pageSize = options.sitemapPageSize ?? SITEMAP_MAX_URLS;
  const posterWaitMs = options.posterWaitMs ?? POSTER_WAIT_MS;
  // About 30-100 kB a page (markup and data).
  const pages = createTtlCache<Page>(options.pageCacheSeconds * 1000, { maxEntries: 500 });
  const cards = new LRUCache<string, Buffer>({
    maxSize: options.cardCacheBytes ?? 48 * 1024 * 1024,
    sizeCalculation: (png) => png.length,
  });
  const drawing = new Map<string, Promise<{ png: Buffer; complete: boolean }>>();

  const cardUrl = (row: PreviewRow) =>
    `${publicUrl}/og/${row.mediaType}/${encodeURIComponent(row.slug)}.png?v=${cardVersion(row)}`;

  function itemHead(row: PreviewRow): HeadTags {
    const date = releaseText(row);
    const heading = `${row.title} (${date})`;
    const description = descriptionOf(row);
    const url = `${publicUrl}${itemPath({ media_type: row.mediaType, slug: row.slug })}`;
    const image = cardUrl(row);
    const alt = `${row.title}: ${MEDIA_TYPE_SINGULAR[row.mediaType].toLowerCase()}, release date ${date}, on ${PRODUCT_NAME}`;
    return {
      title: pageTitle(row.title),
      description,
      canonical: url,
      og: [
        ['og:type', 'website'],
        ['og:site_name', PRODUCT_NAME],
        ['og:title', heading],
        ['og:description', description],
        ['og:url', url],
        ['og:image', image],
        ['og:image:type', 'image/png'],
        ['og:image:width', String(OG_WIDTH)],
        ['og:image:height', String(OG_HEIGHT)],
        ['og:image:alt', alt],
      ],
      twitter: [
        ['twitter:card', 'summary_large_image'],
        ['twitter:title', heading],
        ['twitter:description', description],
        ['twitter:image', image],
        ['twitter:image:alt', alt],
      ],
    };
  }

  /** A title page that is not in the catalog: the app's own "Media not found." page, kept out of indexes. */
  const missingHead = (): HeadTags => ({
    ...siteHead(),
    title: pageTitle('Media not found'),
    robots: 'noindex',
  });

  let rendering = 0;
  const maxRenders = options.maxConcurrentRenders ?? 4;

  /** The page's `#root` markup and data as the web app renders them; null to leave it to the browser. */
  async function renderBody(url: string, viewer: PageViewer, mayRender: () => boolean) {
    if (!options.pageRenderer || rendering >= maxRenders || !mayRender()) return null;
    rendering++;
    try {
      return await options.pageRenderer.render(url, viewer);
    } catch (error) {
      options.onRenderError?.(error, url);
      return null;
    } finally {
      rendering--;
    }
  }

  async function buildPage(
    loaded: LoadedTemplate,
    url: string,
    viewer: PageViewer,
    mayRender: () => boolean,
  ): Promise<Page> {
    const pathname = url.split(/[?#]/)[0] ?? '/';
    const match = ITEM_PAGE.exec(pathname);
    let status: Page['status'] = 200;
    let head = siteHead();
    if (match) {
      const [, type, rawSlug] = match;
      let slug: string | null = null;
      try {
        slug = decodeURIComponent(rawSlug ?? '');
      } catch {
        slug = null;
      }
      const row = slug && isMediaType(type) ? await repo.findBySlug(type, slug) : undefined;
      if (row) head = itemHead(row);
      else {
        status = 404;
        head = missingHead();
      }
    }
    // A title that is not in the catalog: the browser says so (it asks the API once).
    const rendered = status === 200 ? await renderBody(url, viewer, mayRender) : null;
    if (rendered?.status === 404) {
      status = 404;
      head = { ...siteHead(), title: pageTitle('Page not found'), robots: 'noindex' };
    }
    const html = fillTemplate(
      loaded.template,
      renderHead(head),
      rendered
        ? { ...splitPreloads(rendered.html), tail: pageDataScript(PAGE_DATA_ELEMENT_ID, rendered.data) }
        : undefined,
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    const drawn = rendered !== null || !options.pageRenderer || status !== 200;
    return { status, drawn, html, gzip: await gzipAsync(html), etag };
  }

  /** The poster to draw: a demo poster's SVG, a proxied image, or null (the placeholder). */
  async function posterFor(row: PreviewRow): Promise<{ poster: CardPoster | null; complete: boolean }> {
    if (!row.image) return { poster: null, complete: true };
    const demo = await demoPosters.forImage(row.image, (text) => renderer.drawable(text));
    if (demo) return { poster: { kind: 'svg', svg: demo }, complete: true };
    const proxied = TMDB_OR_ISBNDB.exec(posterUrl(row.image, 'detail'));
    if (!proxied?.[1] || !proxied[2]) return { poster: null, complete: true };
    let timer: NodeJS.Timeout | undefined;
    try {
      const image = await Promise.race([
        proxy.get(proxied[1] as ImageProvider, proxied[2]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('poster too slow')), posterWaitMs);
        }),
      ]);
      return { poster: { kind: 'raster', data: image.body, contentType: image.contentType }, complete: true };
    } catch (error) {
      // A poster the host does not have (or a path the proxy refuses) will not come later: the
      // placeholder is the card. Anything else may pass: the card is drawn again next time.
      const lasting = error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);
      return { poster: null, complete: lasting };
    } finally {
      clearTimeout(timer);
    }
  }

  function draw(row: PreviewRow, version: string) {
    let pending = drawing.get(version);
    if (!pending) {
      pending = (async () => {
        const { poster, complete } = await posterFor(row);
        const png = await renderer.render({
          title: row.title,
          mediaType: row.mediaType,
          releaseText: releaseText(row),
          byline: bylineOf(row),
          poster,
        });
        if (complete) cards.set(version, png);
        return { png, complete };
      })();
      drawing.set(version, pending);
      void pending.finally(() => drawing.delete(version)).catch(() => {});
    }
    return pending;
  }

  /** The sitemap's files: how many, and whether /sitemap.xml is the only one (no index needed). */
  async function sitemapPlan() {
    const urls = STATIC_PATHS.length + (await repo.count());
    const files = Math.max(1, Math.ceil(urls / pageSize));
    return { files, single: files === 1 };
  }

  const urlEntry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
  const itemEntry = (row: SitemapRow) =>
    urlEntry(`${publicUrl}${itemPath({ media_type: row.mediaType, slug: row.slug })}`, row.updatedAt);

  /** Sitemap file `n` (1-based): the static pages first (in file 1), then the titles in id order. */
  async function* urlset(n: number): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    const first = (n - 1) * pageSize;
    const statics = STATIC_PATHS.slice(first, first + pageSize);
    for (const p of statics) yield urlEntry(`${publicUrl}${p}`);
    const offset = Math.max(0, first - STATIC_PATHS.length);
    for await (const rows of repo.sitemapRows(offset, pageSize - statics.length)) {
      yield rows.map(itemEntry).join('');
    }
    yield '</urlset>\n';
  }

  return {
    /**
     * The web app's index.html for `url` (a page route), with the head tags a crawler reads: a title's
     * page gets its own (status 404 with the app's not-found page for a title not in the catalog),
     * any other page the product's. Title pages are kept `pageCacheSeconds`.
     */
    async page(url: string, viewer: PageViewer, mayRender: () => boolean = () => true): Promise<Page | null> {
      if (!options.indexHtml) return null;
      const loaded = await options.indexHtml();
      const parsed = new URL(url, 'http://page');
      const { pathname } = parsed;
      const who = `${viewer.locale ?? ''}|${viewer.mediaType}`;
      /** A page kept for everyone with this key, unless it went out undrawn (it is drawn next time). */
      const kept = async (key: string, pageUrl: string) => {
        const page = await pages.get(key, () => buildPage(loaded, pageUrl, viewer, mayRender));
        if (!page.drawn) pages.delete(key);
        return page;
      };
      if (CACHED_PAGES.has(pathname) || ITEM_PAGE.test(pathname))
        return kept(`${loaded.version}|${who}|${pathname}`, pathname);
      if (pathname === '/search') {
        // Rendered from its query and type alone, whatever else the address carries.
        const search = new URLSearchParams();
        for (const key of ['query', 'type']) {
          const value = parsed.searchParams.get(key);
          if (value !== null) search.set(key, value.slice(0, 200));
        }
        const page = `/search?${search.toString()}`;
        return kept(`${loaded.version}|${who}|${page}`, page);
      }
      return buildPage(loaded, `${pathname}${parsed.search}`, viewer, mayRender);
    },

    /**
     * A title's link preview card. Its ETag names what it depends on (the design, the title's row as
     * last updated, its date), so a matching If-None-Match costs one lookup and no drawing. Drawn
     * cards are kept in memory (least recently used go first); one title drawn once at a time.
     */
    async card(mediaType: MediaType, slug: string, ifNoneMatch?: (etag: string) => boolean): Promise<Card> {
      const row = await repo.findBySlug(mediaType, slug);
      if (!row) throw mediaNotFound();
      const version = cardVersion(row);
      const etag = `"${version}"`;
      if (ifNoneMatch?.(etag)) return { etag, png: null, complete: true };
      const kept = cards.get(version);
      if (kept) return { etag, png: kept, complete: true };
      const { png, complete } = await draw(row, version);
      return { etag, png, complete };
    },

    sitemapPlan,

    /** The sitemap index: one entry per file. */
    sitemapIndex(files: number): string {
      const entries = Array.from(
        { length: files },
        (_, i) =>
          `  <sitemap><loc>${escapeMarkup(`${publicUrl}/sitemap-items-${i + 1}.xml`)}</loc></sitemap>\n`,
      ).join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
    },

    urlset,

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
