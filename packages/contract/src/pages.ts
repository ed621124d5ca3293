import type { MediaType } from './constants';
import type { PageLocale } from './locales';

/**
 * How the server-rendered first screen and the web app agree (ADR 011). The server renders a page
 * with the web app's own code (its server entry, built by Vite) and the same data the API serves;
 * the browser hydrates it with that data.
 */

/**
 * How long the server may keep a page it rendered: `path` pages depend on their path and the viewer
 * alone; `search` on its `query` and `type` too; `never` pages carry a token or a member's state in
 * their address (reset, unsubscribe) and are rendered each time.
 */
export type PageCaching = 'path' | 'search' | 'never';

/**
 * Every page of the web app: the browser's router (apps/web/src/app/routes.tsx) draws these paths,
 * and the server renders and caches them by this list. Any other address is the app's not-found page.
 */
export const PAGES = {
  home: { path: '/', caching: 'path' },
  homepage: { path: '/homepage', caching: 'path' },
  search: { path: '/search', caching: 'search' },
  media: { path: '/media/:mediaType/:slug', caching: 'path' },
  watchlist: { path: '/watchlist', caching: 'path' },
  following: { path: '/following', caching: 'path' },
  importLists: { path: '/import', caching: 'path' },
  profile: { path: '/profile', caching: 'path' },
  resetPassword: { path: '/reset-password', caching: 'never' },
  unsubscribe: { path: '/unsubscribe', caching: 'never' },
  privacy: { path: '/privacy', caching: 'path' },
  terms: { path: '/terms', caching: 'path' },
  leaderboard: { path: '/leaderboard', caching: 'path' },
} as const satisfies Record<string, { path: string; caching: PageCaching }>;

export type PageName = keyof typeof PAGES;

/** The query parameters a search page is drawn from; the rest of its address changes nothing. */
export const SEARCH_PAGE_PARAMS = ['query', 'type'] as const;

/**
 * The page `pathname` is, with its `:params` as written in the address (a trailing slash allowed), or
 * null when no page has that address.
 */
export function matchPage(pathname: string): { name: PageName; params: Record<string, string> } | null {
  const parts = pathname.replace(/(.)\/$/, '$1').split('/');
  for (const [name, page] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
    const pattern = page.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      if (!part) return false;
      params[segment.slice(1)] = part;
      return true;
    });
    if (matches) return { name, params };
  }
  return null;
}

/** The titles of the pages that say something is not there: the browser's and the server's alike. */
export const MISSING_PAGE_TITLES = {
  page: /*i18n*/ { id: 'app.notFoundPage.title', message: 'Page not found' },
  media: /*i18n*/ { id: 'media.mediaDetailPage.notFoundTitle', message: 'Media not found' },
};

/** The home page's media type until the visitor chooses one. */
export const DEFAULT_HOME_MEDIA_TYPE: MediaType = 'tv_seasons';

/** The cookie mirroring the home page's chosen media type, so the server renders that tab. */
export const SELECTED_MEDIA_TYPE_COOKIE = 'rb_media_type';

/** The id of the page's `<script type="application/json">` that carries the data it was rendered with. */
export const PAGE_DATA_ELEMENT_ID = 'rb-page-data';

/** What the server knew of the visitor when it rendered; the browser hydrates with the same. */
export interface PageViewer {
  /** The first language of Accept-Language ("en-GB"); null when none is readable. */
  locale: string | null;
  /** The language the page is written in: the `rb_locale` cookie, else Accept-Language's best match. */
  language: PageLocale;
  mediaType: MediaType;
}

/** The page data element's content. */
export interface PageData {
  viewer: PageViewer;
  /** TanStack Query's dehydrated state: the public answers the page was rendered from. */
  queries: unknown;
}

/** An answer of the API to a GET the renderer made (only public, catalog-like paths are answered). */
export interface RenderFetchAnswer {
  status: number;
  body: string;
}

/** What the web app's server entry renders pages with. */
export interface PageRenderer {
  /**
   * Renders `url` (path and query) for `viewer`: the markup that goes in `#root`, the page data, and
   * 404 when no page of the app has that address.
   */
  render(url: string, viewer: PageViewer): Promise<{ html: string; data: PageData; status: 200 | 404 }>;
}

/**
 * The web app's server entry (apps/web/src/entry-server.tsx, built to apps/web/dist-server/) exports
 * this. `get` answers the API's public GETs a page's queries make (null: left to the browser); it is
 * the same for every page, so it must not depend on who asks.
 */
export type CreatePageRenderer = (get: (path: string) => Promise<RenderFetchAnswer | null>) => PageRenderer;
