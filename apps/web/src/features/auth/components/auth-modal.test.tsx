import { Notifications, notifications } from '@mantine/notifications';
import { AUTH_MESSAGES, englishOf, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { useSession } from '../../../lib/session';
import AuthModal from './auth-modal';

const USER = { id: 'u-1', email: 'ada@example.com', name: 'Ada Lovelace', image: null };
const ITEM = makeItem({ title: 'Halcyon Relay' });

function Harness() {
  const { openModal } = useSession();
  return (
    <>
      <Notifications />
      <button type="button" onClick={() => openModal(undefined, 'signIn')}>
        Open sign in
      </button>
      <button type="button" onClick={() => openModal(undefined, 'signUp')}>
        Open sign up
      </button>
      <button type="button" onClick={() => openModal(ITEM)}>
        Notify Me
      </button>
      <AuthModal />
    </>
  );
}

const fail = (status: number, code: string, message: string) => () => ({
  status,
  body: { error: { code, message } },
});
const config = (googleSignIn: boolean) => () => ({
  status: 200,
  body: { productName: 'Releasebell', amazonAffiliateTag: null, contactEmail: 'x@y.z', googleSignIn },
});

async function open(which: 'Open sign in' | 'Open sign up' | 'Notify Me' = 'Open sign in') {
  const view = renderWithProviders(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: which }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const press = (dialog: HTMLElement, name: string) =>
  fireEvent.click(within(dialog).getByRole('button', { name }));

/**
 * Once the modal has closed: it closes through the session (a deferred render) and a transition, which
 * take more than waitFor's default second on a busy two-core machine.
 */
const modalClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });

/** The toast with this title, once it shows. */
function toast(title: string) {
  return waitFor(() => {
    const match = screen.queryAllByRole('alert').find((a) => within(a).queryByText(title));
    if (!match) throw new Error(`no toast titled ${title}`);
    return match;
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuthModal', () => {
  it('moves between Sign In, Sign Up and Reset Password with their links and step counter', async () => {
    stubApiRoutes({ 'GET /api/config': config(true) });
    const { dialog } = await open();
    expect(within(dialog).getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 1')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeEnabled();

    press(dialog, 'Forgot Password?');
    expect(within(dialog).getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    press(dialog, 'Back to Sign In');

    press(dialog, "I don't have an account");
    expect(within(dialog).getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(dialog).getByText(/to receive emails from Releasebell/)).toBeInTheDocument();
    press(dialog, 'I have an account');
    expect(within(dialog).getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('does not offer Google when the server has no Google credentials', async () => {
    const api = stubApiRoutes({ 'GET /api/config': config(false) });
    const { dialog } = await open();
    await waitFor(() => expect(api.called('GET', '/api/config')).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('checks the sign-up passwords live and on submit, then goes to step 2 and back without losing them', async () => {
    const api = stubApiRoutes({ 'GET /api/config': config(false) });
    const { dialog } = await open('Open sign up');
    const password = field(dialog, /^Password/);
    const confirm = field(dialog, /^Confirm Password/);

    press(dialog, 'Continue');
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    type(field(dialog, /^Email/), 'ada@example.com');

    type(password, 'short1');
    press(dialog, 'Continue');
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    type(password, 'no-digits-here');
    press(dialog, 'Continue');
    expect(within(dialog).getByText('Password must include a number')).toBeInTheDocument();

    type(password, 'analytical9');
    type(confirm, 'analytical');
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    press(dialog, 'Continue');
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();

    type(confirm, 'analytical9');
    expect(within(dialog).queryByText(/^Passwords do not match/)).not.toBeInTheDocument();
    press(dialog, 'Continue');
    expect(within(dialog).getByText('Step 2 of 2')).toBeInTheDocument();
    expect(field(dialog, /^First Name/)).toBeInTheDocument();

    press(dialog, 'Back');
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(field(dialog, /^Email/)).toHaveValue('ada@example.com');
    expect(field(dialog, /^Password/)).toHaveValue('analytical9');
    expect(api.calls.filter((c) => c.path.startsWith('/api/auth'))).toEqual([]);
  });

  it('creates the account, registers the profile with the landing utm values, closes and signs in', async () => {
    sessionStorage.setItem(
      'releasebell.utm',
      JSON.stringify({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn' }),
    );
    const api = stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-up/email': () => ({ status: 200, body: { user: USER } }),
      'POST /user/register': () => ({ status: 201, body: {} }),
    });
    const { dialog, session } = await open('Open sign up');
    type(field(dialog, /^Email/), ' ada@example.com ');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    type(field(dialog, /^First Name/), 'Ada');
    type(field(dialog, /^Last Name/), 'Lovelace');
    type(field(dialog, /^Phone Number/), '+44 7400 123456');
    press(dialog, 'Create Account');

    await modalClosed();
    expect(api.called('POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'analytical9',
      name: 'Ada Lovelace',
    });
    expect(api.called('POST', '/user/register')[0]?.body).toEqual({
      email: USER.email,
      firebase_id: USER.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '+44 7400 123456',
      notification_preferences: ['email'],
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn',
      // The browser's zone (the web tests run in America/New_York) and language (jsdom's en-US).
      time_zone: 'America/New_York',
      locale: 'en-US',
    });
    expect(session.current?.currentUser).toEqual(USER);

    // Opened again, the form starts empty.
    fireEvent.click(screen.getByRole('button', { name: 'Open sign up' }));
    expect(field(await screen.findByRole('dialog'), /^Email/)).toHaveValue('');
  });

  it('asks for the country code before creating the account, and sends nothing', async () => {
    const api = stubApiRoutes({ 'GET /api/config': config(false) });
    const { dialog } = await open('Open sign up');
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    type(field(dialog, /^Phone Number/), '07400 123456');
    press(dialog, 'Create Account');
    expect(
      await within(dialog).findByText(
        'Enter a valid phone number with its country code, e.g. +1 415 555 0132.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Fixing the number takes the message away.
    type(field(dialog, /^Phone Number/), '+44 7400 123456');
    expect(within(dialog).queryByText(/Enter a valid phone number/)).not.toBeInTheDocument();
  });

  it('keeps the new account when the server cannot text the number: registers without it and says so', async () => {
    const badPhone = 'Enter a valid phone number with its country code, e.g. +1 415 555 0132.';
    let registrations = 0;
    const api = stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-up/email': () => ({ status: 200, body: { user: USER } }),
      'POST /user/register': () =>
        ++registrations === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: `phone_number: ${badPhone}`,
                  details: [{ field: 'phone_number', message: badPhone }],
                },
              },
            }
          : { status: 201, body: {} },
    });
    const { dialog, session } = await open('Open sign up');
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    type(field(dialog, /^Phone Number/), '+1 555 010 2030');
    press(dialog, 'Create Account');
    const notice = await toast('Phone number not saved');
    expect(notice).toHaveTextContent(`${badPhone} You can add it in your profile.`);
    const bodies = api
      .called('POST', '/user/register')
      .map((c) => (c.body as { phone_number: unknown }).phone_number);
    expect(bodies).toEqual(['+1 555 010 2030', null]);
    await waitFor(() => expect(session.current?.currentUser).toEqual(USER));
  });

  it('says which address to use when the page was opened at one the server does not take sign-ups from', async () => {
    const message =
      'This address is not PUBLIC_URL (https://rb.example). Open https://rb.example to continue.';
    stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-up/email': fail(403, 'ORIGIN_NOT_ALLOWED', message),
    });
    const { dialog } = await open('Open sign up');
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    press(dialog, 'Create Account');
    expect(within(await toast('Sign-Up Error')).getByText(message)).toBeInTheDocument();
  });

  it.each([
    [422, 'EMAIL_IN_USE', 'This email is already in use. Please sign in instead.'],
    [500, 'INTERNAL_ERROR', 'An unexpected error occurred. Please try again.'],
    [503, 'AUTH_BUSY', englishOf(AUTH_MESSAGES.busy)],
  ])(
    'shows a sign-up failure (%s %s) as "Sign-Up Error" and keeps the modal open',
    async (status, code, shown) => {
      stubApiRoutes({
        'GET /api/config': config(false),
        'POST /api/auth/sign-up/email': fail(status, code, 'whatever the server said'),
      });
      const { dialog } = await open('Open sign up');
      type(field(dialog, /^Email/), 'ada@example.com');
      type(field(dialog, /^Password/), 'analytical9');
      type(field(dialog, /^Confirm Password/), 'analytical9');
      press(dialog, 'Continue');
      press(dialog, 'Create Account');

      expect(within(await toast('Sign-Up Error')).getByText(shown)).toBeInTheDocument();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it.each([
    ['USER_NOT_FOUND', 'No user found with this email. Please sign up.'],
    ['INVALID_PASSWORD', 'Incorrect password. Please try again.'],
    ['TOO_MANY_REQUESTS', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
  ])('shows a sign-in failure (%s) under "Error logging in" with the message', async (code, message) => {
    stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-in/email': fail(code === 'TOO_MANY_REQUESTS' ? 429 : 401, code, message),
    });
    const { dialog } = await open();
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'wrong-password1');
    press(dialog, 'Sign In');

    expect(within(await toast('Error logging in')).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says the server is busy when the password checks are queued, and signs in on the next try', async () => {
    let busy = true;
    stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-in/email': () =>
        busy
          ? { status: 503, body: { error: { code: 'AUTH_BUSY', message: englishOf(AUTH_MESSAGES.busy) } } }
          : { status: 200, body: { user: USER } },
      [`GET /user/profile/${USER.id}`]: () => ({ status: 200, body: { username: 'ada42' } }),
    });
    const { dialog, session } = await open();
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    press(dialog, 'Sign In');
    expect(
      within(await toast('Error logging in')).getByText(englishOf(AUTH_MESSAGES.busy)),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field(dialog, /^Password/)).toHaveValue('analytical9');

    busy = false;
    press(dialog, 'Sign In');
    await modalClosed();
    expect(session.current?.currentUser).toEqual(USER);
  });

  it("signing in to an account that has no profile goes on to sign-up's step 2, which registers it", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = stubApiRoutes({
      'GET /api/config': config(true),
      'POST /api/auth/sign-in/email': () => ({ status: 200, body: { user: USER } }),
      [`GET /user/profile/${USER.id}`]: fail(
        404,
        'PROFILE_NOT_FOUND',
        'This user has not completed registration yet.',
      ),
      'POST /user/register': () => ({ status: 201, body: {} }),
    });
    const { dialog, session } = await open();
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    press(dialog, 'Sign In');

    // Signed in, and still in the modal: on sign-up's last step, with no way back to the first.
    expect(await within(dialog).findByText('Step 2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your account is ready. Add your details to finish signing up.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'I have an account' })).not.toBeInTheDocument();
    // The session's observers hear of the sign-in on react-query's next notification, which may come
    // after the modal has drawn step 2.
    await waitFor(() => expect(session.current?.currentUser).toEqual(USER));
    expect(api.called('POST', '/user/register')).toEqual([]);
    // The names come from the account's.
    expect(field(dialog, /^First Name/)).toHaveValue('Ada');
    expect(field(dialog, /^Last Name/)).toHaveValue('Lovelace');

    type(field(dialog, /^Last Name/), 'King');
    press(dialog, 'Finish Sign Up');
    await modalClosed();
    expect(api.called('POST', '/user/register')).toHaveLength(1);
    expect(api.called('POST', '/user/register')[0]?.body).toMatchObject({
      email: USER.email,
      firebase_id: USER.id,
      first_name: 'Ada',
      last_name: 'King',
      phone_number: null,
      notification_preferences: ['email'],
    });
    expect(session.current?.currentUser).toEqual(USER);

    // Opened again, the modal starts from the beginning.
    fireEvent.click(screen.getByRole('button', { name: 'Open sign in' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText('Step 1 of 1')).toBeInTheDocument();
    expect(field(again, /^Email/)).toHaveValue('');
  });

  it('keeps step 2 open to register the profile again when the new account could not be registered', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let registrations = 0;
    const api = stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-up/email': () => ({ status: 200, body: { user: USER } }),
      'POST /user/register': () =>
        ++registrations === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } } }
          : { status: 201, body: {} },
    });
    const { dialog, session } = await open('Open sign up');
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    type(field(dialog, /^First Name/), 'Ada');
    type(field(dialog, /^Last Name/), 'Lovelace');
    press(dialog, 'Create Account');

    expect(
      within(await toast('Sign-Up Error')).getByText('An unexpected error occurred. Please try again.'),
    ).toBeInTheDocument();
    // The account exists: signed in, and the same step now only registers the profile.
    await waitFor(() => expect(session.current?.currentUser).toEqual(USER));
    expect(within(dialog).getByText('Step 2 of 2')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(field(dialog, /^First Name/)).toHaveValue('Ada');
    press(dialog, 'Finish Sign Up');
    await modalClosed();
    expect(api.called('POST', '/api/auth/sign-up/email')).toHaveLength(1);
    expect(api.called('POST', '/user/register')).toHaveLength(2);
  });

  it('asks for email and password before signing in', async () => {
    const api = stubApiRoutes({ 'GET /api/config': config(false) });
    const { dialog } = await open();
    press(dialog, 'Sign In');
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    type(field(dialog, /^Email/), 'ada@example.com');
    press(dialog, 'Sign In');
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(api.called('POST', '/api/auth/sign-in/email')).toEqual([]);
  });

  it('signs in with an item pending: the watchlist hears of it, and closing later clears the item', async () => {
    stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-in/email': () => ({ status: 200, body: { user: USER } }),
      [`GET /user/profile/${USER.id}`]: () => ({ status: 200, body: { username: 'ada42' } }),
    });
    const { dialog, session } = await open('Notify Me');
    const handler = vi.fn();
    act(() => void session.current?.onSignedIn(handler));
    expect(session.current?.itemToAdd?.title).toBe('Halcyon Relay');

    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    press(dialog, 'Sign In');
    await modalClosed();
    expect(handler).toHaveBeenCalledWith(USER, {
      item_id: ITEM.item_id,
      media_type: ITEM.media_type,
      title: ITEM.title,
    });
    expect(session.current?.itemToAdd).toBeNull();
  });

  it('closing the modal clears the pending item and the form', async () => {
    stubApiRoutes({ 'GET /api/config': config(false) });
    const { dialog, session } = await open('Notify Me');
    type(field(dialog, /^Email/), 'ada@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await modalClosed();
    expect(session.current?.itemToAdd).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open sign in' }));
    expect(field(await screen.findByRole('dialog'), /^Email/)).toHaveValue('');
  });

  it('warns when resetting without an email, and sends the link otherwise', async () => {
    const api = stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/request-password-reset': () => ({ status: 200, body: { status: true } }),
    });
    const { dialog } = await open();
    press(dialog, 'Forgot Password?');
    press(dialog, 'Send Reset Link');
    const warning = await toast('Email Required');
    expect(within(warning).getByText('Please enter your email to reset your password.')).toBeInTheDocument();
    expect(api.called('POST', '/api/auth/request-password-reset')).toEqual([]);

    type(field(dialog, /^Email/), 'ada@example.com');
    press(dialog, 'Send Reset Link');
    const sent = await toast('Password Reset Email Sent');
    expect(within(sent).getByText('Check your inbox for the reset link.')).toBeInTheDocument();
    await modalClosed();
    expect(api.called('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('shows "Reset Failed" with the message when the reset cannot be sent', async () => {
    stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/request-password-reset': fail(429, 'TOO_MANY_REQUESTS', 'Too many requests.'),
    });
    const { dialog } = await open();
    press(dialog, 'Forgot Password?');
    type(field(dialog, /^Email/), 'ada@example.com');
    press(dialog, 'Send Reset Link');
    expect(within(await toast('Reset Failed')).getByText('Too many requests.')).toBeInTheDocument();
  });

  it('shows "Google Sign-In Error" with the message when Google cannot start', async () => {
    stubApiRoutes({
      'GET /api/config': config(true),
      'POST /api/auth/sign-in/social': fail(500, 'INTERNAL_ERROR', 'The provider is unreachable.'),
    });
    const { dialog } = await open();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));
    const shown = await toast('Google Sign-In Error');
    expect(within(shown).getByText('The provider is unreachable.')).toBeInTheDocument();
  });

  it('tells an in-app browser to open the page in a real browser instead of starting Google', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0',
    );
    const api = stubApiRoutes({ 'GET /api/config': config(true) });
    const { dialog } = await open();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));
    const warning = await toast('Open in Browser');
    expect(
      within(warning).getByText(
        'For security reasons, please open this page in your browser to sign in with Google.',
      ),
    ).toBeInTheDocument();
    expect(api.called('POST', '/api/auth/sign-in/social')).toEqual([]);
  });
});

describe('AuthModal: sign-up with texts', () => {
  const CODE = '482913';
  const PHONE = '+44 7400 123456';
  const profileAnswer = { status: 201, body: {} };

  /** Sign-up through the phone verification, each answer overridable. */
  function stubSignUp(routes: Parameters<typeof stubApiRoutes>[0] = {}) {
    return stubApiRoutes({
      'GET /api/config': config(false),
      'POST /api/auth/sign-up/email': () => ({ status: 200, body: { user: USER } }),
      'POST /user/register': () => profileAnswer,
      'POST /api/phone/verification': () => ({
        status: 202,
        body: { phone_number_display: PHONE, expires_at: '2999-01-01T00:10:00.000Z' },
      }),
      'POST /api/phone/verification/confirm': (body) =>
        (body as { code: string }).code === CODE
          ? { status: 200, body: { phone_verified: true } }
          : {
              status: 400,
              body: { error: { code: 'INVALID_CODE', message: englishOf(PHONE_MESSAGES.wrongCode) } },
            },
      ...routes,
    });
  }

  /** Step 1 filled in, on step 2. */
  async function toStepTwo() {
    const view = await open('Open sign up');
    const { dialog } = view;
    type(field(dialog, /^Email/), 'ada@example.com');
    type(field(dialog, /^Password/), 'analytical9');
    type(field(dialog, /^Confirm Password/), 'analytical9');
    press(dialog, 'Continue');
    return view;
  }
  const textMe = (dialog: HTMLElement) =>
    within(dialog).getByRole('switch', { name: /^Text me release alerts/ });

  it('offers texts only with a phone number, and switches them off when the number is emptied', async () => {
    stubSignUp();
    const { dialog } = await toStepTwo();
    expect(textMe(dialog)).toBeDisabled();
    expect(textMe(dialog)).not.toBeChecked();
    type(field(dialog, /^Phone Number/), PHONE);
    expect(textMe(dialog)).toBeEnabled();
    fireEvent.click(textMe(dialog));
    expect(textMe(dialog)).toBeChecked();
    type(field(dialog, /^Phone Number/), '');
    expect(textMe(dialog)).not.toBeChecked();
    expect(textMe(dialog)).toBeDisabled();
  });

  it('with texts on, registers for them, asks for the texted code in step 2, and closes once it is right', async () => {
    const api = stubSignUp();
    const { dialog, session } = await toStepTwo();
    type(field(dialog, /^Phone Number/), PHONE);
    fireEvent.click(textMe(dialog));
    press(dialog, 'Create Account');

    expect(await within(dialog).findByText(englishOf(PHONE_MESSAGES.codeSent))).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(/Sent to \+44 7400 123456/);
    expect(within(dialog).getByText('Step 2 of 2')).toBeInTheDocument();
    // The account exists: there is no way back to step 1.
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(api.called('POST', '/user/register')[0]?.body).toMatchObject({
      phone_number: PHONE,
      notification_preferences: ['email', 'mobile'],
    });
    await waitFor(() => expect(session.current?.currentUser).toEqual(USER));

    type(code, '111111');
    press(dialog, 'Verify');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(englishOf(PHONE_MESSAGES.wrongCode));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    type(code, CODE);
    press(dialog, 'Verify');
    await modalClosed();
    expect(
      within(await toast('Number verified')).getByText(englishOf(PHONE_MESSAGES.verified)),
    ).toBeInTheDocument();
    expect(api.called('POST', '/api/phone/verification/confirm').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: CODE },
    ]);

    // Opened again, the modal starts from the beginning.
    fireEvent.click(screen.getByRole('button', { name: 'Open sign up' }));
    const again = await screen.findByRole('dialog');
    expect(field(again, /^Email/)).toHaveValue('');
    expect(within(again).queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
  });

  it('"Skip for now" closes with the member signed in and nothing checked', async () => {
    const api = stubSignUp();
    const { dialog, session } = await toStepTwo();
    type(field(dialog, /^Phone Number/), PHONE);
    fireEvent.click(textMe(dialog));
    press(dialog, 'Create Account');
    await within(dialog).findByRole('textbox', { name: 'Verification code' });
    press(dialog, 'Skip for now');
    await modalClosed();
    expect(session.current?.currentUser).toEqual(USER);
    expect(api.called('POST', '/api/phone/verification/confirm')).toEqual([]);
  });

  it('without texts, sends no code and closes as before', async () => {
    const api = stubSignUp();
    const { dialog } = await toStepTwo();
    type(field(dialog, /^Phone Number/), PHONE);
    press(dialog, 'Create Account');
    await modalClosed();
    expect(api.called('POST', '/user/register')[0]?.body).toMatchObject({
      notification_preferences: ['email'],
    });
    expect(api.called('POST', '/api/phone/verification')).toEqual([]);
  });

  it('has no code step when the server refused the number', async () => {
    const refusal = 'We can only text mobile numbers in the United Kingdom. This is a premium-rate number.';
    let registrations = 0;
    const api = stubSignUp({
      'POST /user/register': () =>
        ++registrations === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: `phone_number: ${refusal}`,
                  details: [{ field: 'phone_number', message: refusal }],
                },
              },
            }
          : profileAnswer,
    });
    const { dialog } = await toStepTwo();
    type(field(dialog, /^Phone Number/), '+44 909 879 0000');
    fireEvent.click(textMe(dialog));
    press(dialog, 'Create Account');
    expect(await toast('Phone number not saved')).toHaveTextContent(
      `${refusal} You can add it in your profile.`,
    );
    await modalClosed();
    expect(api.called('POST', '/user/register').map((c) => c.body)).toMatchObject([
      { phone_number: '+44 909 879 0000', notification_preferences: ['email', 'mobile'] },
      { phone_number: null, notification_preferences: ['email'] },
    ]);
    expect(api.called('POST', '/api/phone/verification')).toEqual([]);
  });

  it('closes and says so when the code cannot be sent', async () => {
    stubSignUp({
      'POST /api/phone/verification': () => ({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: englishOf(PHONE_MESSAGES.tooManyCodes) } },
      }),
    });
    const { dialog, session } = await toStepTwo();
    type(field(dialog, /^Phone Number/), PHONE);
    fireEvent.click(textMe(dialog));
    press(dialog, 'Create Account');
    expect(await toast('Code not sent')).toHaveTextContent(
      `${englishOf(PHONE_MESSAGES.tooManyCodes)} You can verify your number in your profile.`,
    );
    await modalClosed();
    expect(session.current?.currentUser).toEqual(USER);
  });
});
