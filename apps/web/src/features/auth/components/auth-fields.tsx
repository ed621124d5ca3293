import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import type { ReactNode } from 'react';
import { Message, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { AuthForm } from '../hooks/use-auth-form';

const MESSAGES = {
  email: /*i18n*/ { id: 'auth.fields.email', message: 'Email' },
  password: /*i18n*/ { id: 'auth.fields.password', message: 'Password' },
  agreement: /*i18n*/ {
    id: 'auth.fields.agreement',
    message: 'By continuing, you agree to our {privacy} and {terms} and to receive emails from {product}.',
  },
  privacy: /*i18n*/ { id: 'auth.fields.privacy', message: 'Privacy Policy' },
  terms: /*i18n*/ { id: 'auth.fields.terms', message: 'Terms of Service' },
};

/** The email field every mode starts with. */
export function EmailField({ form }: { form: AuthForm }) {
  const t = useT();
  return (
    <TextInput
      label={t(MESSAGES.email)}
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
  const t = useT();
  const { passwords } = form;
  return (
    <PasswordInput
      label={t(MESSAGES.password)}
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
  const t = useT();
  const { closeModal } = useSession();
  return (
    <Text size="xs" c="dimmed">
      <Message
        message={MESSAGES.agreement}
        values={{ product: PRODUCT_NAME }}
        parts={{
          privacy: (
            <Anchor href="/privacy" size="xs" underline="always" onClick={closeModal}>
              {t(MESSAGES.privacy)}
            </Anchor>
          ),
          terms: (
            <Anchor href="/terms" size="xs" underline="always" onClick={closeModal}>
              {t(MESSAGES.terms)}
            </Anchor>
          ),
        }}
      />
    </Text>
  );
}
