import { readFile } from 'node:fs/promises';
import type { MediaItem } from '@releasebell/contract';
import { PNG } from 'pngjs';
import { toast } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

test.describe('Share Your Watchlist', () => {
  test('selects titles, previews them, and downloads releasebell-watchlist.png on the dark background', async ({
    page,
  }) => {
    // A long journey (a sign-up hashing a password at full cost, four adds, an axe scan, an image
    // rendered in the browser): on a busy two-core machine it needs more than the default time.
    test.slow();
    const { uid } = await signUpViaApi(page, 'share');
    const items = (await catalog(page, 'upcoming', 'movies')).slice(0, 4) as MediaItem[];
    for (const item of items) await track(page, uid, item);
    await page.goto('/watchlist');

    await page.getByRole('button', { name: 'Share Watchlist' }).click();
    const bar = page.getByRole('region', { name: 'Share Watchlist' });
    await expect(bar.getByText('0/12')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Generate Preview' })).toBeDisabled();
    await page.getByRole('checkbox', { name: items[0]?.title }).check();
    await page.getByRole('checkbox', { name: items[2]?.title }).check();
    await page.getByRole('checkbox', { name: items[3]?.title }).check();
    await expect(bar.getByText('3/12')).toBeVisible();
    await bar.getByRole('button', { name: 'Generate Preview' }).click();

    const modal = page.getByRole('dialog', { name: 'Share Your Watchlist' });
    await expect(modal.getByRole('heading', { name: 'My Most Anticipated Releases' })).toBeVisible();
    await expect(modal.getByTestId('share-canvas').getByRole('img')).toHaveCount(3);
    await expect(modal.getByRole('switch', { name: 'Dark background' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Generate Image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('releasebell-watchlist.png');
    await expect(toast(page, 'Image saved!')).toContainText('Share it anywhere you like');

    const png = PNG.sync.read(await readFile((await download.path()) as string));
    expect(png.width).toBe(1028);
    expect(png.height).toBeGreaterThan(600);
    const corner = [...png.data.subarray(0, 3)];
    expect(corner).toEqual([0x17, 0x19, 0x23]);
  });
});
