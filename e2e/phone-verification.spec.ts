import { englishOf, PHONE_MESSAGES } from '@releasebell/contract/constants';
import {
  confirmField,
  dialog,
  emailField,
  newEmail,
  openSignIn,
  PASSWORD,
  passwordField,
  SIGNED_IN_MS,
  toast,
} from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';
import { codeTextedTo, newMobile, textsTo, wrongCodeFor } from './sms-outbox';

// No text goes to a number its member has not proved is theirs: the code texted to it (written to the
// server's SMS outbox here) turns texts on.
test.describe('Mobile number verification', () => {
  test('signs up with texts on, enters the texted code, and the profile shows the number verified', async ({
    page,
    consoleErrors,
  }) => {
    // A sign-up hashing a password at full cost, an axe scan, and the profile.
    test.slow();
    // One wrong code is tried on purpose.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    const phone = newMobile();
    await openSignIn(page);
    await dialog(page).getByRole('button', { name: "I don't have an account" }).click();
    await emailField(page).fill(newEmail('texts'));
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog(page).getByRole('textbox', { name: 'First Name' }).fill('Ada');
    await dialog(page).getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');

    // Texts need a number.
    const textMe = dialog(page).getByRole('switch', { name: /^Text me release alerts/ });
    await expect(textMe).toBeDisabled();
    await dialog(page)
      .getByRole('textbox', { name: /^Phone Number/ })
      .fill(phone.typed);
    await expect(textMe).toBeEnabled();
    await textMe.check({ force: true });
    await dialog(page).getByRole('button', { name: 'Create Account' }).click();

    // Step 2 now asks for the code texted to the number.
    await expect(dialog(page).getByText(englishOf(PHONE_MESSAGES.codeSent))).toBeVisible({
      timeout: SIGNED_IN_MS,
    });
    await expect(dialog(page).getByText('Step 2 of 2')).toBeVisible();
    const field = dialog(page).getByRole('textbox', { name: 'Verification code' });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    const code = await codeTextedTo(phone.e164);

    await field.fill(wrongCodeFor(code));
    await dialog(page).getByRole('button', { name: 'Verify' }).click();
    await expect(dialog(page).getByText(englishOf(PHONE_MESSAGES.wrongCode))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(code);
    await field.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page, 'Number verified')).toContainText(englishOf(PHONE_MESSAGES.verified));
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText(phone.typed, { exact: true })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    const sms = page.getByRole('switch', { name: /^SMS/ });
    await expect(sms).toBeChecked();
    await expect(sms).toHaveAccessibleDescription(`Texts go to ${phone.typed}.`);
    await expect(page.getByText(englishOf(PHONE_MESSAGES.notVerified))).toHaveCount(0);
    // One code was texted, and nothing else.
    expect(await textsTo(phone.e164)).toHaveLength(1);
  });

  test('in the profile, turning SMS on texts a code at once; a wrong code is refused and the right one verifies', async ({
    page,
    consoleErrors,
  }) => {
    test.slow();
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    await signUpViaApi(page, 'profile-texts');
    const phone = newMobile();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const number = page.getByRole('textbox', { name: 'Phone Number' });
    const sms = page.getByRole('switch', { name: /^SMS/ });
    // A landline cannot get texts: the server refuses it, and says why under the field.
    await number.fill('+44 20 7946 0958');
    await sms.check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(number).toHaveAccessibleDescription(/We can only text mobile numbers/);
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveCount(0);

    await number.fill(phone.typed);
    await page.getByRole('button', { name: 'Save' }).click();

    // Saved, and the code is asked for right away.
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText(englishOf(PHONE_MESSAGES.notVerified))).toBeVisible();
    await expect(page.getByText(englishOf(PHONE_MESSAGES.codeSent))).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Verification code' });
    await expect(field).toBeFocused();
    await expect(sms).toHaveAccessibleDescription(`Texts go to ${phone.typed} once it is verified.`);
    await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const code = await codeTextedTo(phone.e164);

    // A wrong code says so under the field; typed with the keyboard, Enter verifies.
    await field.fill(wrongCodeFor(code));
    await field.press('Enter');
    await expect(page.getByText(englishOf(PHONE_MESSAGES.wrongCode))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(englishOf(PHONE_MESSAGES.verified))).toHaveCount(0);

    await field.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(englishOf(PHONE_MESSAGES.verified))).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(sms).toHaveAccessibleDescription(`Texts go to ${phone.typed}.`);
    await expect(field).toHaveCount(0);

    // It is the server's: a reload shows the number verified, with nothing left to do.
    await page.reload();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: /^SMS/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Text me a code' })).toHaveCount(0);
  });
});
