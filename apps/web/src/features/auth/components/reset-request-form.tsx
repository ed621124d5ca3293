import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import type { AuthMode } from '../../../lib/session';
import { requestPasswordReset } from '../api/auth-calls';
import { messageOf, showAuthError, showAuthNotice } from '../auth-feedback';
import type { AuthForm } from '../hooks/use-auth-form';
import { EmailField, ModeLink } from './auth-fields';

const MESSAGES = {
  emailRequired: /*i18n*/ { id: 'auth.resetRequest.emailRequired', message: 'Email Required' },
  emailRequiredWhy: /*i18n*/ {
    id: 'auth.resetRequest.emailRequiredWhy',
    message: 'Please enter your email to reset your password.',
  },
  sent: /*i18n*/ { id: 'auth.resetRequest.sent', message: 'Password Reset Email Sent' },
  sentWhere: /*i18n*/ { id: 'auth.resetRequest.sentWhere', message: 'Check your inbox for the reset link.' },
  failed: /*i18n*/ { id: 'auth.resetRequest.failed', message: 'Reset Failed' },
  notSent: /*i18n*/ {
    id: 'auth.resetRequest.notSent',
    message: 'The reset email could not be sent. Please try again.',
  },
  send: /*i18n*/ { id: 'auth.resetRequest.send', message: 'Send Reset Link' },
  backToSignIn: /*i18n*/ { id: 'auth.resetRequest.backToSignIn', message: 'Back to Sign In' },
};

export interface ResetRequestFormProps {
  form: AuthForm;
  /** The link is on its way: empty the form and close. */
  onDone: () => void;
  onSwitch: (mode: AuthMode) => void;
}

/** Reset Password: an email, and a link to choose a new password is sent to it. */
export function ResetRequestForm({ form, onDone, onSwitch }: ResetRequestFormProps) {
  const t = useT();
  const sendLink = async () => {
    if (!form.email.trim()) {
      showAuthNotice(t(MESSAGES.emailRequired), t(MESSAGES.emailRequiredWhy), 'yellow');
      return;
    }
    form.setBusy(true);
    try {
      await requestPasswordReset(form.email.trim());
      showAuthNotice(t(MESSAGES.sent), t(MESSAGES.sentWhere), 'teal');
      onDone();
    } catch (error) {
      showAuthError(t(MESSAGES.failed), messageOf(error, t(MESSAGES.notSent)));
    } finally {
      form.setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.busy) void sendLink();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <EmailField form={form} />
        <Button type="submit" fullWidth loading={form.busy}>
          {t(MESSAGES.send)}
        </Button>
        <Group justify="center">
          <ModeLink onClick={() => onSwitch('signIn')}>{t(MESSAGES.backToSignIn)}</ModeLink>
        </Group>
      </Stack>
    </form>
  );
}
