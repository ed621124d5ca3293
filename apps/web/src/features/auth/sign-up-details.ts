import { AUTH_MESSAGES, ERROR_CODES, notificationChannels } from '@releasebell/contract/constants';
import { ApiError } from '../../lib/api-client';
import { translateNow } from '../../lib/i18n';
import { sendErrorMessage, sendPhoneCode } from '../../lib/phone-verification';
import type { CurrentUser } from '../../lib/session';
import { registerProfile } from './api/auth-calls';
import { isAuthBusy, showAuthNotice } from './auth-feedback';
import type { AuthForm } from './hooks/use-auth-form';

// Sign-up's step 2 once the account exists: register the profile from what the step asked, then, with
// texts asked for, text the code that checks the number. A new sign-up does this right after making the
// account; an account left without a profile does it when its member signs in or opens the profile.

const MESSAGES = {
  emailInUse: /*i18n*/ {
    id: 'auth.signUpDetails.emailInUse',
    message: 'This email is already in use. Please sign in instead.',
  },
  unexpected: /*i18n*/ {
    id: 'auth.signUpDetails.unexpected',
    message: 'An unexpected error occurred. Please try again.',
  },
  phoneNotSaved: /*i18n*/ { id: 'auth.signUpDetails.phoneNotSaved', message: 'Phone number not saved' },
  addInProfile: /*i18n*/ {
    id: 'auth.signUpDetails.addInProfile',
    message: '{problem} You can add it in your profile.',
  },
  codeNotSent: /*i18n*/ { id: 'auth.signUpDetails.codeNotSent', message: 'Code not sent' },
  verifyInProfile: /*i18n*/ {
    id: 'auth.signUpDetails.verifyInProfile',
    message: '{problem} You can verify your number in your profile.',
  },
};

const ORIGIN_REFUSALS = new Set<string>([ERROR_CODES.originNotAllowed, ERROR_CODES.crossSiteRequest]);

/** The "Sign-Up Error" message for a failed sign-up call (the account, or its profile). */
export function signUpErrorMessage(error: unknown): string {
  // The password checks are queued past their bound: nothing typed is wrong, trying again shortly works.
  if (isAuthBusy(error)) return translateNow(AUTH_MESSAGES.busy);
  if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') return translateNow(MESSAGES.emailInUse);
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') return error.message;
  // The product was opened at an address it does not serve sign-ins from: say which one it does.
  if (error instanceof ApiError && ORIGIN_REFUSALS.has(error.code)) return error.message;
  return translateNow(MESSAGES.unexpected);
}

/**
 * Registers `user`'s profile with step 2's names, phone and texts choice. A number the server cannot
 * text does not stop it: the profile is registered without the number, and the member is told. Resolves
 * to whether texts are on for a number the profile kept (its code is asked for next); rejects when no
 * profile could be registered.
 */
export async function registerDetails(user: CurrentUser, form: AuthForm): Promise<boolean> {
  const details = {
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    phone_number: form.phone.trim() || null,
    notification_preferences: notificationChannels(form.sms),
  };
  try {
    await registerProfile(user, details);
    return form.sms;
  } catch (error) {
    const phone = error instanceof ApiError && error.details.find((d) => d.field === 'phone_number');
    if (!phone) throw error;
    showAuthNotice(
      translateNow(MESSAGES.phoneNotSaved),
      translateNow(MESSAGES.addInProfile, { problem: phone.message }),
      'yellow',
    );
    await registerProfile(user, {
      ...details,
      phone_number: null,
      notification_preferences: notificationChannels(false),
    });
    return false;
  }
}

/**
 * Texts the code for the number just registered and moves step 2 on to asking for it. Resolves to
 * false (the member told, the profile can verify it later) when the code could not be sent.
 */
export async function askForPhoneCode(user: CurrentUser, form: AuthForm): Promise<boolean> {
  try {
    form.setCodeStep({ user, sent: await sendPhoneCode() });
    return true;
  } catch (error) {
    console.warn('Verification code not sent', error);
    showAuthNotice(
      translateNow(MESSAGES.codeNotSent),
      translateNow(MESSAGES.verifyInProfile, { problem: sendErrorMessage(error) }),
      'yellow',
    );
    return false;
  }
}
