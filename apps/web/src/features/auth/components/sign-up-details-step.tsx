import { Button, Stack, Switch, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import type { AuthForm } from '../hooks/use-auth-form';
import { AgreementNote } from './auth-fields';

const MESSAGES = {
  firstName: /*i18n*/ { id: 'auth.detailsStep.firstName', message: 'First Name' },
  lastName: /*i18n*/ { id: 'auth.detailsStep.lastName', message: 'Last Name' },
  phone: /*i18n*/ { id: 'auth.detailsStep.phone', message: 'Phone Number (optional)' },
  phoneHint: /*i18n*/ { id: 'auth.detailsStep.phoneHint', message: 'With the country code, for text alerts' },
  sms: /*i18n*/ { id: 'auth.detailsStep.sms', message: 'Text me release alerts' },
  smsCheck: /*i18n*/ {
    id: 'auth.detailsStep.smsCheck',
    message: "We'll text a code to the number to check it is yours.",
  },
  smsNeedsPhone: /*i18n*/ {
    id: 'auth.detailsStep.smsNeedsPhone',
    message: 'Add a phone number to get texts.',
  },
};

export interface SignUpDetailsStepProps {
  form: AuthForm;
  /** "Create Account" while the account is still to be made; "Finish Sign Up" once it exists. */
  submitLabel: string;
  /** Submitted (the button, or Enter in a field) while no call is under way. */
  onSubmit: () => void;
  /** Above the fields: why the step shows, when the member did not just come from step 1. */
  intro?: ReactNode;
  /** Under the button, e.g. Sign Up's way to Sign In. */
  children?: ReactNode;
}

/**
 * Sign-up's step 2, "about you": first and last name, an optional phone number and whether to text
 * release alerts to it. The auth modal shows it after step 1, and again to a member whose account was
 * made but whose profile was not (at sign-in, and on the profile page).
 */
export function SignUpDetailsStep({ form, submitLabel, onSubmit, intro, children }: SignUpDetailsStepProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.busy) onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {intro}
        <TextInput
          label={t(MESSAGES.firstName)}
          autoComplete="given-name"
          value={form.firstName}
          maxLength={50}
          onChange={(e) => form.setFirstName(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t(MESSAGES.lastName)}
          autoComplete="family-name"
          value={form.lastName}
          maxLength={50}
          onChange={(e) => form.setLastName(e.currentTarget.value)}
        />
        <TextInput
          label={t(MESSAGES.phone)}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          maxLength={24}
          placeholder="+1 415 555 0132"
          description={t(MESSAGES.phoneHint)}
          error={form.errorFor('phone')}
          onChange={(e) => form.edited('phone', form.setPhone)(e.currentTarget.value)}
        />
        <Switch
          label={t(MESSAGES.sms)}
          description={form.phone.trim() ? t(MESSAGES.smsCheck) : t(MESSAGES.smsNeedsPhone)}
          checked={form.sms}
          disabled={!form.phone.trim()}
          onChange={(e) => form.setSms(e.currentTarget.checked)}
        />
        <AgreementNote />
        <Button type="submit" fullWidth loading={form.busy}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
