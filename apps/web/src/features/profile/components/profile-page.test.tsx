import { Notifications, notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import {
  EMAIL_LOCKED_TOOLTIP,
  englishOf,
  NOTIFICATION_MESSAGES,
  PHONE_MESSAGES,
  smsNumberProblem,
} from '@releasebell/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  makeConfig,
  makeItem,
  renderWithProviders,
  stubApiRoutes,
  watchlistEntryOf,
} from '../../../components/test-utils';
import { ProfilePage } from './profile-page';

/** Stands in for the auth feature's sign-up step 2, which app/ gives the page (profile-route.test.tsx). */
function FakeFinishSignUp({ user }: { user: { email: string } }) {
  return <p>Sign-up step 2 for {user.email}</p>;
}

const USER = { id: 'u-7', email: 'grace@example.com', name: 'Grace Hopper', image: null };
const SAVED: UserProfile = {
  uid: USER.id,
  email: USER.email,
  username: 'grace512',
  first_name: 'Grace',
  last_name: 'Hopper',
  phone_number: null,
  phone_number_display: null,
  avatar: null,
  notification_preferences: ['email'],
  time_zone: 'Europe/Paris',
  reminder_days: 1,
  email_paused: false,
  sms_opted_out: false,
  phone_verified: false,
  region: null,
  movie_release_kind: 'theatrical',
  locale: 'en-US',
  created_at: '2026-11-01T10:00:00.000Z',
};

const calendarLink = (token: string) => ({
  url: `https://releasebell.example/calendar/${token}.ics`,
  webcal_url: `webcal://releasebell.example/calendar/${token}.ics`,
});

/** The code the fake server texts. */
const CODE = '482913';

/**
 * The profile API over one stored profile; PUT applies the body like the server does (a new number is
 * not verified), and the phone verification takes CODE.
 */
function stubProfileApi(
  initial: Partial<UserProfile> = {},
  options: { failUpdate?: boolean; tooManyCodes?: boolean; noTmdb?: boolean } = {},
) {
  // Like the server: the number is kept in E.164 and answered also as written.
  const withPhone = (p: UserProfile): UserProfile => ({
    ...p,
    phone_number: p.phone_number?.replace(/[^\d+]/g, '') ?? null,
    phone_number_display: p.phone_number,
  });
  let stored: UserProfile = withPhone({ ...SAVED, ...initial });
  let calendarToken = 'A'.repeat(43);
  const routes: Parameters<typeof stubApiRoutes>[0] = {
    [`GET /user/details/${USER.id}`]: () => ({ status: 200, body: stored }),
    [`PUT /user/update/${USER.id}`]: (body) => {
      if (options.failUpdate)
        return { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } } };
      const next = withPhone({ ...stored, ...(body as Partial<UserProfile>) });
      stored = {
        ...next,
        phone_verified: stored.phone_verified && next.phone_number === stored.phone_number,
      };
      return { status: 200, body: stored };
    },
    [`PUT /user/avatar/${USER.id}`]: () => {
      stored = { ...stored, avatar: `/user/avatar/${USER.id}?v=1` };
      return { status: 200, body: stored };
    },
    'GET /api/calendar': () => ({ status: 200, body: calendarLink(calendarToken) }),
    'POST /api/calendar/rotate': () => {
      calendarToken = 'B'.repeat(43);
      return { status: 200, body: calendarLink(calendarToken) };
    },
    'GET /api/channels': () => ({ status: 200, body: { channels: [] } }),
    // With TMDB, so "My services" is offered (it is hidden without).
    'GET /api/config': () => ({ status: 200, body: makeConfig({ tmdbAttribution: !options.noTmdb }) }),
    'GET /api/services': () => ({
      status: 200,
      body: { region: stored.region ?? 'GB', provider_ids: [8], include_rent_buy: false },
    }),
    'GET /api/watch-providers': (_, url) => ({
      status: 200,
      body: {
        region: url.searchParams.get('region'),
        providers: [{ id: 8, name: 'Netflix', logo: null, kinds: ['flatrate'] }],
      },
    }),
    'POST /api/phone/verification': () =>
      options.tooManyCodes
        ? {
            status: 429,
            body: { error: { code: 'RATE_LIMITED', message: englishOf(PHONE_MESSAGES.tooManyCodes) } },
          }
        : {
            status: 202,
            body: {
              phone_number_display: stored.phone_number_display,
              expires_at: new Date(Date.now() + 600_000).toISOString(),
            },
          },
    'POST /api/phone/verification/confirm': (body) => {
      if ((body as { code: string }).code !== CODE)
        return {
          status: 400,
          body: { error: { code: 'INVALID_CODE', message: englishOf(PHONE_MESSAGES.wrongCode) } },
        };
      stored = { ...stored, phone_verified: true };
      return { status: 200, body: { phone_verified: true } };
    },
  };
  const api = stubApiRoutes(routes);
  return { ...api, routes, stored: () => stored };
}

async function renderProfile() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const view = renderWithProviders(
    <>
      <Notifications />
      <ProfilePage FinishSignUp={FakeFinishSignUp} />
    </>,
    { user: USER, route: '/profile' },
  );
  await screen.findByRole('button', { name: 'Edit Profile' });
  return view;
}

const sms = () => screen.getByRole('switch', { name: /^SMS/ });
const edit = () => fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfilePage', () => {
  it('asks a signed-out visitor to sign in, and opens the sign-in modal', async () => {
    stubApiRoutes({});
    const { session } = renderWithProviders(<ProfilePage FinishSignUp={FakeFinishSignUp} />, {
      user: null,
      route: '/profile',
    });
    expect(screen.getByText('Sign in to see your profile.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(session.current?.isModalOpen).toBe(true);
  });

  it("offers sign-up's step 2 instead of an error when the account has no profile yet", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = stubApiRoutes({
      [`GET /user/details/${USER.id}`]: () => ({
        status: 404,
        body: {
          error: { code: 'PROFILE_NOT_FOUND', message: 'This user has not completed registration yet.' },
        },
      }),
    });
    renderWithProviders(<ProfilePage FinishSignUp={FakeFinishSignUp} />, { user: USER, route: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Finish Signing Up' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByText(`Sign-up step 2 for ${USER.email}`)).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(api.called('GET', `/user/details/${USER.id}`)).toHaveLength(1);
  });

  it('says the profile could not be loaded when it fails for another reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApiRoutes({
      [`GET /user/details/${USER.id}`]: () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      }),
    });
    renderWithProviders(<ProfilePage FinishSignUp={FakeFinishSignUp} />, { user: USER, route: '/profile' });
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText(/Sign-up step 2/)).not.toBeInTheDocument();
  });

  it('shows the placeholder avatar, full name, username, email and phone, with email always on and SMS locked without a phone', async () => {
    stubProfileApi();
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('G')).toBeInTheDocument();
    expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
    expect(screen.getAllByText('@grace512').length).toBeGreaterThan(0);
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('No phone number')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Email/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Email/ })).toBeDisabled();
    expect(sms()).not.toBeChecked();
    expect(sms()).toBeDisabled();
    expect(screen.getByText('Add a phone number to enable SMS notifications.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Watchlist' })).toBeInTheDocument();
  });

  it('lists the tracked titles under "Your Watchlist", or says it is empty', async () => {
    const entry = watchlistEntryOf(
      makeItem({ item_id: 'tr-1', title: 'Amber Circuit', slug: 'amber-circuit' }),
    );
    stubApiRoutes({
      [`GET /user/details/${USER.id}`]: () => ({ status: 200, body: SAVED }),
      [`GET /watchlist/${USER.id}`]: () => ({ status: 200, body: [entry] }),
    });
    await renderProfile();
    const section = screen.getByRole('region', { name: 'Your Watchlist' });
    expect(await within(section).findByRole('link', { name: /Amber Circuit/ })).toHaveAttribute(
      'href',
      '/media/movies/amber-circuit',
    );
    expect(within(section).getByRole('link', { name: 'Go to My Tracking List' })).toHaveAttribute(
      'href',
      '/watchlist',
    );
  });

  it('says "Your watchlist is currently empty." when nothing is tracked', async () => {
    stubApiRoutes({
      [`GET /user/details/${USER.id}`]: () => ({ status: 200, body: SAVED }),
      [`GET /watchlist/${USER.id}`]: () => ({ status: 200, body: [] }),
    });
    await renderProfile();
    expect(await screen.findByText('Your watchlist is currently empty.')).toBeInTheDocument();
  });

  it('tells why the email cannot be changed', async () => {
    stubProfileApi();
    await renderProfile();
    fireEvent.mouseEnter(screen.getByRole('button', { name: "Why can't I change my email?" }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(englishOf(EMAIL_LOCKED_TOOLTIP));
  });

  it('in edit mode enables SMS as soon as a phone is typed, and saves both, then returns to view', async () => {
    const api = stubProfileApi();
    await renderProfile();
    edit();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    expect(sms()).toBeDisabled();
    type(/^Phone Number/, '+1 555 0100');
    expect(sms()).toBeEnabled();
    fireEvent.click(sms());
    type(/^First Name/, 'Amazing Grace');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toEqual({
      first_name: 'Amazing Grace',
      last_name: 'Hopper',
      phone_number: '+1 555 0100',
      notification_preferences: ['email', 'mobile'],
      time_zone: 'Europe/Paris',
      reminder_days: 1,
      region: null,
      movie_release_kind: 'theatrical',
      locale: 'en-US',
    });
    expect(screen.getByText('+1 555 0100')).toBeInTheDocument();
    expect(sms()).toBeChecked();
    // Save reloads the profile from the server.
    await waitFor(() => expect(api.called('GET', `/user/details/${USER.id}`).length).toBeGreaterThan(1));
    // Texts were just turned on for a number not verified yet: its code is asked for at once.
    expect(await screen.findByRole('textbox', { name: 'Verification code' })).toHaveFocus();
    expect(api.called('POST', '/api/phone/verification')).toHaveLength(1);
  });

  it('switches SMS off by itself when the phone is emptied while editing', async () => {
    const api = stubProfileApi({
      phone_number: '+1 555 0100',
      notification_preferences: ['email', 'mobile'],
      phone_verified: true,
    });
    await renderProfile();
    expect(sms()).toBeChecked();
    expect(screen.getByText('Texts go to +1 555 0100.')).toBeInTheDocument();
    edit();
    type(/^Phone Number/, '   ');
    expect(sms()).not.toBeChecked();
    expect(sms()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toMatchObject({
      phone_number: null,
      notification_preferences: ['email'],
    });
  });

  it('Cancel discards the edits, reloads, and sends nothing', async () => {
    const api = stubProfileApi();
    await renderProfile();
    edit();
    type(/^First Name/, 'Someone Else');
    type(/^Phone Number/, '+1 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
    expect(screen.getByText('No phone number')).toBeInTheDocument();
    expect(api.called('PUT', `/user/update/${USER.id}`)).toEqual([]);
    await waitFor(() => expect(api.called('GET', `/user/details/${USER.id}`).length).toBeGreaterThan(1));
  });

  it('toggling SMS in view mode saves straight away', async () => {
    const api = stubProfileApi({ phone_number: '+1 555 0100' });
    await renderProfile();
    fireEvent.click(sms());
    await waitFor(() => expect(sms()).toBeChecked());
    expect(api.stored().notification_preferences).toEqual(['email', 'mobile']);
  });

  it('keeps the edits and says so when saving fails', async () => {
    stubProfileApi({}, { failUpdate: true });
    await renderProfile();
    edit();
    type(/^First Name/, 'Amazing Grace');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes could not be saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Amazing Grace');
  });

  it('shows the time zone and reminder as text, and sends the chosen ones on Save', async () => {
    const api = stubProfileApi();
    await renderProfile();
    expect(screen.getByText('Europe/Paris')).toBeInTheDocument();
    expect(screen.getByText('1 day before')).toBeInTheDocument();
    expect(screen.getByText('Release emails go out at 9:00 in this time zone.')).toBeInTheDocument();

    edit();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Paris');
    expect(zone).toHaveAccessibleDescription('Release emails go out at 9:00 in this time zone.');
    fireEvent.click(zone);
    fireEvent.change(zone, { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));

    fireEvent.click(screen.getByRole('combobox', { name: 'Remind me before a release' }));
    expect(await screen.findByRole('option', { name: 'Off' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '3 days before' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: '7 days before' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toMatchObject({
      time_zone: 'Asia/Tokyo',
      reminder_days: 7,
    });
    expect(screen.getByText('Asia/Tokyo')).toBeInTheDocument();
    expect(screen.getByText('7 days before')).toBeInTheDocument();
  });

  it('offers the saved time zone even when the browser does not list it', async () => {
    stubProfileApi({ time_zone: 'UTC', reminder_days: 0 });
    await renderProfile();
    expect(screen.getByText('Off')).toBeInTheDocument();
    edit();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  });

  // Labels and option texts, not role queries: this page is large, and role queries over it are slow.
  it('shows the country and kind of movie release as text, and sends a chosen country on Save', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const api = stubProfileApi();
    await renderProfile();
    expect(screen.getByText('Country for movie release dates')).toBeInTheDocument();
    expect(screen.getByText('From my browser (United Kingdom)')).toBeInTheDocument();
    expect(screen.getByText('Tell me about movie releases')).toBeInTheDocument();
    expect(screen.getByText('Theatrical')).toBeInTheDocument();

    edit();
    const country = screen.getByLabelText('Country for movie release dates', { selector: 'input' });
    expect(country).toHaveAttribute('role', 'combobox');
    expect(country).toHaveValue('From my browser (United Kingdom)');
    expect(country).toHaveAccessibleDescription(/notifications use our default country until you choose one/);
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByText('Germany'));
    expect(country).toHaveValue('Germany');
    expect(country).toHaveAccessibleDescription(
      "Movie pages and your notifications use this country's release dates.",
    );
    fireEvent.click(screen.getByText('Save'));

    await screen.findByText('Edit Profile');
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toMatchObject({
      region: 'DE',
      movie_release_kind: 'theatrical',
    });
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });

  it('sends the kind of movie release, and "From my browser" as no country', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const api = stubProfileApi({ region: 'DE' });
    await renderProfile();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    edit();
    const kind = screen.getByLabelText('Tell me about movie releases', { selector: 'input' });
    expect(kind).toHaveValue('Theatrical');
    fireEvent.click(kind);
    expect(await screen.findByText('Physical')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Digital'));
    expect(kind).toHaveValue('Digital');
    const country = screen.getByLabelText('Country for movie release dates', { selector: 'input' });
    expect(country).toHaveValue('Germany');
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'browser' } });
    fireEvent.click(await screen.findByText('From my browser (United Kingdom)'));
    fireEvent.click(screen.getByText('Save'));

    await screen.findByText('Edit Profile');
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toMatchObject({
      region: null,
      movie_release_kind: 'digital',
    });
    expect(screen.getByText('Digital')).toBeInTheDocument();
    expect(screen.getByText('From my browser (United Kingdom)')).toBeInTheDocument();
  });

  it('saves the language picked, and the page turns to it at once', async () => {
    const api = stubProfileApi();
    await renderProfile();
    expect(screen.getByText('English (US)')).toBeInTheDocument();
    edit();
    const language = screen.getByLabelText('Language', { selector: 'input' });
    fireEvent.click(language);
    fireEvent.click(await screen.findByText('Deutsch'));
    fireEvent.click(screen.getByText('Save'));

    expect(await screen.findByRole('button', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toMatchObject({ locale: 'de' });
    expect(screen.getByText('Deutsch')).toBeInTheDocument();
    expect(document.cookie).toContain('rb_locale=de');
  });

  it("shows the server's refusal of a country under its select", async () => {
    const api = stubProfileApi();
    api.routes[`PUT /user/update/${USER.id}`] = () => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'region: must be a country code from the list, e.g. GB',
          details: [{ field: 'region', message: 'must be a country code from the list, e.g. GB' }],
        },
      },
    });
    await renderProfile();
    edit();
    fireEvent.click(screen.getByText('Save'));
    const country = screen.getByLabelText('Country for movie release dates', { selector: 'input' });
    await waitFor(() =>
      expect(country).toHaveAccessibleDescription(/must be a country code from the list, e\.g\. GB/),
    );
  });

  it('says release emails are paused and resumes them with the saved profile', async () => {
    const api = stubProfileApi({ email_paused: true, phone_number: '+1 555 0100' });
    await renderProfile();
    expect(screen.getByText('Release emails are paused.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume release emails' }));

    await waitFor(() => expect(screen.queryByText('Release emails are paused.')).not.toBeInTheDocument());
    expect(api.called('PUT', `/user/update/${USER.id}`)[0]?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '+1 555 0100',
      notification_preferences: ['email'],
      time_zone: 'Europe/Paris',
      reminder_days: 1,
      region: null,
      movie_release_kind: 'theatrical',
      locale: 'en-US',
      email_paused: false,
    });
    expect(await screen.findByText('Release emails resumed')).toBeInTheDocument();
    // The profile is read again from the server.
    await waitFor(() => expect(api.called('GET', `/user/details/${USER.id}`).length).toBeGreaterThan(1));
  });

  it('says texts stopped after the member replied STOP', async () => {
    stubProfileApi({ sms_opted_out: true, phone_number: '+1 555 0100' });
    await renderProfile();
    expect(screen.getByText(englishOf(NOTIFICATION_MESSAGES.smsStopped))).toBeInTheDocument();
    expect(sms()).not.toBeChecked();
    expect(sms()).toBeEnabled();
  });

  it('does not show the paused or STOP notes when neither applies', async () => {
    stubProfileApi();
    await renderProfile();
    expect(screen.queryByText('Release emails are paused.')).not.toBeInTheDocument();
    expect(screen.queryByText(englishOf(NOTIFICATION_MESSAGES.smsStopped))).not.toBeInTheDocument();
  });

  it('sends a test notification and says which channels it went to', async () => {
    const api = stubProfileApi();
    stubApiRoutes({
      ...api.routes,
      'POST /api/notifications/test': () => ({
        status: 200,
        body: { channels: ['email', 'mobile', 'in_app'] },
      }),
    });
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a test notification' }));
    expect(
      await screen.findByText('Test notification sent by email, SMS and in the app.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when a test is asked for too often", async () => {
    const api = stubProfileApi();
    stubApiRoutes({
      ...api.routes,
      'POST /api/notifications/test': () => ({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Wait a minute before sending another test.' } },
      }),
    });
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a test notification' }));
    expect(await screen.findByText('Test notification not sent')).toBeInTheDocument();
    expect(screen.getByText('Wait a minute before sending another test.')).toBeInTheDocument();
  });

  it('offers no services to choose without TMDB (where to watch comes from it)', async () => {
    stubProfileApi({}, { noTmdb: true });
    await renderProfile();
    await screen.findByRole('heading', { level: 2, name: 'Calendar' });
    expect(screen.queryByRole('heading', { name: 'My services' })).not.toBeInTheDocument();
  });

  it("has the member's services after the notification settings, before the calendar", async () => {
    stubProfileApi({ region: 'DE' });
    await renderProfile();
    const netflix = await screen.findByRole('button', { name: 'Netflix' });
    expect(netflix).toHaveAttribute('aria-pressed', 'true');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const at = (name: string) => headings.indexOf(name);
    expect(at('My services')).toBeGreaterThan(at('Notification Preferences'));
    expect(at('My services')).toBeLessThan(at('Calendar'));
    expect(screen.getByLabelText('Country', { selector: 'input' })).toHaveValue('Germany');
  });

  it('shows the private calendar link with Copy and the Google and Apple buttons, and resets it after asking', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
    });
    const api = stubProfileApi();
    renderWithProviders(<ProfilePage FinishSignUp={FakeFinishSignUp} />, { user: USER });
    const input = await screen.findByLabelText('Calendar link');
    expect(input).toHaveValue(calendarLink('A'.repeat(43)).url);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(calendarLink('A'.repeat(43)).url));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to Apple Calendar' })).toHaveAttribute(
      'href',
      calendarLink('A'.repeat(43)).webcal_url,
    );
    expect(screen.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(calendarLink('A'.repeat(43)).webcal_url)}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(api.called('POST', '/api/calendar/rotate')).toHaveLength(0);
    const confirm = await screen.findByRole('alert');
    expect(confirm).toHaveTextContent('Reset your calendar link?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(input).toHaveValue(calendarLink('B'.repeat(43)).url));
    expect(api.called('POST', '/api/calendar/rotate')).toHaveLength(1);
  });

  it('refuses a picture of the wrong type or over 2 MB before sending it, and uploads a good one', async () => {
    const api = stubProfileApi();
    const { container } = await renderProfile();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;

    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    choose(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('Choose an image under 2 MB.')).toBeInTheDocument();
    expect(api.called('PUT', `/user/avatar/${USER.id}`)).toEqual([]);

    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: "Grace Hopper's profile picture" })).toHaveAttribute(
      'src',
      `/user/avatar/${USER.id}?v=1`,
    );
    expect(api.called('PUT', `/user/avatar/${USER.id}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });
});

describe('ProfilePage: verifying the mobile number', () => {
  const UNVERIFIED = {
    phone_number: '+44 7400 123456',
    notification_preferences: ['email', 'mobile'],
  } as const;
  const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });
  const typeCode = (value: string) => fireEvent.change(codeField(), { target: { value } });
  const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it('texts a code on request, says a wrong code is wrong, and verifies the right one', async () => {
    const api = stubProfileApi({ ...UNVERIFIED, notification_preferences: ['email', 'mobile'] });
    await renderProfile();
    expect(screen.getByText(englishOf(PHONE_MESSAGES.notVerified))).toBeInTheDocument();
    expect(sms()).toHaveAccessibleDescription('Texts go to +44 7400 123456 once it is verified.');
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();

    press('Text me a code');
    expect(await screen.findByText(englishOf(PHONE_MESSAGES.codeSent))).toBeInTheDocument();
    expect(api.called('POST', '/api/phone/verification')).toHaveLength(1);
    const field = codeField();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription(/Sent to \+44 7400 123456/);

    typeCode('111 111');
    expect(field).toHaveValue('111111');
    press('Verify');
    expect(await screen.findByRole('alert')).toHaveTextContent(englishOf(PHONE_MESSAGES.wrongCode));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(englishOf(PHONE_MESSAGES.wrongCode)));

    // Typing takes the message away; Enter verifies.
    typeCode(CODE);
    expect(screen.queryByText(englishOf(PHONE_MESSAGES.wrongCode))).not.toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'Enter' });

    expect(await screen.findByText(englishOf(PHONE_MESSAGES.verified))).toBeInTheDocument();
    expect(api.called('POST', '/api/phone/verification/confirm').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: CODE },
    ]);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(sms()).toHaveAccessibleDescription('Texts go to +44 7400 123456.');
    expect(screen.queryByText(englishOf(PHONE_MESSAGES.notVerified))).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
    // Enter in the code field did not submit the profile's form.
    expect(api.called('PUT', `/user/update/${USER.id}`)).toEqual([]);
    // The profile is read again from the server.
    await waitFor(() => expect(api.called('GET', `/user/details/${USER.id}`).length).toBeGreaterThan(1));
  });

  it('asks for all six digits before sending a code to the server, and sends a new code on request', async () => {
    const api = stubProfileApi({ ...UNVERIFIED, notification_preferences: ['email', 'mobile'] });
    await renderProfile();
    press('Text me a code');
    await screen.findByRole('textbox', { name: 'Verification code' });
    typeCode('12a3');
    expect(codeField()).toHaveValue('123');
    press('Verify');
    expect(await screen.findByRole('alert')).toHaveTextContent(englishOf(PHONE_MESSAGES.codeFormat));
    expect(api.called('POST', '/api/phone/verification/confirm')).toEqual([]);

    press('Send a new code');
    await waitFor(() => expect(api.called('POST', '/api/phone/verification')).toHaveLength(2));
    await waitFor(() => expect(codeField()).toHaveValue(''));
  });

  it('says so when too many codes were asked for', async () => {
    stubProfileApi({ ...UNVERIFIED, notification_preferences: ['email', 'mobile'] }, { tooManyCodes: true });
    await renderProfile();
    press('Text me a code');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Code not sent');
    expect(alert).toHaveTextContent(englishOf(PHONE_MESSAGES.tooManyCodes));
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text me a code' })).toBeEnabled();
  });

  it('shows a verified number as verified, with nothing to do', async () => {
    stubProfileApi({ ...UNVERIFIED, notification_preferences: ['email', 'mobile'], phone_verified: true });
    await renderProfile();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(sms()).toHaveAccessibleDescription('Texts go to +44 7400 123456.');
    expect(screen.queryByText(englishOf(PHONE_MESSAGES.notVerified))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
  });

  it('offers nothing while SMS is off', async () => {
    stubProfileApi({ phone_number: '+44 7400 123456' });
    await renderProfile();
    expect(screen.queryByText(englishOf(PHONE_MESSAGES.notVerified))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
  });

  it('turning SMS on in view mode saves and texts a code straight away, once', async () => {
    const api = stubProfileApi({ phone_number: '+44 7400 123456' });
    await renderProfile();
    fireEvent.click(sms());
    expect(await screen.findByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getByText(englishOf(PHONE_MESSAGES.codeSent))).toBeInTheDocument();
    // Off and on again: the code sent a moment ago still works, so no other is spent.
    fireEvent.click(sms());
    await waitFor(() => expect(sms()).not.toBeChecked());
    fireEvent.click(sms());
    await waitFor(() => expect(sms()).toBeChecked());
    expect(await screen.findByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
    expect(api.called('PUT', `/user/update/${USER.id}`)).toHaveLength(3);
    expect(api.called('POST', '/api/phone/verification')).toHaveLength(1);
  });

  it("shows the server's refusal of a number it cannot text under the phone field, and sends no code", async () => {
    const english: Parameters<typeof smsNumberProblem>[0] = (d, values) =>
      englishOf(values ? { ...d, values } : d);
    const refusal = smsNumberProblem(english, 'en-US', ['the United States'], 'premiumRate');
    const api = stubProfileApi();
    api.routes[`PUT /user/update/${USER.id}`] = () => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: `phone_number: ${refusal}`,
          details: [{ field: 'phone_number', message: refusal }],
        },
      },
    });
    await renderProfile();
    edit();
    type(/^Phone Number/, '+1 900 555 0100');
    fireEvent.click(sms());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^Phone Number/)).toHaveAccessibleDescription(refusal));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(api.called('POST', '/api/phone/verification')).toEqual([]);
  });

  it('a new number while SMS is on needs a new code', async () => {
    const api = stubProfileApi({
      ...UNVERIFIED,
      notification_preferences: ['email', 'mobile'],
      phone_verified: true,
    });
    await renderProfile();
    edit();
    type(/^Phone Number/, '+44 7400 123457');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: 'Verification code' })).toHaveAccessibleDescription(
      /Sent to \+44 7400 123457/,
    );
    expect(screen.getByText(englishOf(PHONE_MESSAGES.notVerified))).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(api.called('POST', '/api/phone/verification')).toHaveLength(1);
  });
});
