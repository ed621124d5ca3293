import type { Locator, Page } from '@playwright/test';
import { dialog } from './auth-helpers';
import { expect, holdRequests, test } from './fixtures';

/**
 * Once released, the app loads and takes the page over at a quarter of the machine's speed (and the
 * sign-in modal's code after it): on a two-core machine busy with other tests, past the usual wait.
 */
const takenOver = expect.configure({ timeout: 30_000 });

/**
 * A phone with a CPU four times slower than this machine's: the page is painted well before the app has
 * taken it over (ADR 011). What a visitor taps or types in that time must not be lost.
 */
test.describe('taps before the app has taken the page over, on a slow phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  async function openSlowed(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  }

  /**
   * Taps the middle of what is painted, without waiting for the app (a locator's tap would wait), and
   * tells whether the app had taken the page over when the tap reached it.
   */
  async function tapEarly(page: Page, target: Locator) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error('the target is not painted');
    await page.evaluate(() => {
      addEventListener(
        'touchstart',
        () => {
          document.documentElement.dataset.tappedWhen = document.documentElement.dataset.app ?? 'early';
        },
        { capture: true, once: true },
      );
    });
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    return page.evaluate(() => document.documentElement.dataset.tappedWhen);
  }

  /** Holds the app's entry script back until the returned function is called. */
  const holdAppScript = (page: Page) => holdRequests(page, /\/assets\/index-[\w-]+\.js$/);

  // The app's code is held back until the tap has been made: it is pressed while the page is only painted.
  test('a home tab tapped before the app starts is pressed once it has', async ({ page }) => {
    const release = await holdAppScript(page);
    await openSlowed(page);
    const movies = page.getByRole('tab', { name: 'Movies' });
    expect(await tapEarly(page, movies)).toBe('early');
    await expect(movies).toHaveAttribute('aria-selected', 'false');
    release();
    await takenOver(movies).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Featured Movie')).toBeVisible();
  });

  test("a card's Notify Me tapped before the app starts is pressed once it has", async ({ page }) => {
    const release = await holdAppScript(page);
    await openSlowed(page);
    const card = page.getByRole('region', { name: 'Upcoming Releases' }).getByRole('article').first();
    expect(await tapEarly(page, card.getByRole('button', { name: 'Notify Me' }))).toBe('early');
    release();
    await takenOver(dialog(page).getByText('Sign In', { exact: true }).first()).toBeVisible();
    // The row was scrolled to before the app took over, and the page stayed there.
    await expect(card).toBeInViewport();
  });

  test("the header's search: the field opens at once and keeps what is typed", async ({ page }) => {
    // The app's code is held back until the text is typed: this all happens before it takes over.
    const release = await holdAppScript(page);
    await openSlowed(page);
    const banner = page.getByRole('banner');
    const field = banner.getByRole('combobox', { name: 'Search books, movies, TV shows' });
    expect(await tapEarly(page, banner.getByTitle('Search', { exact: true }))).toBe('early');
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await page.keyboard.type('dra');
    await expect(field).toHaveValue('dra');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    release();
    await takenOver(page.locator('html[data-app="ready"]')).toBeAttached();
    await expect(field).toHaveValue('dra');
    await expect(field).toBeFocused();
    const results = banner.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('option').first()).toContainText(/dr/i);
  });

  test('text typed into the search and left before the app takes over is still there after', async ({
    page,
  }) => {
    const release = await holdAppScript(page);
    await openSlowed(page);
    const banner = page.getByRole('banner');
    const field = banner.getByRole('combobox', { name: 'Search books, movies, TV shows' });
    await tapEarly(page, banner.getByTitle('Search', { exact: true }));
    await expect(field).toBeFocused();
    await page.keyboard.type('dra');
    await field.blur();
    release();
    await takenOver(page.locator('html[data-app="ready"]')).toBeAttached();
    await banner.getByTitle('Search', { exact: true }).click();
    await expect(field).toHaveValue('dra');
  });
});
