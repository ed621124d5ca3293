import type { PhoneCodeSent } from '@releasebell/contract';
import { useState } from 'react';
import type { CurrentUser } from '../../../lib/session';
import { splitName } from '../api/auth-calls';
import { usePasswordPair } from './use-password-pair';

/** The account and profile exist and a code went to the number: sign-up's step 2 asks for it. */
export interface CodeStep {
  user: CurrentUser;
  sent: PhoneCodeSent;
}

export type AuthField = 'email' | 'password' | 'confirm' | 'phone';

/**
 * What the auth modal's forms share while it is open: the typed values (kept when the member moves
 * between Sign In, Sign Up and Reset Password, or between the sign-up steps), the one field error shown,
 * and whether a call is under way. Given an account that has no profile yet, it starts at sign-up's
 * step 2 for it (the profile page's way to finish sign-up).
 */
export function useAuthForm(unregistered: CurrentUser | null = null) {
  const [email, setEmail] = useState('');
  const passwords = usePasswordPair();
  const [firstName, setFirstName] = useState(() => (unregistered ? splitName(unregistered.name).first : ''));
  const [lastName, setLastName] = useState(() => (unregistered ? splitName(unregistered.name).last : ''));
  const [phone, setPhoneValue] = useState('');
  const [sms, setSms] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [account, setAccountValue] = useState<CurrentUser | null>(unregistered);
  const [fieldError, setFieldError] = useState<{ field: AuthField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  return {
    email,
    setEmail,
    passwords,
    firstName,
    setFirstName,
    lastName,
    setLastName,
    phone,
    /** Emptying the phone switches SMS off by itself. */
    setPhone(value: string) {
      setPhoneValue(value);
      if (!value.trim()) setSms(false);
    },
    /** Text release alerts (sign-up): only with a phone number typed. */
    sms: sms && phone.trim() !== '',
    setSms,
    codeStep,
    setCodeStep,
    /**
     * The signed-in account that has no profile yet: sign-up's step 2 only registers the profile (the
     * account was made, but the member left, or the registration failed, before it was).
     */
    account,
    /** Moves to finishing `user`'s sign-up; names not typed yet are taken from the account's. */
    setAccount(user: CurrentUser) {
      setAccountValue(user);
      const names = splitName(user.name);
      if (!firstName.trim()) setFirstName(names.first);
      if (!lastName.trim()) setLastName(names.last);
    },
    busy,
    setBusy,
    setFieldError,
    /** Shows `message` under `field` (one error at a time). */
    fail(field: AuthField, message: string) {
      setFieldError({ field, message });
    },
    errorFor(field: AuthField): string | undefined {
      return fieldError?.field === field ? fieldError.message : undefined;
    },
    /** Typing into a field takes back the error it was showing. */
    edited(field: AuthField, set: (value: string) => void) {
      return (value: string) => {
        if (fieldError?.field === field) setFieldError(null);
        set(value);
      };
    },
    clear() {
      setEmail('');
      passwords.clear();
      setFirstName('');
      setLastName('');
      setPhoneValue('');
      setSms(false);
      setCodeStep(null);
      setAccountValue(null);
      setFieldError(null);
    },
  };
}

export type AuthForm = ReturnType<typeof useAuthForm>;
