import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

interface Item {
  title: string;
  media_type: string;
  release_date: string | null;
}

const NO_MATCH = 'zzxqvw';

async function searchTitles(request: APIRequestContext, query: string, type: string): Promise<string[]> {
  const items: Item[] = await (
    await request.get(`/api/search?q=${encodeURIComponent(query)}&type=${type}`)
  ).json();
  return items.map((item) => item.title);
}

const results = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Search results' });
const resultTitles = (page: Page) => results(page).getByRole('heading');
const filterNav = (page: Page) => page.getByRole('navigation', { name: 'Filter by media type' });

test.describe('search page', () => {
  test('shows the results for the query, best first; passes axe', async ({ page, request }) => {
    const titles = await searchTitles(request, 'lantern', 'all');
    await page.goto('/search?query=lantern');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Showing results for');
    await expect(heading).toContainText('lantern');
    // On desktop the heading names the filter too.
    await expect(heading).toContainText(' in All', { useInnerText: true });
    await expect(resultTitles(page)).toHaveText(titles);
    await expect(page.getByText("Can't find what you're looking for?", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('filters by media type and keeps the filter in the URL', async ({ page, request }) => {
    const movies = await searchTitles(request, 'lantern', 'movies');
    const books = await searchTitles(request, 'lantern', 'books');
    await page.goto('/search?query=lantern&type=all');

    await expect(filterNav(page).getByRole('link')).toHaveText(['All', 'Movies', 'TV Shows', 'Books']);
    await expect(filterNav(page).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');

    await filterNav(page).getByRole('link', { name: 'Movies' }).click();
    await expect(page).toHaveURL('/search?query=lantern&type=movies');
    await expect(resultTitles(page)).toHaveText(movies);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Movies');

    await filterNav(page).getByRole('link', { name: 'Books' }).click();
    await expect(page).toHaveURL('/search?query=lantern&type=books');
    await expect(resultTitles(page)).toHaveText(books);

    await filterNav(page).getByRole('link', { name: 'TV Shows' }).click();
    await expect(page).toHaveURL('/search?query=lantern&type=tv_seasons');
  });

  test('a result shows "Coming Soon" when no date is announced and opens the item', async ({
    page,
    request,
  }) => {
    const [first]: (Item & { slug: string })[] = await (
      await request.get('/api/search?q=Slow%20Train%20to%20the%20Edge&type=books')
    ).json();
    expect(first!.release_date).toBeNull();
    await page.goto('/search?query=Slow%20Train%20to%20the%20Edge&type=books');
    const result = results(page).getByRole('listitem').first();
    await expect(result.getByRole('heading')).toHaveText(first!.title);
    await expect(result.getByRole('timer')).toHaveText('Coming Soon');
    await result.getByRole('link', { name: first!.title }).click();
    await expect(page).toHaveURL(`/media/books/${first!.slug}`);
  });

  test('shows the empty state when nothing matches; passes axe', async ({ page }) => {
    await page.goto(`/search?query=${NO_MATCH}&type=all`);
    await expect(page.getByRole('heading', { name: 'No Results Found', exact: true })).toBeVisible();
    await expect(
      page.getByText("We couldn't find anything matching your search criteria.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Can't find what you're looking for?", { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Missing Content' })).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('search page on a 360px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('filters with a select instead of the sidebar; passes axe', async ({ page, request }) => {
    const books = await searchTitles(request, 'lantern', 'books');
    await page.goto('/search?query=lantern&type=all');
    await expect(resultTitles(page).first()).toBeVisible();

    await expect(filterNav(page)).toBeHidden();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Showing results for');
    await expect(heading).not.toContainText(' in All', { useInnerText: true });

    const select = page.getByRole('combobox', { name: 'Filter by media type' });
    await expect(select).toBeVisible();
    await expect(select.getByRole('option')).toHaveText(['All', 'Movies', 'TV Shows', 'Books']);
    await select.selectOption({ label: 'Books' });
    await expect(page).toHaveURL('/search?query=lantern&type=books');
    await expect(resultTitles(page)).toHaveText(books);
    await expectNoSeriousA11yViolations(page);
  });
});
