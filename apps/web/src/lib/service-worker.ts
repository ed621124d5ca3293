import { whenIdle } from './idle';

/** The worker that shows web pushes (public/sw.js). It caches nothing, so it may control every page. */
const SCRIPT_URL = '/sw.js';

let registering: Promise<ServiceWorkerRegistration> | null = null;

/** Browsers without service workers, and pages not in a secure context, have no navigator.serviceWorker. */
const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the worker once; a failed attempt may be tried again. */
function register(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register(SCRIPT_URL, { scope: '/' }).catch((error: unknown) => {
    registering = null;
    throw error;
  });
  return registering;
}

/**
 * Registers the service worker once the page has loaded and the browser is idle: the first screen
 * needs nothing from it, so it adds no work there. Does nothing where service workers are missing.
 */
export function registerServiceWorker(): void {
  if (!supported()) return;
  const later = () =>
    whenIdle(() => {
      register().catch((error: unknown) => {
        // The app works without it (only pushes need it): a warning, not an error.
        console.warn('The service worker could not be registered.', error);
      });
    });
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * The active service worker's registration (for subscribing to pushes), registering it now if that
 * has not happened yet. Rejects where service workers are missing or registration fails.
 */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  if (!supported()) throw new Error('This browser cannot receive push notifications (no service workers).');
  await register();
  return navigator.serviceWorker.ready;
}
