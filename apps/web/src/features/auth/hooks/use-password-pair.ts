import { PASSWORD_MESSAGES, passwordProblem } from '@releasebell/contract/constants';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';

export interface PasswordPairProblem {
  field: 'password' | 'confirm';
  message: string;
}

/**
 * A new password typed twice (the sign-up form, the reset page): the two values, the live "Passwords do
 * not match" while they differ, and the first problem to show on submit.
 */
export function usePasswordPair() {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    /** Shown under the confirmation while it is typed and differs from the password. */
    liveMismatch: confirm.length > 0 && confirm !== password ? t(PASSWORD_MESSAGES.mismatchLive) : undefined,
    /** On submit: a password that breaks the rules, then a confirmation that does not match; null when fine. */
    problem(): PasswordPairProblem | null {
      const weak = passwordProblem(password);
      if (weak) return { field: 'password', message: t(weak) };
      if (confirm !== password) return { field: 'confirm', message: t(PASSWORD_MESSAGES.mismatchSubmit) };
      return null;
    },
    clear() {
      setPassword('');
      setConfirm('');
    },
  };
}
