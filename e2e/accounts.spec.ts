import {
  confirmField,
  dialog,
  emailField,
  newEmail,
  openSignIn,
  PASSWORD,
  passwordField,
  SIGNED_IN_MS,
  signIn,
  signOut,
  signUpThroughUi,
  toast,
} from './auth-helpers';
import { googleUser, mailboxUrl } from './fake-config';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

test.describe('Auth modal', () => {
  test('sign-up has two steps with a back button, the live and submitted mismatch messages, and the note', async ({
    page,
  }) => {
    await openSignIn(page);
    await expect(dialog(page).getByText('Step 1 of 1')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: "I don't have an account" }).click();
    await expect(dialog(page).getByText('Step 1 of 2')).toBeVisible();
    await expect(dialog(page)).toContainText(
      'By continuing, you agree to our Privacy Policy and Terms of Service and to receive emails from Releasebell.',
    );
    await expect(dialog(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(dialog(page).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );

    await emailField(page).fill(newEmail('steps'));
    await passwordField(page).fill('short1');
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog(page).getByText('Password must be at least 8 characters')).toBeVisible();
    await passwordField(page).fill('no digits at all');
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog(page).getByText('Password must include a number')).toBeVisible();

    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill('release day');
    await expect(dialog(page).getByText('Passwords do not match', { exact: true })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog(page).getByText('Passwords do not match.', { exact: true })).toBeVisible();

    await confirmField(page).fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog(page).getByText('Step 2 of 2')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page).getByText('Step 1 of 2')).toBeVisible();
    await expect(emailField(page)).not.toHaveValue('');
    await dialog(page).getByRole('button', { name: 'I have an account' }).click();
    await expect(dialog(page).getByText('Step 1 of 1')).toBeVisible();
  });

  test('sign up, sign out, and sign in with each error message', async ({ page, consoleErrors }) => {
    // Four password hashes at full cost in one test.
    test.slow();
    // The refused attempts answer 401 and 422 on purpose; the browser reports those as errors.
    consoleErrors.allow(/status of 401/, /status of 422/);
    const email = newEmail('member');
    await signUpThroughUi(page, email);
    await signOut(page);

    await signIn(page, email, 'wrong password 1');
    await expect(toast(page, 'Error logging in')).toContainText('Incorrect password. Please try again.');
    await signIn(page, newEmail('nobody'), PASSWORD);
    await expect(toast(page, 'Error logging in')).toContainText(
      'No user found with this email. Please sign up.',
    );

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'View Profile',
      'View Watchlist',
      'Following',
      'Import your lists',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await signOut(page);

    // The address is now taken.
    await openSignIn(page);
    await dialog(page).getByRole('button', { name: "I don't have an account" }).click();
    await emailField(page).fill(email);
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Sign-Up Error')).toContainText(
      'This email is already in use. Please sign in instead.',
    );
  });

  test('resets a forgotten password through the emailed link, then is signed in', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // A long journey (reset twice, sign in), each step hashing a password at full cost.
    test.slow();
    // Using the link a second time is refused with a 400 on purpose.
    consoleErrors.allow(/status of 400/);
    // The member (signed up through the API: the modal's sign-up is the tests' above); the browser is not signed in.
    const { email } = await signUpViaApi(request, 'forgetful');

    await openSignIn(page);
    await dialog(page).getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(dialog(page).getByText('Reset Password', { exact: true })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Email Required')).toContainText(
      'Please enter your email to reset your password.',
    );
    await emailField(page).fill(email);
    await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Password Reset Email Sent')).toContainText(
      'Check your inbox for the reset link.',
    );

    // Read the mail the SMTP server received and follow its link.
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await request.get(`${mailboxUrl}?to=${encodeURIComponent(email)}`)).json()) as {
          decoded: string;
        }[];
        link = mails.at(-1)?.decoded.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/)?.[0];
        return link;
      })
      .toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(/^New Password/).fill('nodigits');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText('Password must include a number')).toBeVisible();
    await page.getByLabel(/^New Password/).fill('brand new 2027');
    await page.getByLabel(/^Confirm New Password/).fill('brand new 2027');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });

    // The link worked once.
    await page.goto(link as string);
    await page.getByLabel(/^New Password/).fill('another one 3');
    await page.getByLabel(/^Confirm New Password/).fill('another one 3');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(
      page.getByText('This reset link has expired or was already used. Ask for a new one.'),
    ).toBeVisible();

    await page.goto('/homepage');
    await signOut(page);
    await signIn(page, email, 'brand new 2027');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });
  });

  test('signs in with Google (a local OpenID Connect server) and registers the new member', async ({
    page,
    consoleErrors,
  }) => {
    // A new Google user has no profile yet: the spec's GET /user/profile answers 404, then we register.
    consoleErrors.allow(/status of 404/);
    // A Google account of this test's own: the stand-in signs in whoever login_hint names.
    const email = newEmail('grace.google');
    const usernameStem = email.split('@')[0]?.replace(/[^A-Za-z0-9]/g, '');
    await page.route('**/authorize?*', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login_hint', email);
      return route.continue({ url: url.toString() });
    });
    await openSignIn(page);
    const providerVisits: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/authorize?')) providerVisits.push(req.url());
    });
    await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/homepage$/);
    // The browser went to the provider with PKCE (S256), state and a nonce.
    expect(providerVisits).toHaveLength(1);
    const authorize = new URL(providerVisits[0] as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(googleUser.name).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^@${usernameStem}\\d{1,3}$`)).first()).toBeVisible();
  });
});

test.describe('in-app browsers', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Instagram 300.0.0.0',
  });

  test('warn and send the page to Chrome instead of starting Google sign-in', async ({
    page,
    consoleErrors,
  }) => {
    // Headless Chromium may report the intent:// address it cannot open.
    consoleErrors.allow(/intent:\/\//);
    const oauthStarts: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/sign-in/social')) oauthStarts.push(req.url());
    });
    await openSignIn(page);
    await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
    await expect(toast(page, 'Open in Browser')).toContainText(
      'For security reasons, please open this page in your browser to sign in with Google.',
    );
    // (The intent:// address it opens is checked in lib/in-app-browser.test.ts; headless Chromium ignores it.)
    expect(oauthStarts).toEqual([]);
  });
});
