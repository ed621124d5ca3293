import { Notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { DeleteAccount } from './your-data';

const refused = (field: string, message: string) => ({
  status: 400,
  body: {
    error: { code: 'VALIDATION_ERROR', message: `${field}: ${message}`, details: [{ field, message }] },
  },
});

describe('deleting the account', () => {
  it('shows a wrong password under the field, then asks a member without one for their email', async () => {
    const api = stubApiRoutes({
      'DELETE /api/account': (body) =>
        'password' in (body as object)
          ? (body as { password: string }).password === 'guess 1'
            ? refused('password', 'That is not your password.')
            : refused('confirm', 'Type the email address of your account to confirm.')
          : { status: 204 },
      'POST /api/auth/sign-out': () => ({ status: 200, body: { success: true } }),
    });
    renderWithProviders(
      <>
        <Notifications />
        <DeleteAccount />
      </>,
      { user: MEMBER, route: '/profile' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    const confirm = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Your password/), { target: { value: 'guess 1' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('That is not your password.')).toBeInTheDocument();

    // A Google member has no password: the server asks for the email, and the form follows.
    fireEvent.change(screen.getByLabelText(/^Your password/), { target: { value: 'guess 2' } });
    fireEvent.click(confirm);
    const email = await screen.findByLabelText(/^Your email address/);
    expect(screen.getByText('Type the email address of your account to confirm.')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: MEMBER.email } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(api.called('DELETE', '/api/account').map((c) => c.body)).toEqual([
      { password: 'guess 1' },
      { password: 'guess 2' },
      { confirm: MEMBER.email },
    ]);
  });
});
