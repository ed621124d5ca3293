import { Notifications, notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { englishOf, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../components/test-utils';
import { ProfileRoute } from './profile-route';

const USER = { id: 'u-9', email: 'grace@example.com', name: 'Grace Hopper', image: null };
const CODE = '482913';

/**
 * An account made by sign-up's step 1 whose member left before step 2: GET /user/details answers 404
 * PROFILE_NOT_FOUND until POST /user/register has made the profile.
 */
function stubUnregistered() {
  let profile: UserProfile | null = null;
  const api = stubApiRoutes({
    [`GET /user/details/${USER.id}`]: () =>
      profile
        ? { status: 200, body: profile }
        : {
            status: 404,
            body: {
              error: { code: 'PROFILE_NOT_FOUND', message: 'This user has not completed registration yet.' },
            },
          },
    'POST /user/register': (body) => {
      const sent = body as Pick<UserProfile, 'first_name' | 'last_name' | 'phone_number'> & {
        notification_preferences: UserProfile['notification_preferences'];
      };
      profile = {
        uid: USER.id,
        email: USER.email,
        username: 'grace512',
        first_name: sent.first_name,
        last_name: sent.last_name,
        phone_number: sent.phone_number?.replace(/[^\d+]/g, '') ?? null,
        phone_number_display: sent.phone_number,
        avatar: null,
        notification_preferences: sent.notification_preferences,
        time_zone: 'America/New_York',
        reminder_days: 1,
        email_paused: false,
        sms_opted_out: false,
        phone_verified: false,
        region: null,
        movie_release_kind: 'theatrical',
        locale: 'en-US',
        created_at: '2026-11-01T10:00:00.000Z',
      };
      return { status: 201, body: profile };
    },
    'POST /api/phone/verification': () => ({
      status: 202,
      body: { phone_number_display: '+44 7400 123456', expires_at: '2999-01-01T00:10:00.000Z' },
    }),
    'POST /api/phone/verification/confirm': (body) => {
      if ((body as { code: string }).code !== CODE)
        return {
          status: 400,
          body: { error: { code: 'INVALID_CODE', message: englishOf(PHONE_MESSAGES.wrongCode) } },
        };
      if (profile) profile = { ...profile, phone_verified: true };
      return { status: 200, body: { phone_verified: true } };
    },
    'GET /api/calendar': () => ({
      status: 200,
      body: { url: 'https://rb.example/calendar/a.ics', webcal_url: 'webcal://rb.example/calendar/a.ics' },
    }),
    'GET /api/channels': () => ({ status: 200, body: { channels: [] } }),
    [`GET /watchlist/${USER.id}`]: () => ({ status: 200, body: [] }),
  });
  return api;
}

function renderRoute() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return renderWithProviders(
    <>
      <Notifications />
      <ProfileRoute />
    </>,
    { user: USER, route: '/profile' },
  );
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfileRoute: a member whose sign-up stopped after its first step', () => {
  it("offers sign-up's step 2 in place of the profile, and shows the profile once it is done", async () => {
    // A Canadian French browser: the member's language is the product's French.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en-CA']);
    const api = stubUnregistered();
    renderRoute();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish Signing Up' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(
      screen.getByText('Your account is ready. Add your details to finish signing up.'),
    ).toBeInTheDocument();
    // The names come from the account; the rest is sign-up's step 2 as the auth modal shows it.
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
    expect(screen.getByRole('textbox', { name: /^Phone Number/ })).toHaveValue('');
    expect(screen.getByRole('switch', { name: /^Text me release alerts/ })).toBeDisabled();
    expect(screen.getByText(/to receive emails from Releasebell/)).toBeInTheDocument();
    expect(api.called('POST', '/user/register')).toEqual([]);

    type(/^Last Name/, 'Murray Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Finish Sign Up' }));

    expect(
      await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getAllByText('Grace Murray Hopper').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Finish Signing Up' })).not.toBeInTheDocument();
    expect(api.called('POST', '/user/register')).toHaveLength(1);
    expect(api.called('POST', '/user/register')[0]?.body).toMatchObject({
      email: USER.email,
      firebase_id: USER.id,
      first_name: 'Grace',
      last_name: 'Murray Hopper',
      phone_number: null,
      notification_preferences: ['email'],
      locale: 'fr',
    });
  });

  it('with texts on, asks for the texted code on the page, then shows the profile with the number verified', async () => {
    const api = stubUnregistered();
    renderRoute();
    await screen.findByRole('heading', { level: 1, name: 'Finish Signing Up' }, { timeout: 5000 });
    type(/^Phone Number/, '+44 7400 123456');
    fireEvent.click(screen.getByRole('switch', { name: /^Text me release alerts/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish Sign Up' }));

    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(screen.getByText(englishOf(PHONE_MESSAGES.codeSent))).toBeInTheDocument();
    expect(api.called('POST', '/user/register')[0]?.body).toMatchObject({
      phone_number: '+44 7400 123456',
      notification_preferences: ['email', 'mobile'],
    });
    fireEvent.change(code, { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /^SMS/ })).toBeChecked());
    expect(api.called('POST', '/api/phone/verification/confirm')).toHaveLength(1);
  });
});
