import type { MediaType } from './constants';

/**
 * How the server-rendered first screen and the web app agree (ADR 011). The server renders a page
 * with the web app's own code (its server entry, built by Vite) and the same data the API serves;
 * the browser hydrates it with that data.
 */

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
