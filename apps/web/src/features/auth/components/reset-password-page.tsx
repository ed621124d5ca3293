import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTH_MESSAGES } from '@releasebell/contract/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { resetPassword } from '../api/auth-calls';
import { isAuthBusy } from '../auth-feedback';
import { type PasswordPairProblem, usePasswordPair } from '../hooks/use-password-pair';

/** Where the emailed reset link leads: choose a new password, then you are signed in. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { openModal, completeSignIn } = useSession();
  const passwords = usePasswordPair();
  const [error, setError] = useState<PasswordPairProblem | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : 'This page needs the link from your reset email.',
  );
  const [busy, setBusy] = useState(false);
  /** A failure that is not the link's nor the password's (the server is busy): the form stays. */
  const [formProblem, setFormProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwords.problem();
    if (problem) return setError(problem);
    setError(null);
    setFormProblem(null);
    setBusy(true);
    try {
      const { user } = await resetPassword(token, passwords.password);
      completeSignIn(user);
      notifications.show({
        title: 'Password updated',
        message: "You're signed in.",
        color: 'teal',
        autoClose: 4000,
      });
      navigate('/homepage');
    } catch (err) {
      if (isAuthBusy(err)) setFormProblem(AUTH_MESSAGES.busy);
      else if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkProblem(err.message);
      else if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
        setError({ field: 'password', message: err.message });
      else setLinkProblem('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={440} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          {linkProblem ? (
            <>
              <Alert color="yellow" title="This link can't be used">
                {linkProblem}
              </Alert>
              <Button onClick={() => openModal(undefined, 'reset')}>Send a new reset link</Button>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  At least 8 characters, with at least one number.
                </Text>
                {formProblem && (
                  <Alert color="yellow" title="Password not saved yet">
                    {formProblem}
                  </Alert>
                )}
                <PasswordInput
                  label="New Password"
                  autoComplete="new-password"
                  required
                  value={passwords.password}
                  error={error?.field === 'password' ? error.message : undefined}
                  onChange={(e) => {
                    setError(null);
                    passwords.setPassword(e.currentTarget.value);
                  }}
                  data-autofocus
                />
                <PasswordInput
                  label="Confirm New Password"
                  autoComplete="new-password"
                  required
                  value={passwords.confirm}
                  error={error?.field === 'confirm' ? error.message : passwords.liveMismatch}
                  onChange={(e) => {
                    setError(null);
                    passwords.setConfirm(e.currentTarget.value);
                  }}
                />
                <Button type="submit" loading={busy} fullWidth>
                  Save and sign in
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
