import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  isMediaType,
  itemPath,
  MEDIA_TYPE_SINGULAR,
  MISSING_PAGE_TITLES,
  matchPage,
  PAGE_DATA_ELEMENT_ID,
  PAGES,
  type PageData,
  type PageRenderer,
  type PageViewer,
  PRODUCT_NAME,
  SEARCH_PAGE_PARAMS,
} from '@releasebell/contract';
import { translate } from '../../infra/i18n';
import { shortHash } from '../../lib/short-hash';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  type CardService,
  type FindTitlePreview,
  OG_HEIGHT,
  OG_WIDTH,
  releaseText,
  type TitlePreview,
} from '../share-cards';
import type { LoadedTemplate } from './index-html';
import { fillTemplate, type HeadTags, pageTitle, renderHead, siteHead } from './page-head';

const gzipAsync = promisify(gzip);

/** A description longer than this is cut at a word, with an ellipsis (what previews show anyway). */
const DESCRIPTION_MAX = 200;

export interface PageServiceOptions {
  findTitle: FindTitlePreview;
  /** A title page's og:image. */
  cardUrl: CardService['cardUrl'];
  /** PUBLIC_URL, no trailing slash: every address in the tags starts with it. */
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

/**
 * React starts a rendered page with preloads of its first images (the hero's poster, asked for with
 * fetchpriority=high): they go to the head, ahead of the scripts, so the largest paint's image is
 * asked for first. They are not part of the tree the browser hydrates.
 */
function splitPreloads(html: string): { preloads: string; body: string } {
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(html)?.[0] ?? '';
  return { preloads, body: html.slice(preloads.length) };
}

/** The page data as a JSON script: `<` escaped, so no `</script>` can end it early. */
const pageDataScript = (id: string, data: PageData) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat
    .slice(0, max)
    .replace(/\s+\S*$/, '')
    .replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The kind of title in the head tags' sentences ("movie"), US English like them. */
const kindOf = (row: TitlePreview) => translate('en-US', MEDIA_TYPE_SINGULAR[row.mediaType]).toLowerCase();

/** The description, else a sentence with the release date. */
function descriptionOf(row: TitlePreview): string {
  if (row.description.trim()) return shorten(row.description, DESCRIPTION_MAX);
  const kind = kindOf(row);
  return row.releaseDate
    ? `${row.title} (${kind}) releases ${releaseText(row)}. Track it on ${PRODUCT_NAME} and hear the moment it's out.`
    : `${row.title} (${kind}) has no release date yet. Track it on ${PRODUCT_NAME} and hear the moment it's announced.`;
}

/**
 * The web app's pages as the server sends them: drawn with the app's own code where it can, with the
 * head tags crawlers and link previews read, kept per visitor kind for CATALOG_CACHE_SECONDS.
 */
export function createPageService(options: PageServiceOptions) {
  const { findTitle, cardUrl, publicUrl } = options;
  // About 30-100 kB a page (markup and data).
  const pages = createTtlCache<Page>(options.pageCacheSeconds * 1000, { maxEntries: 500 });

  function itemHead(row: TitlePreview): HeadTags {
    const date = releaseText(row);
    const heading = `${row.title} (${date})`;
    const description = descriptionOf(row);
    const url = `${publicUrl}${itemPath({ media_type: row.mediaType, slug: row.slug })}`;
    const image = cardUrl(row);
    const alt = `${row.title}: ${kindOf(row)}, release date ${date}, on ${PRODUCT_NAME}`;
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
  const missingHead = (locale: PageViewer['language']): HeadTags => ({
    ...siteHead(locale),
    title: pageTitle(translate(locale, MISSING_PAGE_TITLES.media)),
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
    match: ReturnType<typeof matchPage>,
    viewer: PageViewer,
    mayRender: () => boolean,
  ): Promise<Page> {
    let status: Page['status'] = 200;
    let head = siteHead(viewer.language);
    if (match?.name === 'media') {
      const { mediaType, slug: rawSlug } = match.params;
      let slug: string | null = null;
      try {
        slug = decodeURIComponent(rawSlug ?? '');
      } catch {
        slug = null;
      }
      const row = slug && isMediaType(mediaType) ? await findTitle(mediaType, slug) : undefined;
      if (row) head = itemHead(row);
      else {
        status = 404;
        head = missingHead(viewer.language);
      }
    }
    // A title that is not in the catalog: the browser says so (it asks the API once).
    const rendered = status === 200 ? await renderBody(url, viewer, mayRender) : null;
    if (rendered?.status === 404) {
      status = 404;
      head = {
        ...siteHead(viewer.language),
        title: pageTitle(translate(viewer.language, MISSING_PAGE_TITLES.page)),
        robots: 'noindex',
      };
    }
    const html = fillTemplate(
      loaded.template,
      viewer.language,
      renderHead(head),
      rendered
        ? { ...splitPreloads(rendered.html), tail: pageDataScript(PAGE_DATA_ELEMENT_ID, rendered.data) }
        : undefined,
    );
    const etag = `"${shortHash(html, 27)}"`;
    const drawn = rendered !== null || !options.pageRenderer || status !== 200;
    return { status, drawn, html, gzip: await gzipAsync(html), etag };
  }

  return {
    /** Drops every kept page: the catalog changed. */
    forget: () => pages.clear(),

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
      const who = `${viewer.language}|${viewer.locale ?? ''}|${viewer.mediaType}`;
      /** A page kept for everyone with this key, unless it went out undrawn (it is drawn next time). */
      const kept = async (key: string, pageUrl: string) => {
        const page = await pages.get(key, () => buildPage(loaded, pageUrl, match, viewer, mayRender));
        if (!page.drawn) pages.delete(key);
        return page;
      };
      const match = matchPage(pathname);
      const caching = match ? PAGES[match.name].caching : 'never';
      if (caching === 'path') return kept(`${loaded.version}|${who}|${pathname}`, pathname);
      if (caching === 'search') {
        // Rendered from its query and type alone, whatever else the address carries.
        const search = new URLSearchParams();
        for (const key of SEARCH_PAGE_PARAMS) {
          const value = parsed.searchParams.get(key);
          if (value !== null) search.set(key, value.slice(0, 200));
        }
        const page = `${PAGES.search.path}?${search.toString()}`;
        return kept(`${loaded.version}|${who}|${page}`, page);
      }
      return buildPage(loaded, `${pathname}${parsed.search}`, match, viewer, mayRender);
    },
  };
}
export type PageService = ReturnType<typeof createPageService>;
