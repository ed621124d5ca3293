import './app/mantine-styles';
import './app/global.css';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@releasebell/contract/pages';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { routes } from './app/routes';
import { takeEarlyTap } from './lib/early-tap';
import { loadMessages } from './lib/i18n';
import { nextTask } from './lib/idle';
import { registerServiceWorker } from './lib/service-worker';
import { captureUtm } from './lib/utm';
import { browserViewer } from './lib/viewer';

/** The data the server rendered this page with (none in `npm run dev`, where Vite serves the page). */
function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

/** The lazily loaded screens this address shows, loaded now so the first render is the server's. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start() {
  // Evaluating the entry's modules was a task; what follows runs in short tasks of its own, so none
  // holds up a tap for long on a phone.
  await nextTask();
  captureUtm();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const data = readPageData();
  const queryClient = createQueryClient();
  if (data) hydrate(queryClient, data.queries as DehydratedState);
  const viewer = data?.viewer ?? browserViewer();
  const rendered = root.firstElementChild !== null;
  await nextTask();
  await Promise.all([loadMessages(viewer.language), rendered ? loadMatchedRoutes() : null]);
  // Hydration data (none: no route has a loader) tells the router the page was drawn by the server:
  // taking it over leaves the scroll where the visitor has put it, rather than back at the top.
  const router = createBrowserRouter(routes, rendered ? { hydrationData: {} } : undefined);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} viewer={viewer}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Imported here rather than with the rest: evaluating the renderer is then a task of its own, not
  // part of one long task that evaluates the whole entry. (boot.js has already fetched it.)
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  // As a transition, hydration yields to the browser between pieces: no long task blocks a tap.
  // From here React holds the taps; one made before it is pressed once the page is taken over.
  takeEarlyTap();
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  registerServiceWorker();
}

void start();
