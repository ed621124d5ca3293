import type { MediaItem } from '@releasebell/contract';
import { REMOVE_DELAY_MS } from '@releasebell/contract/constants';
import { toast } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

const today = () => new Date().toISOString().slice(0, 10);

test.describe('Watchlist screen', () => {
  test('asks a visitor to sign in', async ({ page }) => {
    await page.goto('/watchlist');
    await expect(page.getByText('Sign in to see the titles you track.')).toBeVisible();
  });

  test('tabs, Upcoming/Released, sorts, and the empty text', async ({ page }) => {
    // A long journey (a sign-up hashing a password at full cost, four adds, an axe scan, a dozen
    // views): on a busy two-core machine it needs more than the default time.
    test.slow();
    const { uid } = await signUpViaApi(page, 'tabs');
    await page.goto('/watchlist');
    await expect(page.getByText('Your watchlist is currently empty.')).toBeVisible();

    const movies = (await catalog(page, 'upcoming', 'movies', 40)).filter((m) => m.release_date);
    const later = movies.at(-1) as MediaItem;
    const sooner = movies[0] as MediaItem;
    const book = (await catalog(page, 'upcoming', 'books'))[0] as MediaItem;
    const released = (await catalog(page, 'trending', 'tv_seasons', 100)).find(
      (i) => i.release_date && i.release_date < today(),
    ) as MediaItem;
    // Added in this order: newest first is the reverse.
    for (const item of [later, book, sooner, released]) await track(page, uid, item);

    await page.reload();
    const titles = () => page.getByRole('list', { name: 'Tracked titles' }).getByRole('link');
    await expect(titles()).toHaveText([sooner.title, book.title, later.title]);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Date Added');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Release Date' }).click();
    const byDate = [sooner, book, later].sort((a, b) =>
      (a.release_date ?? '').localeCompare(b.release_date ?? ''),
    );
    await expect(titles()).toHaveText(byDate.map((i) => i.title));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title' }).click();
    const byTitle = [sooner, book, later]
      .map((i) => i.title)
      .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
    await expect(titles()).toHaveText(byTitle);

    await page.getByRole('tab', { name: 'Books' }).click();
    await expect(titles()).toHaveText([book.title]);
    await page.getByRole('tab', { name: 'TV Shows' }).click();
    await expect(page.getByText('No upcoming TV Shows in your watchlist.')).toBeVisible();
    await page.getByText('Released', { exact: true }).click();
    await expect(titles()).toHaveText([released.title]);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(titles()).toHaveText([released.title]);
  });

  test('remove with UNDO keeps the title; remove without it deletes after 5 s', async ({ page }) => {
    // The UNDO window runs on the page's clock, which the test moves past the deadline instead of
    // waiting for it. (The exact 5 s boundary is pinned in watchlist-page.test.tsx with fake timers.)
    await page.clock.install();
    const { uid } = await signUpViaApi(page, 'remove');
    const [first, second] = (await catalog(page, 'upcoming', 'movies')) as [MediaItem, MediaItem];
    await track(page, uid, first);
    await track(page, uid, second);
    // Every delete the page sends, by item, in the order sent.
    const deletes: string[] = [];
    const isDelete = (method: string, url: string) =>
      method === 'DELETE' && new URL(url).pathname === `/watchlist/${uid}`;
    page.on('request', (req) => {
      if (isDelete(req.method(), req.url()))
        deletes.push((req.postDataJSON() as { item_id: string }).item_id);
    });
    await page.goto('/watchlist');
    const list = page.getByRole('list', { name: 'Tracked titles' });
    await expect(list.getByRole('link')).toHaveCount(2);

    await page.getByRole('button', { name: `Remove ${first.title} from Watchlist` }).hover();
    await expect(page.getByRole('tooltip', { name: 'Remove from Watchlist' })).toBeVisible();
    await page.getByRole('button', { name: `Remove ${first.title} from Watchlist` }).click();
    await expect(list.getByRole('link', { name: first.title })).toBeHidden();
    const undo = toast(page, 'Removed from Watchlist');
    await expect(undo).toContainText(first.title);
    await undo.getByRole('button', { name: 'UNDO' }).click();
    await expect(list.getByRole('link', { name: first.title })).toBeVisible();
    // Twice the window: had UNDO not cancelled the removal, its delete would have gone by now.
    await page.clock.runFor(2 * REMOVE_DELAY_MS);
    await page.reload();
    await expect(list.getByRole('link')).toHaveCount(2);

    const deleted = page.waitForResponse((res) => isDelete(res.request().method(), res.url()));
    await page.getByRole('button', { name: `Remove ${second.title} from Watchlist` }).click();
    await expect(list.getByRole('link', { name: second.title })).toBeHidden();
    // The delete is sent after 5 s, even though we leave the screen meanwhile.
    await page.getByRole('button', { name: 'Releasebell home' }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await page.clock.runFor(REMOVE_DELAY_MS);
    expect((await deleted).status()).toBe(200);
    // Events arrive in the order the browser sent the requests: a delete of the first title would be here.
    expect(deletes).toEqual([second.item_id]);
    await page.goto('/watchlist');
    await expect(list.getByRole('link')).toHaveText([first.title]);
  });

  test('on a phone the remove action is in a menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { uid } = await signUpViaApi(page, 'phone');
    const item = (await catalog(page, 'upcoming', 'books'))[1] as MediaItem;
    await track(page, uid, item);
    await page.goto('/watchlist');
    await expect(page.getByRole('button', { name: `Remove ${item.title} from Watchlist` })).toBeHidden();
    await page.getByRole('button', { name: `Actions for ${item.title}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from Watchlist' }).click();
    await expect(toast(page, 'Removed from Watchlist')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Tracked titles' }).getByRole('link', { name: item.title }),
    ).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });
});
