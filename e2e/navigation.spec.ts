import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures';

const upcomingCards = (page: Page) =>
  page.getByRole('region', { name: 'Upcoming Releases' }).getByRole('article');
const trendingCards = (page: Page) => page.getByRole('region', { name: 'Trending' }).getByRole('article');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('moving between pages', () => {
  test.use({ viewport: { width: 390, height: 700 } });

  test('a new page starts at the top; Back, Forward and a reload return to where the reader was', async ({
    page,
  }) => {
    await page.goto('/');
    const card = trendingCards(page).first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const readAt = await scrollY(page);
    expect(readAt).toBeGreaterThan(300);

    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    // Scrolled down the title's page and reloaded: where it was.
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(200);

    // Back home, in the reloaded page: home where it was left.
    await page.goBack();
    await expect(trendingCards(page).first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(readAt);

    // Forward: the title's page where it was left.
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(200);

    // The header's home button, from down the title's page: home, drawn at once, at its top.
    await page.getByRole('button', { name: /Releasebell/ }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await expect(trendingCards(page).first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("shows the page loader while a screen's code comes, then the screen", async ({ page }) => {
    await page.goto('/');
    const card = upcomingCards(page).first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    // The title page's code is held until the loader has been seen.
    const release = await holdRequests(page, '**/assets/media-detail-page-*.js');
    await card.getByRole('link').first().click();
    await expect(page.getByRole('main').getByLabel('Loading page')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Loading page')).toHaveCount(0);
  });

  test("loads the address afresh when a screen's code cannot be fetched (say, after a release)", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module/);
    await page.goto('/');
    const card = upcomingCards(page).first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    // The first ask for the title page's code fails, as for a file the new release no longer has.
    let asked = 0;
    await page.route('**/assets/media-detail-page-*.js', async (route) => {
      asked += 1;
      if (asked === 1) await route.fulfill({ status: 404, body: 'Not found' });
      else await route.continue();
    });
    const fullLoad = page.waitForEvent('load');
    await card.getByRole('link').first().click();
    await fullLoad;
    await expect(page).toHaveURL(/\/media\//);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    expect(asked).toBe(2);
  });
});
