import type { MediaItem } from '@releasebell/contract';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

test.describe('Leaderboard', () => {
  test('ranks what members track this week, by type, with Load More', async ({ browser, page }) => {
    test.slow();
    // Books other specs leave alone (they track the first two).
    const books = (await catalog(page, 'upcoming', 'books', 30)).slice(6) as MediaItem[];
    expect(books.length).toBe(24);
    // One member tracks 24 books; three more track the first three, which puts those on top.
    const { uid } = await signUpViaApi(page, 'ranker');
    for (const book of books) await track(page, uid, book);
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const other = await context.newPage();
      const member = await signUpViaApi(other, `fan${i}`);
      for (const book of books.slice(0, 3)) await track(other, member.uid, book);
      await context.close();
    }

    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeVisible();
    await page
      .locator('label')
      .filter({ hasText: /^Books$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Books' })).toBeChecked();
    const cards = page.getByRole('listitem');
    await expect(cards).toHaveCount(20);
    const top = books
      .slice(0, 3)
      .map((b) => b.title)
      .sort((a, b) => a.localeCompare(b));
    await expect(cards.nth(0)).toContainText('#1');
    for (const [i, title] of top.entries()) await expect(cards.nth(i)).toContainText(title);
    await expect(cards.nth(0).getByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    await expect(page.getByText('#21', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'This Month' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Month' })).toBeVisible();
    await expect(cards).toHaveCount(20);
    await cards.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(/\/media\/books\//);
  });

  test('says so when nothing is ranked, and a visitor can still browse', async ({ page }) => {
    await page.route('**/leaderboard/api/leaderboard?*', (route) =>
      route.fulfill({ json: { items: [], pagination: { page: 1, page_size: 20, has_next: false } } }),
    );
    await page.goto('/leaderboard');
    await expect(page.getByText('No items found in the leaderboard.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the error toast when the board cannot be loaded', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route('**/leaderboard/api/leaderboard?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
    );
    await page.goto('/leaderboard');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load leaderboard data. Please try again.' }),
    ).toBeVisible();
  });
});
