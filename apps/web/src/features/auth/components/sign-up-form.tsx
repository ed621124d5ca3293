import { Anchor, Button, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  notificationChannels,
  phoneFormatProblem,
} from '@releasebell/contract/constants';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { sendErrorMessage, sendPhoneCode } from '../../../lib/phone-verification';
import { type AuthMode, useSession } from '../../../lib/session';
import { registerProfile, signUpWithEmail } from '../api/auth-calls';
import { isAuthBusy, showAuthError, showAuthNotice } from '../auth-feedback';
import type { AuthForm } from '../hooks/use-auth-form';
import { EmailField, ModeLink, PasswordField } from './auth-fields';
import { GoogleSignIn } from './google-sign-in';
import { SignUpCodeStep } from './sign-up-code-step';

export interface SignUpFormProps {
  form: AuthForm;
  /** 1: email and the password twice; 2: names and phone. */
  step: number;
  onStep: (step: number) => void;
  /** Signed up: empty the form and close. */
  onDone: () => void;
  onSwitch: (mode: AuthMode) => void;
}

const ORIGIN_REFUSALS = new Set<string>([ERROR_CODES.originNotAllowed, ERROR_CODES.crossSiteRequest]);

function signUpErrorMessage(error: unknown): string {
  // The password checks are queued past their bound: nothing typed is wrong, trying again shortly works.
  if (isAuthBusy(error)) return AUTH_MESSAGES.busy;
  if (error instanceof ApiError && error.code === 'EMAIL_IN_USE')
    return 'This email is already in use. Please sign in instead.';
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') return error.message;
  // The product was opened at an address it does not serve sign-ins from: say which one it does.
  if (error instanceof ApiError && ORIGIN_REFUSALS.has(error.code)) return error.message;
  return 'An unexpected error occurred. Please try again.';
}

/**
 * Sign Up in two steps (account, then about you), with the agreement note and the way to Sign In. With
 * SMS on, step 2 then asks for the code texted to the number (or the member skips it).
 */
export function SignUpForm({ form, step, onStep, onDone, onSwitch }: SignUpFormProps) {
  const { completeSignIn, closeModal } = useSession();
  const { passwords } = form;

  if (form.codeStep) return <SignUpCodeStep form={form} codeStep={form.codeStep} onDone={onDone} />;

  const checkAccount = () => {
    if (!form.email.trim()) return form.fail('email', 'Email is required');
    const problem = passwords.password
      ? passwords.problem()
      : ({ field: 'password', message: 'Password is required' } as const);
    if (problem) return form.fail(problem.field, problem.message);
    form.setFieldError(null);
    onStep(2);
  };

  const signUp = async () => {
    // Checked before the account exists, so a mistyped number costs nothing.
    const phoneProblem = phoneFormatProblem(form.phone);
    if (phoneProblem) return form.fail('phone', phoneProblem);
    form.setBusy(true);
    try {
      const firstName = form.firstName.trim();
      const lastName = form.lastName.trim();
      const { user } = await signUpWithEmail(
        form.email.trim(),
        passwords.password,
        `${firstName} ${lastName}`.trim(),
      );
      // A brand-new account: register straight away (no need to ask whether it is registered).
      const details = {
        first_name: firstName,
        last_name: lastName,
        phone_number: form.phone.trim() || null,
        notification_preferences: notificationChannels(form.sms),
      };
      // Texts were asked for and the profile has the number: it is verified next.
      let textsAsked = form.sms;
      await registerProfile(user, details).catch(async (error) => {
        textsAsked = false;
        // The account exists by now: a number the server cannot text must not lose it. Register
        // without it and say so; the profile takes it later.
        const phone = error instanceof ApiError && error.details.find((d) => d.field === 'phone_number');
        if (!phone) return console.warn('Profile registration failed', error);
        showAuthNotice(
          'Phone number not saved',
          `${phone.message} You can add it in your profile.`,
          'yellow',
        );
        await registerProfile(user, {
          ...details,
          phone_number: null,
          notification_preferences: notificationChannels(false),
        }).catch((again) => console.warn('Profile registration failed', again));
      });
      completeSignIn(user);
      if (textsAsked) {
        try {
          // The modal stays open on step 2, now asking for the code.
          return form.setCodeStep({ user, sent: await sendPhoneCode() });
        } catch (error) {
          console.warn('Verification code not sent', error);
          showAuthNotice(
            'Code not sent',
            `${sendErrorMessage(error)} You can verify your number in your profile.`,
            'yellow',
          );
        }
      }
      onDone();
    } catch (error) {
      showAuthError('Sign-Up Error', signUpErrorMessage(error));
    } finally {
      form.setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (step === 1) checkAccount();
    else void signUp();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {step === 1 ? (
          <>
            <EmailField form={form} />
            <PasswordField form={form} autoComplete="new-password" />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              required
              value={passwords.confirm}
              error={form.errorFor('confirm') ?? passwords.liveMismatch}
              onChange={(e) => form.edited('confirm', passwords.setConfirm)(e.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <TextInput
              label="First Name"
              autoComplete="given-name"
              value={form.firstName}
              maxLength={50}
              onChange={(e) => form.setFirstName(e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              value={form.lastName}
              maxLength={50}
              onChange={(e) => form.setLastName(e.currentTarget.value)}
            />
            <TextInput
              label="Phone Number (optional)"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              maxLength={24}
              placeholder="+1 415 555 0132"
              description="With the country code, for text alerts"
              error={form.errorFor('phone')}
              onChange={(e) => form.edited('phone', form.setPhone)(e.currentTarget.value)}
            />
            <Switch
              label="Text me release alerts"
              description={
                form.phone.trim()
                  ? "We'll text a code to the number to check it is yours."
                  : 'Add a phone number to get texts.'
              }
              checked={form.sms}
              disabled={!form.phone.trim()}
              onChange={(e) => form.setSms(e.currentTarget.checked)}
            />
          </>
        )}
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
        <Button type="submit" fullWidth loading={form.busy}>
          {step === 1 ? 'Continue' : 'Create Account'}
        </Button>
        {step === 1 && <GoogleSignIn form={form} />}
        <Group justify="center">
          <ModeLink onClick={() => onSwitch('signIn')}>I have an account</ModeLink>
        </Group>
      </Stack>
    </form>
  );
}
