import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures';

interface Item {
  title: string;
  slug: string | null;
  media_type: string;
}

const searchField = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search books, movies, TV shows' });
const resultList = (page: Page) => page.getByRole('banner').getByRole('listbox', { name: 'Search results' });
/** The result options, without the trailing "View More" action. */
const resultOptions = (page: Page) =>
  resultList(page)
    .getByRole('option')
    .filter({ hasNotText: /^View More$/ });

/** Opens the home page and waits until it has settled (the header search is usable from the start). */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Upcoming Releases' }).getByRole('article').first(),
  ).toBeVisible();
}

test.describe('header search dropdown', () => {
  test('shows "Loading..." and then at most 4 results, and View More', async ({ page, request }) => {
    const all: Item[] = await (await request.get('/api/search?q=Hus&type=all')).json();
    expect(all.length, 'the demo catalog has more than 4 matches for "Hus"').toBeGreaterThan(4);
    // Answers are held until the loading state has been seen, then let through.
    const release = await holdRequests(page, '**/api/search?*');
    await openHome(page);

    await searchField(page).fill('Hus');
    const loading = page.getByRole('banner').getByText('Loading...', { exact: true });
    await expect(loading).toBeVisible();
    await expect(resultOptions(page)).toHaveCount(0);
    release();
    await expect(resultOptions(page)).toHaveCount(4);
    await expect(loading).toBeHidden();
    await expect(resultOptions(page).first()).toContainText(all[0]!.title);

    // "View More" leads to every result.
    await resultList(page)
      .getByRole('option', { name: /View More/ })
      .click();
    await expect(page).toHaveURL('/search?query=Hus&type=all');
  });

  test('says "No results found." for nonsense and tolerates a typo', async ({ page }) => {
    await openHome(page);
    await searchField(page).fill('zzxqvw');
    await expect(page.getByRole('banner').getByText('No results found.', { exact: true })).toBeVisible();
    await expect(resultOptions(page)).toHaveCount(0);

    // One letter wrong still finds the title.
    await searchField(page).fill('Hushwoid');
    await expect(resultOptions(page).first()).toContainText('Hushwood: Season 1');
  });

  test('the media-type select sets the type of the search', async ({ page }) => {
    await openHome(page);
    const select = page.getByRole('banner').getByRole('combobox', { name: 'Media type' });
    await expect(select).toHaveValue('All');
    await select.click();
    const options = page.getByRole('banner').getByRole('listbox', { name: 'Media type' }).getByRole('option');
    await expect(options).toHaveText(['All', 'Books', 'TV Shows', 'Movies']);
    await options.filter({ hasText: /^Movies$/ }).click();
    await expect(select).toHaveValue('Movies');

    await searchField(page).fill('lantern');
    await expect(resultOptions(page).first()).toBeVisible();
    // Only movies are offered now.
    for (const text of await resultOptions(page).allTextContents()) expect(text).toContain('Movie');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL('/search?query=lantern&type=movies');
  });

  test('closes on an outside click; Enter goes to the search page', async ({ page }) => {
    await openHome(page);
    await searchField(page).fill('lantern');
    await expect(resultOptions(page).first()).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(resultList(page)).toBeHidden();
    // Focusing the field again reopens it.
    await searchField(page).click();
    await expect(resultOptions(page).first()).toBeVisible();

    await searchField(page).press('Enter');
    await expect(page).toHaveURL('/search?query=lantern&type=all');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Showing results for');
    await expect(resultList(page)).toBeHidden();
  });

  test('a result opens its detail page', async ({ page, request }) => {
    const [first]: Item[] = await (await request.get('/api/search?q=Lanternfall&type=all')).json();
    await openHome(page);
    await searchField(page).fill('Lanternfall');
    await resultOptions(page).filter({ hasText: first!.title }).first().click();
    await expect(page).toHaveURL(`/media/${first!.media_type}/${first!.slug}`);
    await expect(resultList(page)).toBeHidden();
  });
});
