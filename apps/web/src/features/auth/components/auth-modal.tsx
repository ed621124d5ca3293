import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MESSAGES, passwordProblem } from '@releasebell/contract/constants';
import { IconArrowLeft, IconBrandGoogleFilled } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/config';
import { isInAppBrowser, openInChromeUrl } from '../../../lib/in-app-browser';
import { type AuthMode, type CurrentUser, useSession } from '../../../lib/session';
import { rememberPendingItem } from '../../../lib/watchlist';
import {
  ensureProfile,
  registerProfile,
  requestPasswordReset,
  signInWithEmail,
  signUpWithEmail,
  startGoogleSignIn,
} from '../api/auth-calls';
import { GOOGLE_PENDING_KEY } from '../google-return';
import classes from './auth-modal.module.css';

export const AUTH_TOAST_MS = 5000;

const TITLES: Record<AuthMode, string> = { signIn: 'Sign In', signUp: 'Sign Up', reset: 'Reset Password' };

const showError = (title: string, message: string) =>
  notifications.show({ title, message, color: 'red', autoClose: AUTH_TOAST_MS });

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** Sign In, Sign Up (two steps) and Reset Password, with Google when it is configured. */
export default function AuthModal() {
  const { isModalOpen, closeModal, modalMode, completeSignIn, itemToAdd } = useSession();
  const { googleSignIn } = usePublicConfig();
  const [mode, setMode] = useState<AuthMode>(modalMode);
  const [step, setStep] = useState(1);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<{
    field: 'email' | 'password' | 'confirm';
    message: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep(1);
    setEmail('');
    setPassword('');
    setConfirm('');
    setFirstName('');
    setLastName('');
    setPhone('');
    setFieldError(null);
  };

  useEffect(() => {
    if (isModalOpen) setMode(modalMode);
  }, [isModalOpen, modalMode]);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setStep(1);
    setFieldError(null);
  };

  const totalSteps = mode === 'signUp' ? 2 : 1;
  const liveMismatch = mode === 'signUp' && confirm.length > 0 && confirm !== password;

  const finish = (user: CurrentUser) => {
    completeSignIn(user);
    reset();
    closeModal();
  };

  const onSignIn = async () => {
    if (!email.trim()) return setFieldError({ field: 'email', message: 'Email is required' });
    if (!password) return setFieldError({ field: 'password', message: 'Password is required' });
    setBusy(true);
    try {
      const { user } = await signInWithEmail(email.trim(), password);
      await ensureProfile(user).catch((error) => console.warn('Profile registration failed', error));
      finish(user);
    } catch (error) {
      showError('Error logging in', messageOf(error, 'Sign-in failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onSignUpStep1 = () => {
    if (!email.trim()) return setFieldError({ field: 'email', message: 'Email is required' });
    const problem = password ? passwordProblem(password) : 'Password is required';
    if (problem) return setFieldError({ field: 'password', message: problem });
    if (confirm !== password)
      return setFieldError({ field: 'confirm', message: PASSWORD_MESSAGES.mismatchSubmit });
    setFieldError(null);
    setStep(2);
  };

  const onSignUp = async () => {
    setBusy(true);
    try {
      const name = `${firstName.trim()} ${lastName.trim()}`.trim();
      const { user } = await signUpWithEmail(email.trim(), password, name);
      // A brand-new account: register straight away (no need to ask whether it is registered).
      await registerProfile(user, {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        phone_number: phone.trim() || null,
      }).catch((error) => console.warn('Profile registration failed', error));
      finish(user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') {
        showError('Sign-Up Error', 'This email is already in use. Please sign in instead.');
      } else if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
        showError('Sign-Up Error', error.message);
      } else {
        showError('Sign-Up Error', 'An unexpected error occurred. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const onReset = async () => {
    if (!email.trim()) {
      notifications.show({
        title: 'Email Required',
        message: 'Please enter your email to reset your password.',
        color: 'yellow',
        autoClose: AUTH_TOAST_MS,
      });
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      notifications.show({
        title: 'Password Reset Email Sent',
        message: 'Check your inbox for the reset link.',
        color: 'teal',
        autoClose: AUTH_TOAST_MS,
      });
      reset();
      closeModal();
    } catch (error) {
      showError('Reset Failed', messageOf(error, 'The reset email could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async () => {
    const ua = navigator.userAgent;
    if (isInAppBrowser(ua)) {
      notifications.show({
        title: 'Open in Browser',
        message: 'For security reasons, please open this page in your browser to sign in with Google.',
        color: 'yellow',
        autoClose: AUTH_TOAST_MS,
      });
      const target = openInChromeUrl(window.location.href, ua);
      if (target) window.location.href = target;
      return;
    }
    setBusy(true);
    try {
      sessionStorage.setItem(GOOGLE_PENDING_KEY, '1');
      rememberPendingItem(itemToAdd);
      await startGoogleSignIn(`${window.location.pathname}${window.location.search}`);
    } catch (error) {
      sessionStorage.removeItem(GOOGLE_PENDING_KEY);
      rememberPendingItem(null);
      showError('Google Sign-In Error', messageOf(error, 'Google sign-in is not available right now.'));
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'signIn') void onSignIn();
    else if (mode === 'reset') void onReset();
    else if (step === 1) onSignUpStep1();
    else void onSignUp();
  };

  const errorFor = (field: 'email' | 'password' | 'confirm') =>
    fieldError?.field === field ? fieldError.message : undefined;
  /** Typing into a field takes back the error it was showing. */
  const edited =
    (field: 'email' | 'password' | 'confirm', set: (value: string) => void) => (value: string) => {
      if (fieldError?.field === field) setFieldError(null);
      set(value);
    };

  return (
    <Modal.Root
      opened={isModalOpen}
      onClose={() => {
        reset();
        closeModal();
      }}
      centered
      size="sm"
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Group gap="xs" wrap="nowrap">
            {step > 1 && (
              <ActionIcon variant="subtle" aria-label="Back" onClick={() => setStep(step - 1)}>
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            )}
            <Modal.Title className={classes.title}>{TITLES[mode]}</Modal.Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed">
              Step {step} of {totalSteps}
            </Text>
            <Modal.CloseButton aria-label="Close" />
          </Group>
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              {step === 1 && (
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  error={errorFor('email')}
                  onChange={(e) => edited('email', setEmail)(e.currentTarget.value)}
                  data-autofocus
                />
              )}
              {mode !== 'reset' && step === 1 && (
                <PasswordInput
                  label="Password"
                  autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
                  required
                  value={password}
                  error={errorFor('password')}
                  onChange={(e) => edited('password', setPassword)(e.currentTarget.value)}
                />
              )}
              {mode === 'signUp' && step === 1 && (
                <PasswordInput
                  label="Confirm Password"
                  autoComplete="new-password"
                  required
                  value={confirm}
                  error={errorFor('confirm') ?? (liveMismatch ? PASSWORD_MESSAGES.mismatchLive : undefined)}
                  onChange={(e) => edited('confirm', setConfirm)(e.currentTarget.value)}
                />
              )}
              {mode === 'signUp' && step === 2 && (
                <>
                  <TextInput
                    label="First Name"
                    autoComplete="given-name"
                    value={firstName}
                    maxLength={50}
                    onChange={(e) => setFirstName(e.currentTarget.value)}
                    data-autofocus
                  />
                  <TextInput
                    label="Last Name"
                    autoComplete="family-name"
                    value={lastName}
                    maxLength={50}
                    onChange={(e) => setLastName(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Phone Number (optional)"
                    type="tel"
                    autoComplete="tel"
                    value={phone}
                    maxLength={24}
                    onChange={(e) => setPhone(e.currentTarget.value)}
                  />
                </>
              )}
              {mode === 'signIn' && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="right"
                  onClick={() => switchMode('reset')}
                >
                  Forgot Password?
                </Anchor>
              )}
              {mode === 'signUp' && (
                <Text size="xs" c="dimmed">
                  By continuing, you agree to our{' '}
                  <Anchor href="/privacy" size="xs" onClick={closeModal}>
                    Privacy Policy
                  </Anchor>{' '}
                  and{' '}
                  <Anchor href="/terms" size="xs" onClick={closeModal}>
                    Terms of Service
                  </Anchor>{' '}
                  and to receive emails from Releasebell.
                </Text>
              )}
              <Button type="submit" fullWidth loading={busy}>
                {mode === 'signIn'
                  ? 'Sign In'
                  : mode === 'reset'
                    ? 'Send Reset Link'
                    : step === 1
                      ? 'Continue'
                      : 'Create Account'}
              </Button>
              {googleSignIn && mode !== 'reset' && step === 1 && (
                <>
                  <Divider label="or" labelPosition="center" />
                  <Button
                    variant="default"
                    fullWidth
                    leftSection={<IconBrandGoogleFilled size={16} aria-hidden />}
                    onClick={() => void onGoogle()}
                    disabled={busy}
                  >
                    Continue with Google
                  </Button>
                </>
              )}
              <Group justify="center">
                {mode === 'signIn' && (
                  <Anchor component="button" type="button" size="sm" onClick={() => switchMode('signUp')}>
                    I don't have an account
                  </Anchor>
                )}
                {mode === 'signUp' && (
                  <Anchor component="button" type="button" size="sm" onClick={() => switchMode('signIn')}>
                    I have an account
                  </Anchor>
                )}
                {mode === 'reset' && (
                  <Anchor component="button" type="button" size="sm" onClick={() => switchMode('signIn')}>
                    Back to Sign In
                  </Anchor>
                )}
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
