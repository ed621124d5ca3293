/**
 * The web app's server entry (ADR 011): the server renders a page's first screen with the same
 * components, routes and queries as the browser, from the API's public answers, and hands the browser
 * those answers to hydrate with. Built by `vite build --ssr` into dist-server/; the server loads it.
 */

import { mergeCatalogs, WEB_CATALOGS } from '@releasebell/contract/locales/all';
import type { PageData, PageRenderer, PageViewer, RenderFetchAnswer } from '@releasebell/contract/pages';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { AppRoutes, preloadScreens, routes } from './app/routes';
import { setApiFetch } from './lib/api-client';
import { registerMessages } from './lib/i18n';

// The server renders every language: it holds every catalog.
registerMessages(mergeCatalogs(WEB_CATALOGS));

/**
 * The queries a server-rendered page may answer: the catalog's, the same for every visitor. Anything
 * else (the session, a member's watchlist, live provider search) is left to the browser.
 */
const PUBLIC_QUERIES = new Set(['config', 'home', 'search', 'media', 'leaderboard']);
const isPublic = (query: Query) => PUBLIC_QUERIES.has(String(query.queryKey[0]));
/** Each round renders the page and asks for the queries it found; a page needs one or two. */
const MAX_ROUNDS = 3;

/** A call the server will not answer: its query stays pending, for the browser to make. */
class NotOnServer extends Error {}

/** React's streaming renderer, read to the end once everything (lazy screens too) is ready. */
async function renderAll(element: ReactNode): Promise<string> {
  let failed: unknown = null;
  const stream = await renderToReadableStream(element, {
    // Everything inline, in order: a boundary sent later would need React's inline scripts, which
    // the CSP (script-src 'self') refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failed) throw failed;
  return html;
}

function pendingPublicQueries(client: QueryClient, asked: Set<string>): Query[] {
  // Disabled ones too: a title's page waits for the session in the browser, not here.
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => isPublic(q) && q.state.status === 'pending' && !asked.has(q.queryHash));
}

export function createPageRenderer(get: (path: string) => Promise<RenderFetchAnswer | null>): PageRenderer {
  setApiFetch(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') !== 'GET') throw new NotOnServer(path);
    const answer = await get(path);
    if (!answer) throw new NotOnServer(path);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });

  return {
    async render(url: string, viewer: PageViewer) {
      const { pathname } = new URL(url, 'http://localhost');
      await preloadScreens(pathname);
      const queryClient = createQueryClient({ server: true });
      const page = (
        <StrictMode>
          <AppProviders queryClient={queryClient} viewer={viewer}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </StrictMode>
      );
      // The catch-all route is the app's "Page not found".
      const status = matchRoutes(routes, pathname)?.some((m) => m.route.path === '*') ? 404 : 200;
      const asked = new Set<string>();
      let html = await renderAll(page);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const pending = pendingPublicQueries(queryClient, asked);
        if (pending.length === 0) break;
        await Promise.all(
          pending.map((q) => {
            asked.add(q.queryHash);
            return q.fetch().catch(() => undefined);
          }),
        );
        html = await renderAll(page);
      }
      // What failed here is asked again by the browser: drawn pending now, as the browser will hydrate it.
      const failed = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' });
      if (failed.length > 0) {
        for (const q of failed) q.reset();
        html = await renderAll(page);
      }
      const data: PageData = {
        viewer,
        queries: dehydrate(queryClient, {
          shouldDehydrateQuery: (q) => isPublic(q) && q.state.status === 'success',
        }),
      };
      return { html, data, status };
    },
  };
}
