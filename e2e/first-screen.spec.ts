import type { Browser } from '@playwright/test';
import { formatDateIn, type MediaItem } from '@releasebell/contract';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

/**
 * The first screen rendered on the server (ADR 011): what a phone shows before any script
 * has run, that the browser then takes it over without redrawing it or logging a word, and that no
 * member's data is ever in a page's HTML.
 */

/** A phone that runs no script: it shows only what the server sent. */
async function withoutScript(browser: Browser, baseURL: string | undefined, cookie?: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
  });
  if (cookie) {
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: baseURL ?? '' }]);
  }
  return context;
}

test.describe('the first screen, as the server sends it', () => {
  test('home, a title, a search and the leaderboard show their content with no script at all', async ({
    browser,
    baseURL,
    page,
  }) => {
    const upcoming = await catalog(page, 'upcoming', 'tv_seasons', 7);
    const movie = (await catalog(page, 'upcoming', 'movies', 20)).find((m) => m.release_date) as MediaItem;
    const context = await withoutScript(browser, baseURL);
    const phone = await context.newPage();

    await phone.goto('/');
    await expect(phone.getByRole('tab', { name: 'TV Shows', selected: true })).toBeVisible();
    const upcomingRow = phone.getByRole('region', { name: 'Upcoming Releases' });
    for (const item of upcoming)
      await expect(upcomingRow.getByRole('heading', { name: item.title, exact: true })).toHaveCount(1);
    await expect(phone.getByRole('region', { name: 'Trending' }).getByRole('article').first()).toBeVisible();
    // The header's search works as plain HTML: its button focuses the field, and Enter searches.
    await phone.getByRole('banner').getByTitle('Search', { exact: true }).click();
    const field = phone.getByRole('banner').getByRole('combobox', { name: 'Search books, movies, TV shows' });
    await expect(field).toBeFocused();
    await field.fill('dra');
    await field.press('Enter');
    await expect(phone).toHaveURL(/\/search\?query=dra/);
    await expect(phone.getByRole('heading', { level: 1 })).toContainText('dra');

    await phone.goto(`/media/movies/${encodeURIComponent(movie.slug)}`);
    await expect(phone.getByRole('heading', { level: 1, name: movie.title, exact: true })).toBeVisible();
    await expect(
      // The phone reads British English: the server writes the date the British way.
      phone.getByText(formatDateIn('en-GB', movie.release_date, movie.release_date_precision) ?? '').first(),
    ).toBeVisible();

    await phone.goto('/search?query=dra');
    await expect(phone.getByRole('heading', { level: 1 })).toContainText('dra');
    await expect(phone.getByRole('article').first()).toBeVisible();

    await phone.goto('/leaderboard');
    await expect(phone.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeVisible();
    await context.close();
  });

  test('the browser takes the page over without a redraw or an error, and it works', async ({ page }) => {
    // Counts headings and cards taken off the page: drawing the page again would take the server's.
    await page.addInitScript(() => {
      const seen = window as unknown as { removedContent: number };
      seen.removedContent = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (
              node instanceof Element &&
              (node.matches('h1, h2, h3, article') || node.querySelector('h1, h2, h3, article'))
            )
              seen.removedContent++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    // Hydrated: the countdowns run.
    await expect(page.getByRole('timer').first()).toHaveText(
      /\d+d \d+h \d+m|Released!|Coming Soon|Releases in/,
    );
    await expect(page.getByRole('region', { name: 'Trending' }).getByRole('article')).not.toHaveCount(7);
    expect(await page.evaluate(() => (window as unknown as { removedContent: number }).removedContent)).toBe(
      0,
    );
    await page.getByRole('tab', { name: 'Movies' }).click();
    await expect(page.getByRole('tab', { name: 'Movies', selected: true })).toBeVisible();
    await expect(page.getByText('Featured Movie')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the boot script preloads every module it names', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const { named, preloaded } = await page.evaluate(() => ({
      named: (document.querySelector<HTMLElement>('script[data-modules]')?.dataset.modules ?? '')
        .split(' ')
        .filter(Boolean),
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    }));
    // The entry, then what it asks for beside it (React's renderer at least).
    expect(named.length).toBeGreaterThan(1);
    for (const module of named.slice(1)) expect(preloaded).toContain(module);
  });

  test('a page asks for its code in a few files, not dozens', async ({ browser, baseURL, page }) => {
    // Each file costs a phone's main thread a request and a compile of its own (vite.config.ts).
    const [movie] = (await catalog(page, 'upcoming', 'movies', 1)) as [MediaItem];
    for (const path of [
      '/',
      `/media/movies/${encodeURIComponent(movie.slug)}`,
      '/search?query=dra',
      '/leaderboard',
    ]) {
      const context = await browser.newContext({ baseURL });
      const phone = await context.newPage();
      const scripts = new Set<string>();
      phone.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await phone.goto(path);
      await expect(phone.locator('html')).toHaveAttribute('data-app', 'ready');
      expect(scripts.size, `${path}: ${[...scripts].join(' ')}`).toBeLessThanOrEqual(12);
      await context.close();
    }
  });

  test('the ids the server wrote stay once the browser takes the page over', async ({ page }) => {
    // Tabs, chips and fields are tied to their labels and panels by these ids; changed after the fact,
    // each of those components is drawn a second time just after the page is taken over.
    const html = await (await page.request.get('/leaderboard')).text();
    const written = [...html.matchAll(/ id="(mantine-[^"]+)"/g)].map((m) => m[1]);
    expect(written.length).toBeGreaterThan(3);
    await page.goto('/leaderboard');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[id^="mantine-"]')].map((element) => element.id),
    );
    expect(shown).toEqual(expect.arrayContaining(written));
  });

  test('a title page reloaded after opening it from a card offers Back, drawn without a mismatch', async ({
    page,
  }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Upcoming Releases' }).getByRole('article').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    // The server draws "Home" (it cannot know the history); the browser then offers Back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page is drawn on the tab the visitor chose last', async ({ page, browser, baseURL }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Books' }).click();
    await expect(page.getByRole('tab', { name: 'Books', selected: true })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'rb_media_type');
    expect(cookie?.value).toBe('books');
    const context = await withoutScript(browser, baseURL, `rb_media_type=${cookie?.value}`);
    const phone = await context.newPage();
    await phone.goto('/');
    await expect(phone.getByRole('tab', { name: 'Books', selected: true })).toBeVisible();
    await context.close();
  });

  test("a member's page carries nothing of the member; the browser fills it in", async ({ page }) => {
    const { uid, email } = await signUpViaApi(page, 'ssr');
    const [first] = await catalog(page, 'upcoming', 'movies', 1);
    if (!first) throw new Error('the demo catalog has upcoming movies');
    await track(page, uid, first);
    for (const path of ['/', '/watchlist', '/profile', `/media/movies/${encodeURIComponent(first.slug)}`]) {
      const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html, path).toContain('id="rb-page-data"');
      expect(html, path).not.toContain(email);
      expect(html, path).not.toContain(uid);
    }
    await page.goto('/watchlist');
    await expect(page.getByRole('main').getByText(first.title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
