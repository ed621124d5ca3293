import { Text } from '@mantine/core';
import { phoneFormatProblem } from '@releasebell/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { profileKey } from '../../../lib/profile';
import type { CurrentUser } from '../../../lib/session';
import { showAuthError } from '../auth-feedback';
import { type AuthForm, useAuthForm } from '../hooks/use-auth-form';
import { askForPhoneCode, registerDetails, signUpErrorMessage } from '../sign-up-details';
import { SignUpCodeStep } from './sign-up-code-step';
import { SignUpDetailsStep } from './sign-up-details-step';

const MESSAGES = {
  error: /*i18n*/ { id: 'auth.finishSignUp.error', message: 'Sign-Up Error' },
  submit: /*i18n*/ { id: 'auth.finishSignUp.submit', message: 'Finish Sign Up' },
  intro: /*i18n*/ {
    id: 'auth.finishSignUp.intro',
    message: 'Your account is ready. Add your details to finish signing up.',
  },
};

export interface FinishSignUpProps {
  form: AuthForm;
  /** The signed-in account that has no profile yet. */
  user: CurrentUser;
  /** The profile is registered (and the number verified, or that skipped). */
  onDone?: () => void;
}

/**
 * Sign-up's step 2 for an account that exists without a profile (its member left sign-up once the
 * account was made, or its registration failed): the same step, which now registers the profile only,
 * then asks for the texted code when texts were turned on. Whatever shows the profile hears of it.
 */
export function FinishSignUp({ form, user, onDone }: FinishSignUpProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const registered = () => queryClient.invalidateQueries({ queryKey: profileKey(user.id) });

  if (form.codeStep) {
    return (
      <SignUpCodeStep
        form={form}
        codeStep={form.codeStep}
        onDone={() => {
          void registered();
          onDone?.();
        }}
      />
    );
  }

  const finish = async () => {
    const phoneProblem = phoneFormatProblem(form.phone);
    if (phoneProblem) return form.fail('phone', t(phoneProblem));
    form.setBusy(true);
    try {
      const textsAsked = await registerDetails(user, form);
      // The code step stays here until the number is verified or that is skipped.
      if (textsAsked && (await askForPhoneCode(user, form))) return;
      await registered();
      onDone?.();
    } catch (error) {
      console.warn('Profile registration failed', error);
      showAuthError(t(MESSAGES.error), signUpErrorMessage(error));
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <SignUpDetailsStep
      form={form}
      submitLabel={t(MESSAGES.submit)}
      onSubmit={() => void finish()}
      intro={<Text size="sm">{t(MESSAGES.intro)}</Text>}
    />
  );
}

/** FinishSignUp with a form of its own, for a page (the profile's) rather than the auth modal. */
export function FinishSignUpStep({ user }: { user: CurrentUser }) {
  const form = useAuthForm(user);
  return <FinishSignUp form={form} user={user} />;
}
