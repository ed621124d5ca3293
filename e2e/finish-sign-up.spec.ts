import type { APIRequestContext } from '@playwright/test';
import { dialog, newEmail, PASSWORD, SIGNED_IN_MS, signIn } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

const origin = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3103)}`;

/**
 * Sign-up's step 1 only, through the API: the account is made (and its cookie kept by `request`), but
 * its member leaves before step 2, so no profile is registered.
 */
async function makeAccountOnly(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-up/email', {
    headers: { origin: origin() },
    data: { email, password: PASSWORD, name: 'Tess Tracker' },
  });
  expect(res.status()).toBe(200);
  const uid = ((await res.json()) as { user: { id: string } }).user.id;
  const profile = await request.get(`/user/details/${uid}`, { headers: { origin: origin() } });
  expect(profile.status()).toBe(404);
  expect(((await profile.json()) as { error: { code: string } }).error.code).toBe('PROFILE_NOT_FOUND');
}

const STEP_INTRO = 'Your account is ready. Add your details to finish signing up.';

test.describe('A sign-up left after its first step', () => {
  test('is finished on the profile page, which then shows the profile', async ({ page, consoleErrors }) => {
    test.slow();
    // The profile's 404 PROFILE_NOT_FOUND is how the page knows; the browser reports it as an error.
    consoleErrors.allow(/status of 404/);
    const email = newEmail('unfinished');
    await makeAccountOnly(page.request, email);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Finish Signing Up' })).toBeVisible();
    await expect(page.getByText(STEP_INTRO)).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    const firstName = page.getByRole('textbox', { name: 'First Name' });
    await expect(firstName).toHaveValue('Tess');
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Tracker');
    await expect(page.getByRole('switch', { name: /^Text me release alerts/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await firstName.fill('Tessa');
    await page.getByRole('button', { name: 'Finish Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Tessa Tracker').first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Finish Signing Up' })).toHaveCount(0);

    // It is registered on the server: a reload shows the profile again.
    await page.reload();
    await expect(page.getByText('Tessa Tracker').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  });

  test('is offered again at the next sign-in elsewhere, and finished in the sign-in modal', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.slow();
    consoleErrors.allow(/status of 404/);
    const email = newEmail('comeback');
    // Made on another device (its own cookies): this browser has never signed in.
    await makeAccountOnly(request, email);

    await signIn(page, email, PASSWORD);
    // Signed in, and the modal goes on with sign-up's last step rather than closing.
    await expect(dialog(page).getByText('Step 2 of 2')).toBeVisible({ timeout: SIGNED_IN_MS });
    await expect(dialog(page).getByText(STEP_INTRO)).toBeVisible();
    await expect(dialog(page).getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(dialog(page).getByRole('textbox', { name: 'First Name' })).toHaveValue('Tess');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog(page).getByRole('textbox', { name: 'Last Name' }).fill('Tracks-a-lot');
    await dialog(page).getByRole('button', { name: 'Finish Sign Up' }).click();
    await expect(dialog(page)).toBeHidden();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Tess Tracks-a-lot').first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });
});
