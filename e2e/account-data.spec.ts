import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { PASSWORD } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

test.describe("a member's data is theirs", () => {
  test('downloads their data, then deletes the account: a wrong password first, then the right one', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    // The wrong password is answered 400, which the browser reports.
    consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/api\/account/);
    const { email } = await signUpViaApi(page, 'leaving');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`releasebell-export-${day}.zip`);
    const files = unzipSync(readFileSync(await download.path()));
    expect(Object.keys(files).sort()).toEqual(['calendar.ics', 'releasebell.json', 'watchlist.csv']);
    const json = JSON.parse(new TextDecoder().decode(files['releasebell.json']));
    expect(json).toMatchObject({ format: 'releasebell-export', version: 1, profile: { email } });

    // The old session, kept in a second browser to try it after the deletion.
    const cookies = await page.context().cookies();
    const other = await browser.newContext();
    await other.addCookies(cookies);

    await page.getByRole('button', { name: 'Delete account…' }).click();
    await page.getByLabel('Your password').fill('not my password 1');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page.getByText('That is not your password.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

    // The session the browser had is refused everywhere.
    const refused = await other.request.get('/api/follows');
    expect(refused.status()).toBe(401);
    expect(await (await other.request.get('/api/session')).json()).toEqual({ user: null });
    await other.close();
  });
});
