import { PAGES } from './pages';

/**
 * Every address the server answers besides the web app's pages, written once. The server registers
 * its routes from this table, the web app builds its calls with `pathTo`, and what is API rather than
 * page (the server's fallback, its security headers, the dev proxy) and what the page renderer may read
 * are derived from it. Plain values without zod, so the web app can import it
 * (`@releasebell/contract/routes`). The spec's section 7 paths are the public contract: never change them.
 */

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: RouteMethod;
  /** Fastify's syntax: `:name` is one segment or the start of one (`:slug.png`), a last `*` the rest. */
  path: string;
  /**
   * `member`: about the signed-in member's own things (401 signed out). `public`: no session needed,
   * though the route may check a token of its own (the calendar feed, /metrics, unsubscribe links).
   */
  access: 'public' | 'member';
  /**
   * A public catalog read the server-side page renderer may answer from the API (ADR 011): the same
   * for every visitor and no provider call. `query` names the parameters such a read may carry.
   */
  pageRead?: true | { query: readonly string[] };
  /** Answers a page of its own (HTML with its own scripts), at its path and under it, not JSON. */
  page?: true;
}

export const ROUTES = {
  // Accounts: the product's session and password reset, and the identity service's endpoints.
  getSession: { method: 'GET', path: '/api/session', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/account/reset-password', access: 'public' },
  signInWithEmail: { method: 'POST', path: '/api/auth/sign-in/email', access: 'public' },
  signUpWithEmail: { method: 'POST', path: '/api/auth/sign-up/email', access: 'public' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/request-password-reset', access: 'public' },
  signOut: { method: 'POST', path: '/api/auth/sign-out', access: 'public' },
  /** Only with GOOGLE_CLIENT_ID set, as is its callback. */
  signInWithGoogle: { method: 'POST', path: '/api/auth/sign-in/social', access: 'public' },
  googleCallback: { method: 'GET', path: '/api/auth/callback/google', access: 'public' },

  // Profiles.
  registerProfile: { method: 'POST', path: '/user/register', access: 'member' },
  getUsername: { method: 'GET', path: '/user/profile/:uid', access: 'member' },
  getProfile: { method: 'GET', path: '/user/details/:uid', access: 'member' },
  updateProfile: { method: 'PUT', path: '/user/update/:uid', access: 'member' },
  getAvatar: { method: 'GET', path: '/user/avatar/:uid', access: 'member' },
  uploadAvatar: { method: 'PUT', path: '/user/avatar/:uid', access: 'member' },
  removeAvatar: { method: 'DELETE', path: '/user/avatar/:uid', access: 'member' },
  sendPhoneCode: { method: 'POST', path: '/api/phone/verification', access: 'member' },
  confirmPhoneCode: { method: 'POST', path: '/api/phone/verification/confirm', access: 'member' },

  // The catalog.
  listTrending: {
    method: 'GET',
    path: '/trending/:mediaType',
    access: 'public',
    pageRead: { query: ['lang'] },
  },
  listUpcoming: {
    method: 'GET',
    path: '/upcoming/:mediaType',
    access: 'public',
    pageRead: { query: ['lang'] },
  },
  getFeatured: {
    method: 'GET',
    path: '/media/featured/:mediaType',
    access: 'public',
    pageRead: { query: ['lang'] },
  },
  getMediaBySlug: {
    method: 'GET',
    path: '/media/slug/:mediaType/:slug',
    access: 'public',
    pageRead: { query: ['region', 'lang'] },
  },
  listRecommendations: {
    method: 'GET',
    path: '/media/recommendations/:mediaType/:itemId',
    access: 'public',
    pageRead: { query: ['lang'] },
  },
  searchMedia: {
    method: 'GET',
    path: '/api/search',
    access: 'public',
    pageRead: { query: ['q', 'type', 'lang'] },
  },
  /** Asks TMDB and ISBNdb: never a page read. */
  searchProviders: { method: 'GET', path: '/api/search/providers', access: 'public' },
  requestTitle: { method: 'POST', path: '/api/request', access: 'public' },
  getLeaderboard: {
    method: 'GET',
    path: '/leaderboard/api/leaderboard',
    access: 'public',
    pageRead: { query: ['timeframe', 'media_type', 'page', 'lang'] },
  },

  // Watchlist, follows, imports, calendar.
  getWatchlist: { method: 'GET', path: '/watchlist/:uid', access: 'member' },
  addToWatchlist: { method: 'POST', path: '/watchlist/:uid', access: 'member' },
  removeFromWatchlist: { method: 'DELETE', path: '/watchlist/:uid', access: 'member' },
  listFollows: { method: 'GET', path: '/api/follows', access: 'member' },
  follow: { method: 'POST', path: '/api/follows', access: 'member' },
  unfollow: { method: 'DELETE', path: '/api/follows/:id', access: 'member' },
  createImport: { method: 'POST', path: '/api/imports', access: 'member' },
  getImport: { method: 'GET', path: '/api/imports/:id', access: 'member' },
  applyImport: { method: 'POST', path: '/api/imports/:id/apply', access: 'member' },
  getCalendarLink: { method: 'GET', path: '/api/calendar', access: 'member' },
  rotateCalendarLink: { method: 'POST', path: '/api/calendar/rotate', access: 'member' },
  /** `:file` is `{token}.ics`: the token is the feed's only credential. */
  calendarFeed: { method: 'GET', path: '/calendar/:file', access: 'public' },

  // The member's data: all of it as a ZIP, and the account's deletion.
  exportData: { method: 'GET', path: '/api/export', access: 'member' },
  deleteAccount: { method: 'DELETE', path: '/api/account', access: 'member' },

  // Where to watch: a country's services and the member's own.
  listWatchProviders: { method: 'GET', path: '/api/watch-providers', access: 'public' },
  getServices: { method: 'GET', path: '/api/services', access: 'member' },
  updateServices: { method: 'PUT', path: '/api/services', access: 'member' },

  // Notifications: the bell, unsubscribe links, text messages' short links, push and chat channels.
  listNotifications: { method: 'GET', path: '/api/notifications', access: 'member' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read', access: 'member' },
  sendTestNotification: { method: 'POST', path: '/api/notifications/test', access: 'member' },
  unsubscribeReleaseEmails: { method: 'POST', path: '/api/notifications/unsubscribe', access: 'public' },
  openUnsubscribePage: { method: 'GET', path: '/api/notifications/unsubscribe', access: 'public' },
  followShortLink: { method: 'GET', path: '/s/:code', access: 'public' },
  pushKey: { method: 'GET', path: '/api/push/key', access: 'public' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions', access: 'member' },
  unsubscribePush: { method: 'DELETE', path: '/api/push/subscriptions', access: 'member' },
  listChannels: { method: 'GET', path: '/api/channels', access: 'member' },
  addChannel: { method: 'POST', path: '/api/channels', access: 'member' },
  removeChannel: { method: 'DELETE', path: '/api/channels/:id', access: 'member' },
  testChannel: { method: 'POST', path: '/api/channels/:id/test', access: 'member' },
  channelDeliveries: { method: 'GET', path: '/api/channels/:id/deliveries', access: 'member' },

  // Images, link previews and what crawlers read.
  getDemoPoster: { method: 'GET', path: '/demo-posters/:mediaType/:file', access: 'public' },
  getProxiedImage: { method: 'GET', path: '/proxy-image/:provider/*', access: 'public' },
  getLinkPreviewImage: { method: 'GET', path: '/og/:mediaType/:slug.png', access: 'public' },
  getSitemap: { method: 'GET', path: '/sitemap.xml', access: 'public' },
  /** At the root, as the files of a sitemap index must be. */
  getSitemapFile: { method: 'GET', path: '/sitemap-items-:page.xml', access: 'public' },
  getRobots: { method: 'GET', path: '/robots.txt', access: 'public' },

  // The running system and the API's own description.
  getPublicConfig: { method: 'GET', path: '/api/config', access: 'public', pageRead: true },
  checkHealth: { method: 'GET', path: '/healthz', access: 'public' },
  checkReadiness: { method: 'GET', path: '/readyz', access: 'public' },
  /** METRICS_TOKEN, or this machine only. */
  getMetrics: { method: 'GET', path: '/metrics', access: 'public' },
  getOpenApiDocument: { method: 'GET', path: '/api/openapi.json', access: 'public' },
  /** The browsable API reference; its scripts and styles are served under it. */
  apiReference: { method: 'GET', path: '/api/docs', access: 'public', page: true },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/** The name of a parameter written at the start of `s`: up to the next `/`, `.` or `-`. */
type ParamName<S extends string> = S extends `${infer Name}/${string}`
  ? ParamName<Name>
  : S extends `${infer Name}.${string}`
    ? ParamName<Name>
    : S extends `${infer Name}-${string}`
      ? ParamName<Name>
      : S;

/** The parameters of a route path: `'/api/channels/:id/test'` -> `'id'`, a last `*` -> `'*'`. */
export type PathParams<P extends string> = P extends `${string}:${infer After}`
  ? ParamName<After> | PathParams<After>
  : P extends `${string}*`
    ? '*'
    : never;

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters in the order written; null and undefined ones are left out. */
export type Query = Record<string, QueryValue>;

type PathArgs<P extends string> = [PathParams<P>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: Record<PathParams<P>, string | number>, query?: Query];

const PARAM = /:([A-Za-z0-9_]+)/g;

/**
 * The address of a route with its parameters filled in, each percent-encoded (a `*` one segment by
 * segment, its slashes kept), and `query` after it: `pathTo(ROUTES.getWatchlist, { uid })`.
 */
export function pathTo<R extends Route>(route: R, ...[params, query]: PathArgs<R['path']>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const value = (name: string) => {
    const given = values[name];
    if (given === undefined) throw new Error(`${route.path} needs its ${name} parameter`);
    return String(given);
  };
  let path = route.path.replace(PARAM, (_, name: string) => encodeURIComponent(value(name)));
  if (path.endsWith('*')) {
    path = path.slice(0, -1) + value('*').split('/').map(encodeURIComponent).join('/');
  }
  const search = Object.entries(query ?? {})
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([name, v]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

const patterns = new Map<string, RegExp>();
/** A path's pattern: each parameter one segment (or the rest of one), a last `*` anything after. */
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const parts = path.split(/(:[A-Za-z0-9_]+|\*$)/);
    const source = parts
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return part === '*' ? '(.*)' : '([^/]+?)';
      })
      .join('');
    pattern = new RegExp(`^${source}$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

/**
 * The parameters of `pathname` (no query) as written in it, when it is an address of `route`, else null.
 * `matchRoute(ROUTES.getDemoPoster, '/demo-posters/movies/mv-011.svg')` -> `{ mediaType, file }`.
 */
export function matchRoute<R extends Route>(
  route: R,
  pathname: string,
): Record<PathParams<R['path']>, string> | null {
  const match = patternOf(route.path).exec(pathname);
  if (!match) return null;
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) as Record<
    PathParams<R['path']>,
    string
  >;
}

const ALL_ROUTES: readonly Route[] = Object.values(ROUTES);
const PAGE_SEGMENTS = new Set(Object.values(PAGES).map((page) => page.path.split('/')[1]));

/**
 * Where API routes live. A route whose first segment no page of the web app uses claims that whole
 * segment (`/api/`, `/user/`, `/trending/`); one sharing it with a page (`/watchlist/:uid` beside the
 * page `/watchlist`) claims its path up to its first parameter, or the exact path when it has none.
 */
function claimOf(path: string): { prefix: string } | { exact: string } {
  const first = path.split('/')[1] ?? '';
  const literal = path.split(/[:*]/)[0] ?? path;
  if (path.indexOf('/', 1) !== -1 && !/[:*]/.test(first) && !PAGE_SEGMENTS.has(first)) {
    return { prefix: `/${first}/` };
  }
  return literal === path ? { exact: path } : { prefix: literal };
}

const claims = ALL_ROUTES.filter((route) => !route.page).map((route) => claimOf(route.path));
const unique = (values: string[]) => [...new Set(values)];

/**
 * Every API route is under one of these prefixes or is one of the exact paths; everything else is the
 * web app's (the server answers it with a page; Vite's dev server proxies these).
 */
export const API_PATH_PREFIXES: readonly string[] = unique(
  claims.flatMap((claim) => ('prefix' in claim ? [claim.prefix] : [])),
);
export const API_EXACT_PATHS: readonly string[] = unique(
  claims.flatMap((claim) => ('exact' in claim ? [claim.exact] : [])),
).filter((path) => !API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)));

const PAGE_ROUTES = ALL_ROUTES.filter((route) => route.page).map((route) => route.path);

/**
 * Whether a request URL (query or not) is the API's, answered with JSON, images or files, rather than
 * a page: the web app's, or a page the API serves (its reference, at and under its path).
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  if (PAGE_ROUTES.some((page) => path === page || path.startsWith(`${page}/`))) return false;
  return API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) || API_EXACT_PATHS.includes(path);
}

/**
 * The API reads a server-rendered page may be answered from: the catalog's public answers, the same
 * for every visitor (ADR 011). Anything else a page asks for (the session, a member's lists, live
 * provider search) is left to the browser, so no cached page ever holds a member's data.
 */
export const PAGE_PUBLIC_READS: readonly Route[] = ALL_ROUTES.filter(
  (route) => route.pageRead && route.method === 'GET' && route.access === 'public',
);

/**
 * Whether `url` (path and query, as the page's code asks for it) is one of PAGE_PUBLIC_READS: its path
 * one of theirs with no `.` or `..` segment, and only the query parameters that read allows, once each.
 */
export function isPagePublicRead(url: string): boolean {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const names = query ? query.split('&').map((pair) => pair.split('=')[0] ?? '') : [];
  return PAGE_PUBLIC_READS.some((route) => {
    if (!matchRoute(route, path)) return false;
    const allowed: readonly string[] = route.pageRead === true ? [] : (route.pageRead?.query ?? []);
    return names.every((name, i) => allowed.includes(name) && names.indexOf(name) === i);
  });
}
