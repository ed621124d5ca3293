import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { phoneFormatProblem } from '@releasebell/contract/constants';
import type { FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { type AuthMode, useSession } from '../../../lib/session';
import { signUpWithEmail } from '../api/auth-calls';
import { showAuthError } from '../auth-feedback';
import type { AuthForm } from '../hooks/use-auth-form';
import { askForPhoneCode, registerDetails, signUpErrorMessage } from '../sign-up-details';
import { AgreementNote, EmailField, ModeLink, PasswordField } from './auth-fields';
import { FinishSignUp } from './finish-sign-up';
import { GoogleSignIn } from './google-sign-in';
import { SignUpCodeStep } from './sign-up-code-step';
import { SignUpDetailsStep } from './sign-up-details-step';

const MESSAGES = {
  emailRequired: /*i18n*/ { id: 'auth.signUp.emailRequired', message: 'Email is required' },
  passwordRequired: /*i18n*/ { id: 'auth.signUp.passwordRequired', message: 'Password is required' },
  error: /*i18n*/ { id: 'auth.signUp.error', message: 'Sign-Up Error' },
  haveAccount: /*i18n*/ { id: 'auth.signUp.haveAccount', message: 'I have an account' },
  create: /*i18n*/ { id: 'auth.signUp.create', message: 'Create Account' },
  confirm: /*i18n*/ { id: 'auth.signUp.confirm', message: 'Confirm Password' },
  continue: /*i18n*/ { id: 'auth.signUp.continue', message: 'Continue' },
};

export interface SignUpFormProps {
  form: AuthForm;
  /** 1: email and the password twice; 2: names and phone. */
  step: number;
  onStep: (step: number) => void;
  /** Signed up: empty the form and close. */
  onDone: () => void;
  onSwitch: (mode: AuthMode) => void;
}

/**
 * Sign Up in two steps (account, then about you), with the agreement note and the way to Sign In. With
 * SMS on, step 2 then asks for the code texted to the number (or the member skips it). An account that
 * exists without a profile (its registration failed, or the member signed in to it) has step 2 only.
 */
export function SignUpForm({ form, step, onStep, onDone, onSwitch }: SignUpFormProps) {
  const t = useT();
  const { completeSignIn } = useSession();
  const { passwords } = form;

  if (form.account) return <FinishSignUp form={form} user={form.account} onDone={onDone} />;
  if (form.codeStep) return <SignUpCodeStep form={form} codeStep={form.codeStep} onDone={onDone} />;

  const checkAccount = () => {
    if (!form.email.trim()) return form.fail('email', t(MESSAGES.emailRequired));
    const problem = passwords.password
      ? passwords.problem()
      : ({ field: 'password', message: t(MESSAGES.passwordRequired) } as const);
    if (problem) return form.fail(problem.field, problem.message);
    form.setFieldError(null);
    onStep(2);
  };

  const signUp = async () => {
    // Checked before the account exists, so a mistyped number costs nothing.
    const phoneProblem = phoneFormatProblem(form.phone);
    if (phoneProblem) return form.fail('phone', t(phoneProblem));
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
      let textsAsked: boolean;
      try {
        textsAsked = await registerDetails(user, form);
      } catch (error) {
        // The account exists without a profile: step 2 stays, now only to register it (with no way
        // back to step 1). The profile page offers the same step if the member leaves now.
        console.warn('Profile registration failed', error);
        completeSignIn(user);
        form.setAccount(user);
        return showAuthError(t(MESSAGES.error), signUpErrorMessage(error));
      }
      completeSignIn(user);
      // The modal stays open on step 2, now asking for the code.
      if (textsAsked && (await askForPhoneCode(user, form))) return;
      onDone();
    } catch (error) {
      showAuthError(t(MESSAGES.error), signUpErrorMessage(error));
    } finally {
      form.setBusy(false);
    }
  };

  const signInLink = (
    <Group justify="center">
      <ModeLink onClick={() => onSwitch('signIn')}>{t(MESSAGES.haveAccount)}</ModeLink>
    </Group>
  );

  if (step === 2) {
    return (
      <SignUpDetailsStep form={form} submitLabel={t(MESSAGES.create)} onSubmit={() => void signUp()}>
        {signInLink}
      </SignUpDetailsStep>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.busy) checkAccount();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <EmailField form={form} />
        <PasswordField form={form} autoComplete="new-password" />
        <PasswordInput
          label={t(MESSAGES.confirm)}
          autoComplete="new-password"
          required
          value={passwords.confirm}
          error={form.errorFor('confirm') ?? passwords.liveMismatch}
          onChange={(e) => form.edited('confirm', passwords.setConfirm)(e.currentTarget.value)}
        />
        <AgreementNote />
        <Button type="submit" fullWidth loading={form.busy}>
          {t(MESSAGES.continue)}
        </Button>
        <GoogleSignIn form={form} />
        {signInLink}
      </Stack>
    </form>
  );
}
