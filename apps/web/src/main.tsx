import './app/mantine-styles';
import './app/global.css';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@releasebell/contract/pages';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { AppRoutes, preloadScreens } from './app/routes';
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
  // The screen the server drew is drawn by the first render too: its code is loaded before it.
  await Promise.all([
    loadMessages(viewer.language),
    rendered ? preloadScreens(window.location.pathname) : null,
  ]);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} viewer={viewer}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
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
