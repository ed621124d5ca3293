import { Notifications, notifications } from '@mantine/notifications';
import { AUTH_MESSAGES, englishOf } from '@releasebell/contract/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { ResetPasswordPage } from './reset-password-page';

const USER = { id: 'u-3', email: 'ada@example.com', name: 'Ada', image: null };

function renderPage(route: string) {
  return renderWithProviders(
    <>
      <Notifications />
      <ResetPasswordPage />
    </>,
    { route, user: null },
  );
}
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', () => {
  it('without a token offers to send a new link', () => {
    stubApiRoutes({});
    const { session } = renderPage('/reset-password');
    expect(screen.getByText('This page needs the link from your reset email.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new reset link' }));
    expect(session.current?.isModalOpen).toBe(true);
    expect(session.current?.modalMode).toBe('reset');
  });

  it('applies the password rules before sending, then signs in and goes home', async () => {
    const api = stubApiRoutes({
      'POST /api/account/reset-password': () => ({ status: 200, body: { user: USER } }),
    });
    const { session, location } = renderPage('/reset-password?token=abc123');
    type(/^New Password/, 'short1');
    save();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    type(/^New Password/, 'longenough');
    save();
    expect(screen.getByText('Password must include a number')).toBeInTheDocument();
    type(/^New Password/, 'longenough7');
    type(/^Confirm New Password/, 'longenough');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    save();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    type(/^Confirm New Password/, 'longenough7');
    expect(screen.queryByText(/^Passwords do not match/)).not.toBeInTheDocument();
    save();
    await waitFor(() => expect(location()).toBe('/homepage'));
    expect(api.calls[0]?.body).toEqual({ token: 'abc123', newPassword: 'longenough7' });
    // The session's readers get the new member in a background render (lib/session.tsx).
    await waitFor(() => expect(session.current?.currentUser).toEqual(USER));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
  });

  it('says the server is busy and keeps the form, so the same link can be tried again', async () => {
    let busy = true;
    const api = stubApiRoutes({
      'POST /api/account/reset-password': () =>
        busy
          ? { status: 503, body: { error: { code: 'AUTH_BUSY', message: englishOf(AUTH_MESSAGES.busy) } } }
          : { status: 200, body: { user: USER } },
    });
    const { location } = renderPage('/reset-password?token=abc123');
    type(/^New Password/, 'longenough7');
    type(/^Confirm New Password/, 'longenough7');
    save();
    expect(await screen.findByText(englishOf(AUTH_MESSAGES.busy))).toBeInTheDocument();
    expect(screen.queryByText("This link can't be used")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('longenough7');

    busy = false;
    save();
    await waitFor(() => expect(location()).toBe('/homepage'));
    expect(api.called('POST', '/api/account/reset-password')).toHaveLength(2);
  });

  it('says so when the link has expired or was used', async () => {
    stubApiRoutes({
      'POST /api/account/reset-password': () => ({
        status: 400,
        body: {
          error: { code: 'INVALID_TOKEN', message: 'This reset link has expired or was already used.' },
        },
      }),
    });
    renderPage('/reset-password?token=used');
    type(/^New Password/, 'longenough7');
    type(/^Confirm New Password/, 'longenough7');
    save();
    expect(await screen.findByText('This reset link has expired or was already used.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new reset link' })).toBeInTheDocument();
  });
});
