import { Anchor, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** A link-styled button that moves the modal to another mode. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {children}
    </Anchor>
  );
}
