import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTH_MESSAGES } from '@releasebell/contract/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { resetPassword } from '../api/auth-calls';
import { isAuthBusy } from '../auth-feedback';
import { type PasswordPairProblem, usePasswordPair } from '../hooks/use-password-pair';

const MESSAGES = {
  title: /*i18n*/ { id: 'auth.resetPassword.title', message: 'Choose a new password' },
  needsLink: /*i18n*/ {
    id: 'auth.resetPassword.needsLink',
    message: 'This page needs the link from your reset email.',
  },
  updated: /*i18n*/ { id: 'auth.resetPassword.updated', message: 'Password updated' },
  signedIn: /*i18n*/ { id: 'auth.resetPassword.signedIn', message: "You're signed in." },
  failed: /*i18n*/ { id: 'auth.resetPassword.failed', message: 'Something went wrong. Please try again.' },
  linkUnusable: /*i18n*/ { id: 'auth.resetPassword.linkUnusable', message: "This link can't be used" },
  newLink: /*i18n*/ { id: 'auth.resetPassword.newLink', message: 'Send a new reset link' },
  rules: /*i18n*/ {
    id: 'auth.resetPassword.rules',
    message: 'At least 8 characters, with at least one number.',
  },
  notSaved: /*i18n*/ { id: 'auth.resetPassword.notSaved', message: 'Password not saved yet' },
  newPassword: /*i18n*/ { id: 'auth.resetPassword.newPassword', message: 'New Password' },
  confirm: /*i18n*/ { id: 'auth.resetPassword.confirm', message: 'Confirm New Password' },
  save: /*i18n*/ { id: 'auth.resetPassword.save', message: 'Save and sign in' },
};

/** Where the emailed reset link leads: choose a new password, then you are signed in. */
export function ResetPasswordPage() {
  const t = useT();
  usePageTitle(t(MESSAGES.title));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { openModal, completeSignIn } = useSession();
  const passwords = usePasswordPair();
  const [error, setError] = useState<PasswordPairProblem | null>(null);
  const [failedLink, setLinkProblem] = useState<string | null>(null);
  /** Why the link cannot be used: there is none, or the server refused it. */
  const linkProblem = token ? failedLink : t(MESSAGES.needsLink);
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
        title: t(MESSAGES.updated),
        message: t(MESSAGES.signedIn),
        color: 'teal',
        autoClose: 4000,
      });
      navigate('/homepage');
    } catch (err) {
      if (isAuthBusy(err)) setFormProblem(t(AUTH_MESSAGES.busy));
      else if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkProblem(err.message);
      else if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
        setError({ field: 'password', message: err.message });
      else setLinkProblem(t(MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={440} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t(MESSAGES.title)}
          </Title>
          {linkProblem ? (
            <>
              <Alert color="yellow" title={t(MESSAGES.linkUnusable)}>
                {linkProblem}
              </Alert>
              <Button onClick={() => openModal(undefined, 'reset')}>{t(MESSAGES.newLink)}</Button>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t(MESSAGES.rules)}
                </Text>
                {formProblem && (
                  <Alert color="yellow" title={t(MESSAGES.notSaved)}>
                    {formProblem}
                  </Alert>
                )}
                <PasswordInput
                  label={t(MESSAGES.newPassword)}
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
                  label={t(MESSAGES.confirm)}
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
                  {t(MESSAGES.save)}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
