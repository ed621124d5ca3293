import { englishOf, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

test.describe('Profile', () => {
  test('asks a visitor to sign in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('Sign in to see your profile.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('edits the profile with the SMS rules; email stays locked', async ({ page }) => {
    // A long journey (a sign-up hashing a password at full cost, an axe scan, two saves, a reload):
    // on a busy two-core machine it needs more than the default time.
    test.slow();
    const { email } = await signUpViaApi(page, 'profile', { firstName: 'Ada', lastName: 'Lovelace' });
    await page.goto('/profile');
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('No phone number')).toBeVisible();
    const sms = page.getByRole('switch', { name: /^SMS/ });
    const emailSwitch = page.getByRole('switch', { name: /^Email/ });
    await expect(emailSwitch).toBeChecked();
    await expect(emailSwitch).toBeDisabled();
    await expect(sms).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    // The keyboard reaches the explanation: Tab from Last Name lands on it (the email field is disabled).
    await page.getByRole('textbox', { name: 'Last Name' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: "Why can't I change my email?" })).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(
      'To change your email address, please contact support.',
    );

    const phone = page.getByRole('textbox', { name: 'Phone Number' });
    await phone.fill('+44 7400 123456');
    await expect(sms).toBeEnabled();
    await sms.check({ force: true });
    await expect(sms).toBeChecked();
    // Emptying the phone takes SMS away at once.
    await phone.fill('');
    await expect(sms).not.toBeChecked();
    await expect(sms).toBeDisabled();

    // Cancel discards.
    await page.getByRole('textbox', { name: 'First Name' }).fill('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Augusta Ada');
    await phone.fill('+44 7400 123456');
    await sms.check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Augusta Ada Lovelace').first()).toBeVisible();
    await expect(page.getByText('+44 7400 123456', { exact: true })).toBeVisible();
    await expect(sms).toBeChecked();
    // Texts go only to a verified number: its code is asked for at once (phone-verification.spec.ts).
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toBeVisible();

    // It is saved on the server: a reload shows the same, the number still to be verified.
    await page.reload();
    await expect(page.getByText('Augusta Ada Lovelace').first()).toBeVisible();
    await expect(page.getByRole('switch', { name: /^SMS/ })).toBeChecked();
    await expect(page.getByText(englishOf(PHONE_MESSAGES.notVerified))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Text me a code' })).toBeVisible();
  });

  test('refuses an avatar of the wrong type without sending it, and uploads a PNG', async ({ page }) => {
    await signUpViaApi(page, 'avatar');
    await page.goto('/profile');
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().includes('/user/avatar/')) uploads.push(req.url());
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
    expect(uploads).toEqual([]);

    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser2).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
    await expect(page.getByRole('img', { name: /profile picture/ })).toBeVisible();
    expect(uploads).toHaveLength(1);
  });
});
