import type { CDPSession, Page, Worker } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  url: string;
}

/** Opens the home page and waits until the service worker is active and controls it. */
async function openControlledHome(page: Page) {
  await page.goto('/');
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // clients.claim() hands the page over just after activation: wait for it if it has not yet.
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    return {
      scope: registration.scope,
      active: registration.active?.scriptURL,
      controller: navigator.serviceWorker.controller?.scriptURL,
    };
  });
}

/** The notifications the page's service worker shows now, as the page reads them. */
const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      // Chromium's (the browser here); not in TypeScript's DOM types.
      badge: (n as Notification & { badge: string }).badge,
      url: (n.data as { url: string }).url,
    })),
  );

/**
 * Delivers pushes to the page's service worker through DevTools (no push service is reachable here):
 * the registration is the one whose active version runs /sw.js. A push returns once the worker has
 * handled it without an error. DevTools drops one it cannot deliver without a word: that fails here, by
 * name, instead of as a missing notice later.
 */
async function pushChannel(page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.scriptURL === `${origin}/sw.js` && v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  const events: { name: string; status?: string }[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
    const status = event.eventMetadata.find((entry) => entry.key === 'Status')?.value;
    events.push({ name: event.eventName, status });
  });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return async (data: string) => {
    const before = events.length;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
    await expect
      .poll(() => events.slice(before).find((event) => event.name === 'Push event completed')?.status, {
        message: 'the worker handles the push without an error',
      })
      .toBe('Success');
  };
}

/** The context's service worker, as Playwright sees it (it may have started before the test looked). */
async function serviceWorkerOf(page: Page): Promise<Worker> {
  const context = page.context();
  const running = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  return running ?? context.waitForEvent('serviceworker', (w) => w.url().endsWith('/sw.js'));
}

test.describe('installable app and push notifications', () => {
  test('links a manifest whose icons are all PNGs of their stated sizes', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );

    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await res.text()) as { theme_color: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Releasebell',
      short_name: 'Releasebell',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#171923',
    });
    // The theme colour is the page's too (what the browser paints around an installed app).
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);

    const files = [
      ...manifest.icons.map((i) => ({ src: i.src, size: Number(i.sizes.split('x')[0]) })),
      { src: '/icons/apple-touch-icon.png', size: 180 },
      // The service worker's notification icon and badge.
      { src: '/icons/icon-192.png', size: 192 },
      { src: '/icons/badge-96.png', size: 96 },
    ];
    for (const { src, size } of files) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      const png = PNG.sync.read(await icon.body());
      expect({ src, width: png.width, height: png.height }).toEqual({ src, width: size, height: size });
    }
  });

  test('registers the service worker, which controls the page; passes axe', async ({ page, request }) => {
    const state = await openControlledHome(page);
    const origin = new URL(page.url()).origin;
    expect(state).toEqual({ scope: `${origin}/`, active: `${origin}/sw.js`, controller: `${origin}/sw.js` });

    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await expectNoSeriousA11yViolations(page);
  });

  test('shows a pushed notice; a newer one with the same tag replaces it; unreadable pushes show a generic one', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await openControlledHome(page);
    const origin = new URL(page.url()).origin;
    const push = await pushChannel(page);

    await push(
      JSON.stringify({
        title: 'Dune: Part Three',
        body: 'Now in cinemas on 18 December 2026.',
        url: '/media/movies/dune-part-three',
        tag: 'release:movies:dune-part-three',
      }),
    );
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: 'Dune: Part Three',
          body: 'Now in cinemas on 18 December 2026.',
          tag: 'release:movies:dune-part-three',
          icon: `${origin}/icons/icon-192.png`,
          badge: `${origin}/icons/badge-96.png`,
          url: `${origin}/media/movies/dune-part-three`,
        },
      ]);

    // The date moved: one notice, the newer. A link to another site is not followed.
    await push(
      JSON.stringify({
        title: 'Dune: Part Three',
        body: 'Moved to 5 March 2027.',
        url: 'https://example.org/elsewhere',
        tag: 'release:movies:dune-part-three',
      }),
    );
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        expect.objectContaining({ body: 'Moved to 5 March 2027.', tag: 'release:movies:dune-part-three' }),
      ]);
    expect((await shownNotifications(page))[0]?.url).toBe(`${origin}/`);

    await push('this is not JSON');
    await expect
      .poll(async () => (await shownNotifications(page)).filter((n) => n.tag === ''))
      .toEqual([expect.objectContaining({ title: 'Releasebell', url: `${origin}/` })]);
  });

  test("a click on a notice opens its title's page in the open window", async ({
    page,
    context,
    request,
  }) => {
    const movies: { title: string; slug: string | null }[] = await (
      await request.get('/trending/movies')
    ).json();
    const movie = movies.find((m) => m.slug);
    expect(movie, 'the demo catalog has a trending movie').toBeDefined();
    const titlePath = `/media/movies/${movie!.slug}`;

    await context.grantPermissions(['notifications']);
    await openControlledHome(page);
    const push = await pushChannel(page);
    await push(JSON.stringify({ title: movie!.title, body: 'Out now.', url: titlePath, tag: 'click-test' }));
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);

    // Nothing can click a system notification here: the worker gets the click event the browser would
    // send. A script's own event cannot be extended (waitUntil), so its work is collected and awaited.
    const worker = await serviceWorkerOf(page);
    await worker.evaluate(async () => {
      interface Scope {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      }
      const scope = globalThis as unknown as Scope;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      const event = new scope.NotificationEvent('notificationclick', { notification });
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
      scope.dispatchEvent(event);
      await Promise.all(work);
    });

    await expect(page).toHaveURL(titlePath);
    await expect(page.getByRole('heading', { level: 1, name: movie!.title })).toBeVisible();
    // The clicked notice is gone.
    expect(await shownNotifications(page)).toEqual([]);
  });
});
