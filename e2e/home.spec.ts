import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

interface Item {
  title: string;
  slug: string | null;
  media_type: string;
  release_date: string | null;
}

const CARD_COUNTDOWN = /^(\d+d \d+h \d+m|Released!|Coming Soon)$/;
const RUNNING_COUNTDOWN = /^\d+d \d+h \d+m$/;

const upcomingRegion = (page: Page) => page.getByRole('region', { name: 'Upcoming Releases' });
const trendingRegion = (page: Page) => page.getByRole('region', { name: 'Trending' });

/** Opens the home page and waits until both carousels show cards. */
async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await expect(upcomingRegion(page).getByRole('article').first()).toBeVisible();
  await expect(trendingRegion(page).getByRole('article').first()).toBeVisible();
}

/** The scrolling row of a carousel: the element that holds its cards. */
const carouselRow = (region: Locator) => region.getByRole('article').first().locator('xpath=..');

test.describe('home page', () => {
  test('shows the brand and tagline, the tabs with TV Shows first and selected, and the footer', async ({
    page,
  }) => {
    await openHome(page);
    const header = page.getByRole('banner');
    await expect(header.getByText('Releasebell', { exact: true })).toBeVisible();
    await expect(header.getByText('Never Miss A Release!', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Releasebell/);

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['TV Shows', 'Movies', 'Books']);
    await expect(page.getByRole('tab', { name: 'TV Shows' })).toHaveAttribute('aria-selected', 'true');

    // The footer: a contact line and the copyright.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()} Releasebell`))).toBeVisible();

    // The brand goes to /homepage.
    await page.getByRole('button', { name: /Releasebell/ }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await expect(upcomingRegion(page).getByRole('article').first()).toBeVisible();
  });

  test('remembers the chosen tab across a reload and ignores an invalid stored value', async ({
    page,
    request,
  }) => {
    const books: Item[] = await (await request.get('/upcoming/books')).json();
    await openHome(page);

    await page.getByRole('tab', { name: 'Books' }).click();
    await expect(page.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => localStorage.getItem('selectedMediaType'))).toBe('books');
    await expect(
      upcomingRegion(page).getByRole('link', { name: books[0]!.title, exact: true }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      upcomingRegion(page).getByRole('link', { name: books[0]!.title, exact: true }),
    ).toBeVisible();

    // The choice is kept in local storage and in a cookie the server reads: neither holds a media type.
    await page.evaluate(() => {
      localStorage.setItem('selectedMediaType', 'podcasts');
      // biome-ignore lint/suspicious/noDocumentCookie: the page's own cookie, as the app writes it.
      document.cookie = 'rb_media_type=podcasts; Path=/';
    });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'TV Shows' })).toHaveAttribute('aria-selected', 'true');
    await expect(upcomingRegion(page).getByRole('article').first()).toBeVisible();
  });

  test('a tab remembered in local storage wins over a missing or other cookie, and the cookie follows', async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    const books: Item[] = await (await request.get('/upcoming/books')).json();
    // Chosen before the cookie existed (or the cookie was cleared): only local storage has it.
    await page.addInitScript(() => localStorage.setItem('selectedMediaType', 'books'));
    await openHome(page);
    await expect(page.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      upcomingRegion(page).getByRole('link', { name: books[0]!.title, exact: true }),
    ).toBeVisible();
    const cookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'rb_media_type')?.value;
    await expect.poll(cookie).toBe('books');

    // The two disagree: local storage wins again, and the cookie is brought in line.
    await page.context().addCookies([{ name: 'rb_media_type', value: 'movies', url: baseURL! }]);
    await openHome(page);
    await expect(page.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(cookie).toBe('books');

    // The leaderboard's first pill is the same remembered choice, in a browser with no cookie at all.
    const fresh = await browser.newContext({ baseURL });
    try {
      const board = await fresh.newPage();
      await board.addInitScript(() => localStorage.setItem('selectedMediaType', 'books'));
      await board.goto('/leaderboard');
      await expect(board.getByRole('radio', { name: 'Books' })).toBeChecked();
    } finally {
      await fresh.close();
    }
  });

  test('shows the featured release with View Details going to its page', async ({ page, request }) => {
    const featured: Item = await (await request.get('/media/featured/tv_seasons')).json();
    await openHome(page);

    await expect(page.getByRole('heading', { level: 2, name: featured.title, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(`/media/tv_seasons/${featured.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: featured.title, exact: true })).toBeVisible();
  });

  test('lists upcoming releases soonest first and trending titles, with countdowns; passes axe', async ({
    page,
    request,
  }) => {
    const upcoming: Item[] = await (await request.get('/upcoming/tv_seasons')).json();
    await openHome(page);

    // Soonest first, undated last.
    const dates = upcoming.map((item) => item.release_date ?? '9999-12-31');
    expect(dates).toEqual([...dates].sort());
    const upcomingCards = upcomingRegion(page).getByRole('article');
    await expect(upcomingCards.getByRole('heading', { level: 3 })).toHaveText(upcoming.map((i) => i.title));

    // Every card countdown reads "Xd Xh Xm", "Released!" or "Coming Soon".
    for (const region of [upcomingRegion(page), trendingRegion(page)]) {
      for (const text of await region.getByRole('timer').allTextContents())
        expect(text).toMatch(CARD_COUNTDOWN);
    }
    // Upcoming titles are still to come; the trending row (by popularity) holds released ones too.
    await expect(upcomingRegion(page).getByRole('timer').first()).toHaveText(RUNNING_COUNTDOWN);
    await expect(
      trendingRegion(page)
        .getByRole('timer')
        .filter({ hasText: /^Released!$/ }),
    ).not.toHaveCount(0);

    // Each card has Notify Me and View More.
    const card = upcomingCards.first();
    await expect(card.getByRole('button', { name: 'Notify Me' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'View More' })).toBeVisible();

    await expectNoSeriousA11yViolations(page);
  });

  test('a card countdown ticks', async ({ page }) => {
    // The card countdown shows minutes: a fake clock lets a minute pass without waiting for it.
    await page.clock.install();
    await openHome(page);
    const timer = upcomingRegion(page).getByRole('timer').filter({ hasText: RUNNING_COUNTDOWN }).first();
    const before = await timer.textContent();
    await page.clock.fastForward('01:01');
    await expect(timer).not.toHaveText(before ?? '');
    await expect(timer).toHaveText(RUNNING_COUNTDOWN);
  });

  test('carousel arrows scroll one card (236px) at a time and hide at the ends', async ({ page }) => {
    await openHome(page);
    const region = upcomingRegion(page);
    const row = carouselRow(region);
    const left = region.getByRole('button', { name: 'Scroll left' });
    const right = region.getByRole('button', { name: 'Scroll right' });

    await expect(left).toHaveCount(0);
    await expect(right).toBeVisible();
    expect(await row.evaluate((el) => el.scrollLeft)).toBe(0);

    await right.click();
    await expect.poll(() => row.evaluate((el) => Math.round(el.scrollLeft))).toBe(236);
    await expect(left).toBeVisible();

    await left.click();
    await expect.poll(() => row.evaluate((el) => Math.round(el.scrollLeft))).toBe(0);
    await expect(left).toHaveCount(0);

    // At the far end the right arrow goes.
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(right).toHaveCount(0);
    await expect(left).toBeVisible();
  });

  test('clicking a card opens its detail page', async ({ page, request }) => {
    const upcoming: Item[] = await (await request.get('/upcoming/tv_seasons')).json();
    await openHome(page);

    // A click anywhere on the card (here: on its poster) opens the item. Trending moves as members of
    // other specs track titles, so the card is known by what it shows, not by a list read beforehand.
    const card = trendingRegion(page).getByRole('article').first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const path = await card.getByRole('heading', { level: 3 }).getByRole('link').getAttribute('href');
    expect(path).toMatch(/^\/media\/tv_seasons\/[^/]+$/);
    await card.click({ position: { x: 110, y: 150 } });
    await expect(page).toHaveURL(path!);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

    await page.goBack();
    await upcomingRegion(page)
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'View More' })
      .click();
    await expect(page).toHaveURL(`/media/tv_seasons/${upcoming[0]!.slug}`);
  });

  test('Trending View More goes to the leaderboard', async ({ page }) => {
    await openHome(page);
    await trendingRegion(page).getByRole('link', { name: 'View More' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Most Tracked This (Week|Month)/);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('shows "Failed to fetch media" in red when the lists fail', async ({ page, consoleErrors }) => {
    consoleErrors.allow(
      // The browser reports each failed response, and the page logs why it gave up.
      /Failed to load resource: the server responded with a status of 500/,
      /^Failed to fetch upcoming media/,
    );
    // The first tab's lists come with the page; another tab's are asked for by the browser.
    await page.route('**/upcoming/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }),
      }),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: 'Movies' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch media' });
    await expect(alert).toHaveText('Failed to fetch media', { timeout: 10_000 });
    const [r, g, b] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(r, 'the error text is red').toBeGreaterThan(150);
    expect(r! - Math.max(g!, b!), 'the error text is red').toBeGreaterThan(60);
    await expect(page.getByRole('region', { name: 'Upcoming Releases' })).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(3);
  });
});

test.describe('home page on a 360px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('hides the media-type select, expands the search field from the search icon, passes axe', async ({
    page,
  }) => {
    await openHome(page);
    const header = page.getByRole('banner');
    const field = header.getByRole('combobox', { name: 'Search books, movies, TV shows' });

    await expect(header.getByRole('combobox', { name: 'Media type' })).toBeHidden();
    // Folded away: off the screen, yet focusable (its button is its label, and Tab reaches it).
    await expect(field).not.toBeInViewport();

    await header.getByTitle('Search', { exact: true }).click();
    await expect(field).toBeInViewport();
    await expect(field).toBeFocused();
    const box = await header.getByRole('search').boundingBox();
    expect(box!.width, 'the opened field spans (nearly) the whole width').toBeGreaterThan(260);

    await header.getByRole('button', { name: 'Close search' }).click();
    await expect(field).not.toBeInViewport();
    await expect(header.getByRole('combobox', { name: 'Media type' })).toBeHidden();

    // From the keyboard: Tab from the brand reaches the field, which unfolds; Escape folds it.
    await header.getByRole('button', { name: 'Releasebell home' }).focus();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(field).not.toBeInViewport();

    await expectNoSeriousA11yViolations(page);
  });

  test('on the search page the unfolded field carries on after the search made', async ({ page }) => {
    await page.goto('/search?query=dra');
    const header = page.getByRole('banner');
    await header.getByTitle('Search', { exact: true }).click();
    const field = header.getByRole('combobox', { name: 'Search books, movies, TV shows' });
    await expect(field).toBeFocused();
    await page.keyboard.type('g');
    await expect(field).toHaveValue('drag');
  });
});
