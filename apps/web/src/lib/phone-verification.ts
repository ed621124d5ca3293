import type { PhoneCodeSent } from '@releasebell/contract';
import { ERROR_CODES, PHONE_CODE_LENGTH, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { ApiError, api } from './api-client';
import { translateNow } from './i18n';

const MESSAGES = {
  checkFailed: /*i18n*/ {
    id: 'lib.phoneVerification.checkFailed',
    message: 'The code could not be checked. Please try again in a moment.',
  },
  sendFailed: /*i18n*/ {
    id: 'lib.phoneVerification.sendFailed',
    message: 'The code could not be sent. Please try again in a moment.',
  },
};

// Proving a mobile number is the member's with a texted code: the profile asks for it, and so does
// sign-up when the member turns SMS on. No text goes to a number that is not verified.

/** POST /api/phone/verification: texts a code to the profile's saved number (202). */
export const sendPhoneCode = () => api.post<PhoneCodeSent>(pathTo(ROUTES.sendPhoneCode), undefined);

/** POST /api/phone/verification/confirm: the texted code; the profile's number is verified from now on. */
export const confirmPhoneCode = (code: string) =>
  api.post<{ phone_verified: true }>(pathTo(ROUTES.confirmPhoneCode), { code });

/** Only digits, at most a code's length: what a pasted "123 456" or "123-456" becomes. */
export const cleanPhoneCode = (typed: string) => typed.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH);

/** The server's rule, checked before asking it: a code is exactly PHONE_CODE_LENGTH digits. */
export const phoneCodeProblem = (code: string): string | null =>
  new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code) ? null : translateNow(PHONE_MESSAGES.codeFormat);

/** What to show under the code field when the server did not take the code. */
export function confirmErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A wrong code, or one that has expired or was tried too often: the server says which.
    if (error.code === ERROR_CODES.invalidCode)
      return error.message || translateNow(PHONE_MESSAGES.wrongCode);
    if (error.code === ERROR_CODES.validation)
      return (
        error.details.find((d) => d.field === 'code')?.message ?? translateNow(PHONE_MESSAGES.codeFormat)
      );
    if (error.code === ERROR_CODES.rateLimited) return error.message;
  }
  return translateNow(MESSAGES.checkFailed);
}

/** What to show when a code could not be sent. */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ERROR_CODES.rateLimited)
      return error.message || translateNow(PHONE_MESSAGES.tooManyCodes);
    // No number on the profile, verified already, or the carrier refused it; or the texting service
    // failed: the server says which.
    if (error.code === ERROR_CODES.phoneNotVerifiable || error.code === ERROR_CODES.upstreamError)
      return error.message;
  }
  return translateNow(MESSAGES.sendFailed);
}
