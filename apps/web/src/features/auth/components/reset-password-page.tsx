import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MESSAGES, passwordProblem } from '@releasebell/contract/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { resetPassword } from '../api/auth-calls';

/** Where the emailed reset link leads: choose a new password, then you are signed in. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { openModal, completeSignIn } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirm'; message: string } | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : 'This page needs the link from your reset email.',
  );
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password);
    if (problem) return setError({ field: 'password', message: problem });
    if (confirm !== password)
      return setError({ field: 'confirm', message: PASSWORD_MESSAGES.mismatchSubmit });
    setError(null);
    setBusy(true);
    try {
      const { user } = await resetPassword(token, password);
      completeSignIn(user);
      notifications.show({
        title: 'Password updated',
        message: "You're signed in.",
        color: 'teal',
        autoClose: 4000,
      });
      navigate('/homepage');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkProblem(err.message);
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
                <PasswordInput
                  label="New Password"
                  autoComplete="new-password"
                  required
                  value={password}
                  error={error?.field === 'password' ? error.message : undefined}
                  onChange={(e) => {
                    setError(null);
                    setPassword(e.currentTarget.value);
                  }}
                  data-autofocus
                />
                <PasswordInput
                  label="Confirm New Password"
                  autoComplete="new-password"
                  required
                  value={confirm}
                  error={
                    error?.field === 'confirm'
                      ? error.message
                      : confirm && confirm !== password
                        ? PASSWORD_MESSAGES.mismatchLive
                        : undefined
                  }
                  onChange={(e) => {
                    setError(null);
                    setConfirm(e.currentTarget.value);
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
