import { Anchor, Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { type AuthMode, type CurrentUser, useSession } from '../../../lib/session';
import { hasProfile, signInWithEmail } from '../api/auth-calls';
import { messageOf, showAuthError } from '../auth-feedback';
import type { AuthForm } from '../hooks/use-auth-form';
import { EmailField, ModeLink, PasswordField } from './auth-fields';
import { GoogleSignIn } from './google-sign-in';

const MESSAGES = {
  emailRequired: /*i18n*/ { id: 'auth.signIn.emailRequired', message: 'Email is required' },
  passwordRequired: /*i18n*/ { id: 'auth.signIn.passwordRequired', message: 'Password is required' },
  error: /*i18n*/ { id: 'auth.signIn.error', message: 'Error logging in' },
  failed: /*i18n*/ { id: 'auth.signIn.failed', message: 'Sign-in failed. Please try again.' },
  forgot: /*i18n*/ { id: 'auth.signIn.forgot', message: 'Forgot Password?' },
  submit: /*i18n*/ { id: 'auth.signIn.submit', message: 'Sign In' },
  noAccount: /*i18n*/ { id: 'auth.signIn.noAccount', message: "I don't have an account" },
};

export interface SignInFormProps {
  form: AuthForm;
  /** Signed in: empty the form and close. */
  onDone: () => void;
  /** Signed in to an account that has no profile yet: go on to sign-up's step 2, which registers it. */
  onUnregistered: (user: CurrentUser) => void;
  onSwitch: (mode: AuthMode) => void;
}

/** Email and password, "Forgot Password?", Google, and the way to Sign Up. */
export function SignInForm({ form, onDone, onUnregistered, onSwitch }: SignInFormProps) {
  const t = useT();
  const { completeSignIn } = useSession();
  const { passwords } = form;

  const signIn = async () => {
    if (!form.email.trim()) return form.fail('email', t(MESSAGES.emailRequired));
    if (!passwords.password) return form.fail('password', t(MESSAGES.passwordRequired));
    form.setBusy(true);
    try {
      const { user } = await signInWithEmail(form.email.trim(), passwords.password);
      // Not known (the check failed): taken as registered; the profile page offers step 2 if it is not.
      const registered = await hasProfile(user).catch((error) => {
        console.warn('Profile check failed', error);
        return true;
      });
      completeSignIn(user);
      if (registered) onDone();
      else onUnregistered(user);
    } catch (error) {
      showAuthError(t(MESSAGES.error), messageOf(error, t(MESSAGES.failed)));
    } finally {
      form.setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.busy) void signIn();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <EmailField form={form} />
        <PasswordField form={form} autoComplete="current-password" />
        <Anchor component="button" type="button" size="sm" ta="right" onClick={() => onSwitch('reset')}>
          {t(MESSAGES.forgot)}
        </Anchor>
        <Button type="submit" fullWidth loading={form.busy}>
          {t(MESSAGES.submit)}
        </Button>
        <GoogleSignIn form={form} />
        <Group justify="center">
          <ModeLink onClick={() => onSwitch('signUp')}>{t(MESSAGES.noAccount)}</ModeLink>
        </Group>
      </Stack>
    </form>
  );
}
