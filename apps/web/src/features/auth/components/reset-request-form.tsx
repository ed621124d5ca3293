import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import type { AuthMode } from '../../../lib/session';
import { requestPasswordReset } from '../api/auth-calls';
import { messageOf, showAuthError, showAuthNotice } from '../auth-feedback';
import type { AuthForm } from '../hooks/use-auth-form';
import { EmailField, ModeLink } from './auth-fields';

export interface ResetRequestFormProps {
  form: AuthForm;
  /** The link is on its way: empty the form and close. */
  onDone: () => void;
  onSwitch: (mode: AuthMode) => void;
}

/** Reset Password: an email, and a link to choose a new password is sent to it. */
export function ResetRequestForm({ form, onDone, onSwitch }: ResetRequestFormProps) {
  const sendLink = async () => {
    if (!form.email.trim()) {
      showAuthNotice('Email Required', 'Please enter your email to reset your password.', 'yellow');
      return;
    }
    form.setBusy(true);
    try {
      await requestPasswordReset(form.email.trim());
      showAuthNotice('Password Reset Email Sent', 'Check your inbox for the reset link.', 'teal');
      onDone();
    } catch (error) {
      showAuthError('Reset Failed', messageOf(error, 'The reset email could not be sent. Please try again.'));
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
          Send Reset Link
        </Button>
        <Group justify="center">
          <ModeLink onClick={() => onSwitch('signIn')}>Back to Sign In</ModeLink>
        </Group>
      </Stack>
    </form>
  );
}
