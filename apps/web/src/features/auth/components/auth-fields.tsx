import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import type { AuthForm } from '../hooks/use-auth-form';

/** The email field every mode starts with. */
export function EmailField({ form }: { form: AuthForm }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={form.email}
      error={form.errorFor('email')}
      onChange={(e) => form.edited('email', form.setEmail)(e.currentTarget.value)}
      data-autofocus
    />
  );
}

/** The password field of sign-in ("current-password") and sign-up ("new-password"). */
export function PasswordField({
  form,
  autoComplete,
}: {
  form: AuthForm;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { passwords } = form;
  return (
    <PasswordInput
      label="Password"
      autoComplete={autoComplete}
      required
      value={passwords.password}
      error={form.errorFor('password')}
      onChange={(e) => form.edited('password', passwords.setPassword)(e.currentTarget.value)}
    />
  );
}

/** A link-styled button that moves the modal to another mode. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {children}
    </Anchor>
  );
}

/**
 * Sign-up's note, on each of its steps: continuing agrees to the policies and to emails. The links are
 * underlined: in the note's dimmed text their colour alone does not set them apart (WCAG 1.4.1).
 */
export function AgreementNote() {
  const { closeModal } = useSession();
  return (
    <Text size="xs" c="dimmed">
      By continuing, you agree to our{' '}
      <Anchor href="/privacy" size="xs" underline="always" onClick={closeModal}>
        Privacy Policy
      </Anchor>{' '}
      and{' '}
      <Anchor href="/terms" size="xs" underline="always" onClick={closeModal}>
        Terms of Service
      </Anchor>{' '}
      and to receive emails from Releasebell.
    </Text>
  );
}
