import type { Locator, Page } from '@playwright/test';
import {
  formatLongReleaseDate,
  type Leaderboard,
  type MediaItem,
  type MediaType,
} from '@releasebell/contract';
import { dialog as anyDialog } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

/** The item detail's modal variant, as a quick view from the Watchlist and Leaderboard cards. */

// A zone behind UTC: a release date read as local time would show the day before.
test.use({ timezoneId: 'America/Los_Angeles' });

/** The release date as the quick view writes it: "March 14, 2027" (as written, in UTC), or "N/A". */
const longDate = (item: Pick<MediaItem, 'release_date' | 'release_date_precision'>) =>
  item.release_date
    ? formatLongReleaseDate(item.release_date, item.release_date_precision, { weekday: false })
    : 'N/A';

const itemPage = (item: Pick<MediaItem, 'media_type' | 'slug'>) =>
  `/media/${item.media_type}/${encodeURIComponent(item.slug)}`;

/** Where the page is, and how many entries its history has: neither may change while the quick view is used. */
const place = async (page: Page) => ({
  url: page.url(),
  history: await page.evaluate(() => window.history.length),
});

/** Opens a title's quick view from its card and checks what it shows once the item has loaded. */
async function openQuickView(page: Page, card: Locator, item: MediaItem): Promise<Locator> {
  await card.getByRole('button', { name: `View More about ${item.title}` }).click();
  const quickView = page.getByRole('dialog', { name: item.title });
  await expect(quickView).toBeVisible();
  await expect(quickView.getByRole('heading', { name: item.title, exact: true })).toBeVisible();
  await expect(quickView.getByRole('img', { name: item.title, exact: true })).toBeVisible();
  const details = quickView.getByRole('list', { name: 'Details' });
  await expect(details.getByRole('listitem').filter({ hasText: 'Release date:' })).toHaveText(
    `Release date:${longDate(item)}`,
  );
  await expect(quickView.getByRole('progressbar', { name: 'Hype Meter' })).toBeVisible();
  await expect(quickView.getByRole('link', { name: 'Open full page' })).toHaveAttribute(
    'href',
    itemPage(item),
  );
  return quickView;
}

/** Tab goes round inside the open quick view: focus never reaches the page behind it. */
async function expectFocusTrapped(page: Page, quickView: Locator) {
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    await expect(quickView.locator(':focus')).toHaveCount(1);
  }
}

async function expectClosedBackOn(page: Page, viewMore: Locator, before: { url: string; history: number }) {
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(viewMore).toBeFocused();
  expect(await place(page)).toEqual(before);
}

test.describe('Quick view', () => {
  test('opens from a ranked card, closes with Escape and the close button, and leads to the full page', async ({
    browser,
    page,
  }) => {
    test.slow();
    // Someone tracks a movie and a book, so both boards have a card.
    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      const { uid } = await signUpViaApi(member, 'quickboard');
      for (const type of ['movies', 'books'] as MediaType[]) {
        const [first] = await catalog(member, 'upcoming', type, 1);
        if (first) await track(member, uid, first);
      }
    } finally {
      await context.close();
    }

    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeVisible();
    // The page may come drawn with a board from before that member (pages are cached a while): a
    // type the page was not drawn with is asked for now.
    const pill = (await page.getByRole('radio', { name: 'Movies' }).isChecked()) ? 'Books' : 'Movies';
    const boardAnswer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/leaderboard/api/leaderboard',
    );
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${pill}$`) })
      .click();
    const [ranked] = ((await (await boardAnswer).json()) as Leaderboard).items;
    if (!ranked) throw new Error(`the ${pill} board ranks the title tracked above`);
    const answer = await page.request.get(
      `/media/slug/${ranked.media_type}/${encodeURIComponent(ranked.slug)}`,
    );
    expect(answer.ok()).toBe(true);
    const item = (await answer.json()) as MediaItem;
    // Found by its title: ranks can move while other tests track titles.
    const card = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: item.title, exact: true }) });
    const viewMore = card.getByRole('button', { name: `View More about ${item.title}` });
    const before = await place(page);

    // Escape closes it, and focus is back on View More.
    let quickView = await openQuickView(page, card, item);
    expect(await place(page)).toEqual(before);
    await expectNoSeriousA11yViolations(page);
    await expectFocusTrapped(page, quickView);
    await page.keyboard.press('Escape');
    await expectClosedBackOn(page, viewMore, before);

    // From the keyboard, and closed with its close button.
    await page.keyboard.press('Enter');
    quickView = page.getByRole('dialog', { name: item.title });
    await expect(quickView).toBeVisible();
    await quickView.getByRole('button', { name: 'Close' }).click();
    await expectClosedBackOn(page, viewMore, before);

    // A visitor's Notify Me asks them to sign in over the quick view; Escape closes only the sign-in.
    quickView = await openQuickView(page, card, item);
    await quickView.getByRole('button', { name: 'Notify Me' }).click();
    const signIn = anyDialog(page).filter({ hasText: "I don't have an account" });
    await expect(signIn).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
    await expect(quickView).toBeVisible();
    expect(await place(page)).toEqual(before);

    // Open full page goes to the title's own page.
    await quickView.getByRole('link', { name: 'Open full page' }).click();
    await expect(page).toHaveURL(itemPage(item));
    await expect(page.getByRole('heading', { level: 1, name: item.title, exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('opens from the watchlist on a phone, with the date or N/A, and closes back to the card', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const { uid } = await signUpViaApi(page, 'quicklist');
    const movies = await catalog(page, 'upcoming', 'movies', 100);
    const dated = movies.find((i) => i.release_date && i.release_date_precision === 'day');
    const undated = movies.find((i) => !i.release_date);
    if (!dated || !undated) throw new Error('the demo catalog has a dated and an undated upcoming movie');
    await track(page, uid, dated);
    await track(page, uid, undated);

    await page.goto('/watchlist');
    const list = page.getByRole('list', { name: 'Tracked titles' });
    const cardOf = (item: MediaItem) =>
      list.getByRole('listitem').filter({ has: page.getByRole('link', { name: item.title, exact: true }) });
    const before = await place(page);

    const quickView = await openQuickView(page, cardOf(dated), dated);
    await expect(quickView.getByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    // It fits the phone's width: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expectClosedBackOn(page, cardOf(dated).getByRole('button', { name: /^View More/ }), before);

    const undatedView = await openQuickView(page, cardOf(undated), undated);
    await expect(undatedView.getByText('N/A', { exact: true })).toBeVisible();
    await undatedView.getByRole('button', { name: 'Close' }).click();
    await expectClosedBackOn(page, cardOf(undated).getByRole('button', { name: /^View More/ }), before);
  });
});
