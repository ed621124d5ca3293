// Releasebell's service worker: it shows web pushes and opens what they are about. It caches nothing
// and has no fetch handler, so every request goes to the network as if it were not here (no member's
// data is kept on the device, and no stale app is ever served). Plain JS, served as is: no build step.

/** A push that says nothing readable still has to show something (Chrome requires it). */
const GENERIC = { title: 'Releasebell', body: 'There is news about a title you follow.', url: '/', tag: '' };

/** The address of `url` on this origin; anything else (another site, a bad URL) is the home page. */
function sameOriginUrl(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
    if (target.origin === self.location.origin) return target.href;
  } catch {
    // Falls through to the home page.
  }
  return new URL('/', self.location.origin).href;
}

/** The notice a push carries: JSON `{ title, body, url, tag }`, or the generic one if it is unreadable. */
function readPush(data) {
  if (!data) return GENERIC;
  let message;
  try {
    message = JSON.parse(data.text());
  } catch {
    return GENERIC;
  }
  if (!message || typeof message !== 'object') return GENERIC;
  const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
  return {
    title: text(message.title, GENERIC.title),
    body: text(message.body, ''),
    url: text(message.url, '/'),
    tag: text(message.tag, ''),
  };
}

self.addEventListener('install', () => {
  // Nothing is cached, so a new version has nothing to prepare: it takes over at once.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Open pages get this worker now (their notification clicks can navigate them), not after a reload.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const notice = readPush(event.data);
  const options = {
    body: notice.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: sameOriginUrl(notice.url) },
  };
  if (notice.tag) {
    // A newer notice about the same thing (a date moved again) replaces the older one; it is news,
    // so it alerts again instead of swapping in silently.
    options.tag = notice.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(notice.title, options));
});

/** Shows `url` in an open window of the app (the most recently focused), or in a new one. */
async function openInWindow(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    // navigate() works only in a window this worker controls; it rejects for the others.
    const navigated = await client.navigate(url).catch(() => null);
    if (!navigated) continue;
    // Focus is allowed only shortly after a real click; without it the page has still moved.
    await navigated.focus().catch(() => {});
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openInWindow(sameOriginUrl(event.notification.data?.url)));
});
