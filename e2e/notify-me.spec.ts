import {
  confirmField,
  dialog,
  emailField,
  newEmail,
  PASSWORD,
  passwordField,
  SIGNED_IN_MS,
  toast,
} from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('Notify Me', () => {
  test('a visitor presses Notify Me, signs up in the modal, and the title is tracked', async ({ page }) => {
    // A long journey (a sign-up hashing a password at full cost, a reload, an axe scan, another screen):
    // on a busy two-core machine it needs more than the default time.
    test.slow();
    await page.goto('/homepage');
    const upcoming = page.getByRole('region', { name: 'Upcoming Releases' });
    const card = upcoming.getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: 'Notify Me' }).click();

    await expect(dialog(page).getByText('Sign In', { exact: true }).first()).toBeVisible();
    await dialog(page).getByRole('button', { name: "I don't have an account" }).click();
    await emailField(page).fill(newEmail('notify'));
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Create Account' }).click();

    await expect(toast(page, 'Added to Watchlist')).toContainText(title, { timeout: SIGNED_IN_MS });
    await expect(card.getByRole('button', { name: 'In Watchlist' })).toBeDisabled();

    // The home panel and the Watchlist screen know it too, also after a reload.
    await page.reload();
    const panel = page.getByRole('region', { name: 'My TV Shows Tracking List' });
    await expect(panel.getByText(title)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'View More' }).click();
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });
});
