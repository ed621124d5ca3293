import { MantineProvider } from '@mantine/core';
import type { Locale, MediaItem, PublicConfig, WatchlistEntry } from '@releasebell/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { LanguageProvider } from '../lib/i18n';
import { type CurrentUser, type Session, SessionProvider, useSession } from '../lib/session';

/** Test-only: shows the current path, so tests can see whether something navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Test-only: hands the live session to the test. */
function SessionProbe({ onSession }: { onSession: (session: Session) => void }) {
  onSession(useSession());
  return null;
}

/** Renders UI with the app's providers (Mantine, react-query without retries, session, a memory router). */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    user = null,
    sessionUnknown = false,
    language = 'en-US',
  }: {
    route?: string;
    user?: CurrentUser | null;
    /** The session is asked of GET /api/session, as on a page's first load. */
    sessionUnknown?: boolean;
    /** The language the page is drawn in (every catalog is loaded in tests). */
    language?: Locale;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const session: { current: Session | null } = { current: null };
  const result = render(
    <MantineProvider defaultColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <LanguageProvider initial={language}>
          <SessionProvider {...(sessionUnknown ? {} : { initialUser: user })}>
            <SessionProbe onSession={(s) => (session.current = s)} />
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </SessionProvider>
        </LanguageProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...result,
    queryClient,
    session,
    location: () => result.getByTestId('location').textContent,
  };
}

/** Test-only: a media item with sensible values, overridable field by field. */
/** What GET /api/config answers on a default install; override what the test is about. */
export function makeConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    productName: 'Releasebell',
    amazonAffiliateTag: null,
    contactEmail: 'hello@releasebell.app',
    googleSignIn: false,
    tmdbAttribution: false,
    liveSearch: false,
    imageProxies: { tmdb: '', isbndb: '' },
    ...overrides,
  };
}

export function makeItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: 'id-1',
    id: 'id-1',
    item_id: 'id-1',
    media_type: 'movies',
    title: 'Halcyon Relay',
    slug: 'halcyon-relay',
    image: '/demo-posters/movies/mv-011.svg',
    description: 'A space adventure.',
    author: null,
    director: 'Priya Halvorsen',
    network_name: null,
    series: null,
    series_number: null,
    creator: 'Priya Halvorsen',
    creator_label: 'Director',
    release_date: '2999-06-15',
    release_date_precision: 'day',
    language: 'en',
    genres: ['Science Fiction'],
    hype_meter_percentage: 50,
    popularity: 10,
    ...overrides,
  };
}

interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  /** The query, e.g. `?region=GB` ('' without one). */
  search: string;
}
type FakeAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Test-only: answers fetch by "METHOD /path" (query ignored, but given to the route with the URL) with
 * JSON, records every call, and answers 404 to anything not listed.
 */
export function stubApiRoutes(routes: Record<string, (body: unknown, url: URL) => FakeAnswer>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = input.split('?')[0] ?? input;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, path, body, search: new URL(input, 'http://localhost').search });
      const route = routes[`${method} ${path}`];
      const answer = route
        ? await route(body, new URL(input, 'http://localhost'))
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
      if (answer.status === 204) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    called: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Test-only: a signed-in member. */
export const MEMBER: CurrentUser = {
  id: 'u-1',
  email: 'member@example.com',
  name: 'Mia Member',
  image: null,
};

/** Test-only: the watchlist entry the server would answer for an item. */
export function watchlistEntryOf(item: MediaItem, addedAt = '2026-11-20T10:00:00.000Z'): WatchlistEntry {
  return {
    item_id: item.item_id,
    title: item.title,
    media_type: item.media_type,
    slug: item.slug,
    image: item.image,
    release_date: item.release_date,
    release_date_precision: item.release_date_precision,
    author: item.author,
    director: item.director,
    network_name: item.network_name,
    series: item.series,
    creator: item.creator,
    creator_label: item.creator_label,
    timestamp_added: addedAt,
    followed_via: null,
    on_my_services: [],
  };
}
