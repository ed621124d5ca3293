import type { Leaderboard, MediaItem } from '@releasebell/contract';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

test.describe('Leaderboard', () => {
  test('ranks what members track this week, by type, with Load More', async ({ browser, page }) => {
    test.slow();
    // The board counts every member's adds, other specs' too, made while this test runs. So it asserts
    // only what its own members decide: its three favourites (four members each) rank above its other
    // books (one member each), which holds even if a member of another spec tracks one or two of them;
    // and that the page shows the board exactly as ranked in the answer the page itself received.
    // (Its books skip the first six of the list, which other specs' members tend to track.)
    const books = (await catalog(page, 'upcoming', 'books', 30)).slice(6) as MediaItem[];
    expect(books.length).toBe(24);
    const favourites = books.slice(0, 3);
    const singles = books.slice(3);
    // One member tracks 24 books; three more track the favourites.
    const { uid } = await signUpViaApi(page, 'ranker');
    for (const book of books) await track(page, uid, book);
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const other = await context.newPage();
      const member = await signUpViaApi(other, `fan${i}`);
      for (const book of favourites) await track(other, member.uid, book);
      await context.close();
    }

    const boardAnswer = (timeframe: string, boardPage: number) =>
      page.waitForResponse((res) => {
        const url = new URL(res.url());
        return (
          url.pathname === '/leaderboard/api/leaderboard' &&
          url.searchParams.get('media_type') === 'books' &&
          url.searchParams.get('timeframe') === timeframe &&
          url.searchParams.get('page') === String(boardPage)
        );
      });
    const cards = page.getByRole('listitem');
    /** The cards show the answer's items, in its order, with their ranks. */
    const expectCardsOf = async (items: Leaderboard['items'], from = 0) => {
      for (const [i, item] of items.entries()) {
        await expect(cards.nth(from + i)).toContainText(`#${item.rank}`);
        await expect(cards.nth(from + i)).toContainText(item.title);
      }
    };

    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeVisible();
    const weekly = boardAnswer('weekly', 1);
    await page
      .locator('label')
      .filter({ hasText: /^Books$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Books' })).toBeChecked();
    const board = (await (await weekly).json()) as Leaderboard;

    // What this spec's members decided.
    const rankOf = (book: MediaItem) => board.items.find((i) => i.item_id === book.item_id);
    for (const book of favourites) expect(rankOf(book)?.trackers, book.title).toBeGreaterThanOrEqual(4);
    const lowestFavourite = Math.max(...favourites.map((b) => rankOf(b)?.rank ?? Number.POSITIVE_INFINITY));
    for (const book of singles) {
      const ranked = rankOf(book);
      if (ranked) expect(ranked.rank, book.title).toBeGreaterThan(lowestFavourite);
    }
    // What the page shows: 20 a page, as ranked.
    expect(board.items).toHaveLength(20);
    await expect(cards).toHaveCount(20);
    await expectCardsOf(board.items);
    const favourite = cards.filter({ hasText: favourites[0]?.title });
    await expect(favourite.getByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    expect(board.pagination.has_next).toBe(true);
    const next = boardAnswer('weekly', 2);
    await page.getByRole('button', { name: 'Load More' }).click();
    const more = (await (await next).json()) as Leaderboard;
    expect(more.items[0]?.rank).toBe(21);
    // Other specs' members track titles meanwhile: one that moved onto the next page since the first
    // is shown once, where it was first drawn.
    const shown = new Set(board.items.map((i) => i.item_id));
    const added = more.items.filter((i) => !shown.has(i.item_id));
    await expect(cards).toHaveCount(20 + added.length);
    await expectCardsOf(added, 20);
    await expect(page.getByText(`#${added[0]?.rank}`, { exact: true })).toBeVisible();

    const monthly = boardAnswer('monthly', 1);
    await page.getByRole('tab', { name: 'This Month' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Month' })).toBeVisible();
    const monthBoard = (await (await monthly).json()) as Leaderboard;
    await expect(cards).toHaveCount(20);
    await expectCardsOf(monthBoard.items.slice(0, 1));
    await cards.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(`/media/books/${monthBoard.items[0]?.slug}`);
  });

  test('says so when nothing is ranked, and a visitor can still browse', async ({ page }) => {
    await page.route('**/leaderboard/api/leaderboard?*', (route) =>
      route.fulfill({ json: { items: [], pagination: { page: 1, page_size: 20, has_next: false } } }),
    );
    // The week's board comes drawn by the server, with whatever other tests have tracked by now; the
    // month's is asked for by the page, and that answer is the empty one.
    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'This Month' }).click();
    await expect(page.getByText('No items found in the leaderboard.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the error toast when the board cannot be loaded', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    // The first board comes with the page (drawn on the server); the next one is asked for here.
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeVisible();
    await page.route('**/leaderboard/api/leaderboard?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
    );
    await page.getByRole('tab', { name: 'This Month' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load leaderboard data. Please try again.' }),
    ).toBeVisible();
  });
});
