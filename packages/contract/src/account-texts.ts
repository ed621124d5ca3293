// The account's texts (signing in, the password, the phone, notification settings, the avatar):
// shown by the account's screens and answered by the server; a catalog of their own (lingui.config.js),
// so a page that has none of these forms does not load them.
import type { MessageDescriptor } from './i18n';

/** The spec's password rules with its exact messages; the server enforces the same rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  tooShort: /*i18n*/ {
    id: 'password.tooShort',
    message: 'Password must be at least {min} characters',
    values: { min: PASSWORD_MIN_LENGTH },
  },
  noDigit: /*i18n*/ { id: 'password.noDigit', message: 'Password must include a number' },
  tooLong: /*i18n*/ {
    id: 'password.tooLong',
    message: 'Password must be at most {max} characters',
    values: { max: PASSWORD_MAX_LENGTH },
  },
  mismatchLive: /*i18n*/ { id: 'password.mismatchLive', message: 'Passwords do not match' },
  mismatchSubmit: /*i18n*/ { id: 'password.mismatchSubmit', message: 'Passwords do not match.' },
} satisfies Record<string, MessageDescriptor>;

/** The first failing password rule's message (its values filled), or null when the password is acceptable. */
export function passwordProblem(password: string): MessageDescriptor | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\d/.test(password)) return PASSWORD_MESSAGES.noDigit;
  return null;
}

export const EMAIL_LOCKED_TOOLTIP: MessageDescriptor = /*i18n*/ {
  id: 'auth.emailLockedTooltip',
  message: 'To change your email address, please contact support.',
};
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MESSAGES = {
  wrongType: /*i18n*/ { id: 'error.avatar.wrongType', message: 'Choose a PNG, JPEG or WebP image.' },
  tooLarge: /*i18n*/ { id: 'error.avatar.tooLarge', message: 'Choose an image under 2 MB.' },
} satisfies Record<string, MessageDescriptor>;

/** Account texts the server answers with and the web app shows (spec section 8 where it gives them). */
export const AUTH_MESSAGES = {
  userNotFound: /*i18n*/ {
    id: 'auth.userNotFound',
    message: 'No user found with this email. Please sign up.',
  },
  wrongPassword: /*i18n*/ { id: 'auth.wrongPassword', message: 'Incorrect password. Please try again.' },
  emailInUse: /*i18n*/ {
    id: 'auth.emailInUse',
    message: 'This email is already in use. Please sign in instead.',
  },
  tooManyAttempts: /*i18n*/ {
    id: 'auth.tooManyAttempts',
    message: 'Too many sign-in attempts. Try again in a few minutes.',
  },
  tooManyRequests: /*i18n*/ {
    id: 'auth.tooManyRequests',
    message: 'Too many requests. Try again in a few minutes.',
  },
  invalidToken: /*i18n*/ {
    id: 'auth.invalidToken',
    message: 'This reset link has expired or was already used. Ask for a new one.',
  },
  crossSite: /*i18n*/ {
    id: 'auth.crossSite',
    message: 'This request came from another site and was refused.',
  },
  /** Password checks are queued past their bound (a burst of sign-ins): try again shortly. */
  busy: /*i18n*/ {
    id: 'auth.busy',
    message: 'Too many sign-in attempts right now. Try again in a moment.',
  },
} satisfies Record<string, MessageDescriptor>;

export const NOTIFICATION_MESSAGES = {
  badTimeZone: /*i18n*/ {
    id: 'notifications.settings.badTimeZone',
    message: 'must be an IANA time zone name, e.g. Europe/Paris',
  },
  badReminderDays: /*i18n*/ { id: 'notifications.settings.badReminderDays', message: 'must be 0, 1, 3 or 7' },
  badPhone: /*i18n*/ {
    id: 'notifications.settings.badPhone',
    message: 'Enter a valid phone number with its country code, e.g. +1 415 555 0132.',
  },
  smsStopped: /*i18n*/ {
    id: 'notifications.settings.smsStopped',
    message:
      'Text messages are off: you replied STOP to one of our texts. Text START to our number, then turn SMS back on here.',
  },
  emailPaused: /*i18n*/ { id: 'notifications.settings.emailPaused', message: 'Release emails are paused.' },
  testSent: /*i18n*/ { id: 'notifications.settings.testSent', message: 'Test notification sent.' },
} satisfies Record<string, MessageDescriptor>;

/** Verifying the member's mobile number by a texted code (before any text goes to it). */
export const PHONE_CODE_LENGTH = 6;
/** How long a texted code works. */
export const PHONE_CODE_MINUTES = 10;
/** Wrong tries that end a code. */
export const PHONE_CODE_MAX_TRIES = 5;
/** Codes asked for per member per hour, and per number per day. */
export const PHONE_CODES_PER_MEMBER_HOUR = 3;
export const PHONE_CODES_PER_NUMBER_DAY = 5;
export const PHONE_MESSAGES = {
  codeSent: /*i18n*/ {
    id: 'phone.codeSent',
    message: 'We texted you a {length}-digit code. Enter it to turn on SMS.',
    values: { length: PHONE_CODE_LENGTH },
  },
  codeFormat: /*i18n*/ {
    id: 'phone.codeFormat',
    message: 'Enter the {length}-digit code we texted you.',
    values: { length: PHONE_CODE_LENGTH },
  },
  wrongCode: /*i18n*/ {
    id: 'phone.wrongCode',
    message: 'That code is not right. Check the text and try again.',
  },
  noCode: /*i18n*/ {
    id: 'phone.noCode',
    message: 'This code has expired or was tried too many times. Ask for a new one.',
  },
  verified: /*i18n*/ {
    id: 'phone.verified',
    message: 'Your number is verified: release texts will go to it.',
  },
  noNumber: /*i18n*/ { id: 'phone.noNumber', message: 'Add a mobile number to your profile first.' },
  alreadyVerified: /*i18n*/ { id: 'phone.alreadyVerified', message: 'This number is already verified.' },
  tooManyCodes: /*i18n*/ {
    id: 'phone.tooManyCodes',
    message: 'You asked for several codes already. Try again later.',
  },
  notVerified: /*i18n*/ { id: 'phone.notVerified', message: 'Verify your number to get texts.' },
} satisfies Record<string, MessageDescriptor>;

/**
 * The first check of a phone number, before the server's full one: texts go to numbers anywhere, so
 * it must carry its country code (`+` or `00`) and have 8 to 15 digits. Blank is no number (null).
 */
export function phoneFormatProblem(raw: string | null | undefined): MessageDescriptor | null {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  const international = value.startsWith('+') || value.startsWith('00');
  const count = value.startsWith('00') ? digits.length - 2 : digits.length;
  return international && /^[+\d\s().-]+$/.test(value) && count >= 8 && count <= 15
    ? null
    : NOTIFICATION_MESSAGES.badPhone;
}

export const CHANNEL_SECRET_MIN = 16;
export const CHANNEL_SECRET_MAX = 200;
export const CHANNEL_SECRET_MESSAGE: MessageDescriptor = /*i18n*/ {
  id: 'validation.channels.secretLength',
  message: 'must be {min} to {max} characters',
  values: { min: CHANNEL_SECRET_MIN, max: CHANNEL_SECRET_MAX },
};
