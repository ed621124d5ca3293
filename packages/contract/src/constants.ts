// Plain values with no zod import, so the web app can use them without pulling zod into its bundle.
// Texts are descriptors (ADR 021): `t(DESCRIPTOR)` renders one in the reader's language.

import { type MessageDescriptor, renderCompiled } from './i18n';
import type { Translate } from './notice-texts';

export * from './media-types';

/**
 * A descriptor's US English with its `values` in place: what a schema reports (see ./validation), and
 * what a test compares with. Only plain `{name}` placeholders, no plural or select.
 */
export function englishOf(descriptor: MessageDescriptor): string {
  const values = (descriptor.values ?? {}) as Record<string, unknown>;
  // Compiled by the web build: rendered as the translator renders it.
  const message: unknown = descriptor.message;
  if (Array.isArray(message)) return renderCompiled(message, descriptor.values ?? {}, 'en-US');
  return (descriptor.message ?? descriptor.id).replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export const DEFAULT_HYPE_PERCENTAGE = 25;
export const PRODUCT_NAME = 'Releasebell';
export const TAGLINE: MessageDescriptor = /*i18n*/ {
  id: 'product.tagline',
  message: 'Never Miss A Release!',
};
/** "Releasebell: Never Miss A Release!": `t(PRODUCT_TITLE, { product: PRODUCT_NAME, tagline: t(TAGLINE) })`. */
export const PRODUCT_TITLE: MessageDescriptor = /*i18n*/ {
  id: 'product.title',
  message: '{product}: {tagline}',
};

export const REQUEST_TITLE_MAX = 200;
export const REQUEST_EXTRA_INFO_MAX = 2000;
export const REQUEST_MESSAGES = {
  titleRequired: /*i18n*/ { id: 'validation.request.titleRequired', message: 'Title is required!' },
} satisfies Record<string, MessageDescriptor>;

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

/**
 * Notification channels: email is always on; mobile (SMS) is optional and needs a phone number; push
 * goes to the member's subscribed browsers and phones.
 */
export const NOTIFICATION_CHANNELS = ['email', 'mobile', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const MOBILE_NEEDS_PHONE: MessageDescriptor = /*i18n*/ {
  id: 'notifications.settings.mobileNeedsPhone',
  message: 'A phone number is required for mobile notifications.',
};

/** The channels a member has: always email, plus mobile and push when they want them. */
export function notificationChannels(wantsMobile: boolean, wantsPush = false): NotificationChannel[] {
  return ['email', ...(wantsMobile ? (['mobile'] as const) : []), ...(wantsPush ? (['push'] as const) : [])];
}

/** MOBILE_NEEDS_PHONE when mobile is chosen without a phone number (blank counts as none), else null. */
export function mobilePreferenceProblem(
  channels: readonly string[] | undefined,
  phone: string | null | undefined,
): MessageDescriptor | null {
  return channels?.includes('mobile') && !phone?.trim() ? MOBILE_NEEDS_PHONE : null;
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

/** Watchlist and sharing (spec sections 4 and 9). */
export const WATCHLIST_TOASTS = {
  addFailedTitle: /*i18n*/ { id: 'error.watchlist.addFailedTitle', message: 'Error' },
  addFailedMessage: /*i18n*/ {
    id: 'error.watchlist.addFailedMessage',
    message: 'Failed to add item to watchlist. Please try again.',
  },
} satisfies Record<string, MessageDescriptor>;
export const REMOVE_FADE_MS = 400;
export const REMOVE_DELAY_MS = 5000;
export const UNDO_TOAST_MS = 7000;
export const SHARE_MAX_ITEMS = 12;
export const SHARE_TITLE_MAX = 30;
/** The share image's title until the member writes their own. */
export const SHARE_DEFAULT_TITLE: MessageDescriptor = /*i18n*/ {
  id: 'share.defaultTitle',
  message: 'My Most Anticipated Releases',
};
export const SHARE_FILE_NAME = 'releasebell-watchlist.png';
export const SHARE_DARK_BACKGROUND = '#171923';
export const SHARE_LIGHT_BACKGROUND = '#ffffff';
export const SHARE_POSTER_WIDTH = 300;
export const SHARE_POSTER_HEIGHT = 450;

/** Leaderboard: the windows and the fixed page size. */
export const LEADERBOARD_TIMEFRAMES = ['weekly', 'monthly'] as const;
export type LeaderboardTimeframe = (typeof LEADERBOARD_TIMEFRAMES)[number];
export const LEADERBOARD_PAGE_SIZE = 20;

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

const NOT_PUBLIC_URL = /*i18n*/ {
  id: 'auth.notPublicUrl',
  message: 'This address is not PUBLIC_URL ({url}). Open {url} to continue.',
};
/** A state-changing request that reached the product at an address other than PUBLIC_URL. */
export const notPublicUrlMessage = (publicUrl: string): MessageDescriptor => ({
  ...NOT_PUBLIC_URL,
  values: { url: publicUrl },
});

/** Every error code the API answers with; clients may branch on them. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  crossSiteRequest: 'CROSS_SITE_REQUEST',
  originNotAllowed: 'ORIGIN_NOT_ALLOWED',
  notFound: 'NOT_FOUND',
  mediaNotFound: 'MEDIA_NOT_FOUND',
  followNotFound: 'FOLLOW_NOT_FOUND',
  /** The member follows FOLLOWS_MAX things already. */
  tooManyFollows: 'TOO_MANY_FOLLOWS',
  importNotFound: 'IMPORT_NOT_FOUND',
  importNotReady: 'IMPORT_NOT_READY',
  importUnrecognised: 'IMPORT_UNRECOGNISED',
  importTooManyRows: 'IMPORT_TOO_MANY_ROWS',
  importTooLarge: 'IMPORT_TOO_LARGE',
  /** A ZIP upload past what reading it may cost: its watchlist.csv inflates past 10 MB, or it holds too many files. */
  importZipTooLarge: 'IMPORT_ZIP_TOO_LARGE',
  profileNotFound: 'PROFILE_NOT_FOUND',
  posterNotFound: 'POSTER_NOT_FOUND',
  imageProviderNotFound: 'IMAGE_PROVIDER_NOT_FOUND',
  imageNotFound: 'IMAGE_NOT_FOUND',
  invalidImagePath: 'INVALID_IMAGE_PATH',
  userNotFound: 'USER_NOT_FOUND',
  invalidPassword: 'INVALID_PASSWORD',
  emailInUse: 'EMAIL_IN_USE',
  invalidToken: 'INVALID_TOKEN',
  usernameUnavailable: 'USERNAME_UNAVAILABLE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  authError: 'AUTH_ERROR',
  upstreamError: 'UPSTREAM_ERROR',
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  upstreamTooLarge: 'UPSTREAM_TOO_LARGE',
  upstreamRedirect: 'UPSTREAM_REDIRECT',
  upstreamNotImage: 'UPSTREAM_NOT_IMAGE',
  upstreamUnreachable: 'UPSTREAM_UNREACHABLE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  authBusy: 'AUTH_BUSY',
  invalidCode: 'INVALID_CODE',
  phoneNotVerifiable: 'PHONE_NOT_VERIFIABLE',
  calendarNotFound: 'CALENDAR_NOT_FOUND',
  pushOff: 'PUSH_NOT_CONFIGURED',
  channelNotFound: 'CHANNEL_NOT_FOUND',
  tooManyChannels: 'TOO_MANY_CHANNELS',
  pushEndpointTaken: 'PUSH_ENDPOINT_TAKEN',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Follows (series, people and authors together) a member may have at once. */
export const FOLLOWS_MAX = 500;
/** New follows a member may make per minute, one by one or by applying an import. */
export const FOLLOWS_PER_MINUTE = 30;
export const FOLLOW_MESSAGES = {
  tooMany: /*i18n*/ {
    id: 'error.follows.tooMany',
    message: 'You can follow at most {max} series, people and authors. Unfollow some to follow others.',
    values: { max: FOLLOWS_MAX },
  },
  tooFast: /*i18n*/ {
    id: 'error.follows.tooFast',
    message: 'You can follow at most {max} new things a minute. Try again in a minute.',
    values: { max: FOLLOWS_PER_MINUTE },
  },
} satisfies Record<string, MessageDescriptor>;

export * from './display';
export * from './formats';
export * from './images';
export * from './locales';
export * from './notice-texts';
export * from './offers';
export * from './provider-search';

/** Where an imported list comes from: told from the file, never chosen by hand (ADR 015). */
export const IMPORT_SOURCES = ['goodreads', 'storygraph', 'letterboxd', 'imdb'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** Release notifications: what a member is told, as the API, the templates and the bell name it. */
export const NOTIFICATION_KINDS = [
  'released',
  'date_announced',
  'date_changed',
  'reminder',
  /** A title a member asked for (Request Missing Content) is now in the catalog. */
  'request_resolved',
  /** A new title of a series, person or author the member follows, put on their watchlist. */
  'new_title',
  /** A tracked title is now on one of the member's streaming services in their country. */
  'available',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Days before a release a reminder goes out; 0 is off. */
export const REMINDER_DAY_OPTIONS = [0, 1, 3, 7] as const;
export type ReminderDays = (typeof REMINDER_DAY_OPTIONS)[number];
export const DEFAULT_REMINDER_DAYS: ReminderDays = 1;
export const DEFAULT_TIME_ZONE = 'UTC';
/** How many of the latest notifications the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 30;
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

/** What a number is when it is not a mobile, as the refusal of a number that cannot get texts says. */
export const PHONE_NUMBER_KINDS = [
  'landline',
  'premiumRate',
  'tollFree',
  'sharedCost',
  'voip',
  'personal',
  'pager',
  'switchboard',
  'voicemail',
] as const;
export type PhoneNumberKind = (typeof PHONE_NUMBER_KINDS)[number];

const SMS_NUMBER = {
  anywhere: /*i18n*/ { id: 'phone.onlyMobiles', message: 'We can only text mobile numbers.' },
  in: /*i18n*/ { id: 'phone.onlyMobilesIn', message: 'We can only text mobile numbers in {countries}.' },
};
const PHONE_KIND_TEXTS: Record<PhoneNumberKind, MessageDescriptor> = {
  landline: /*i18n*/ { id: 'phone.kind.landline', message: 'This is a landline number.' },
  premiumRate: /*i18n*/ { id: 'phone.kind.premiumRate', message: 'This is a premium-rate number.' },
  tollFree: /*i18n*/ { id: 'phone.kind.tollFree', message: 'This is a toll-free number.' },
  sharedCost: /*i18n*/ { id: 'phone.kind.sharedCost', message: 'This is a shared-cost number.' },
  voip: /*i18n*/ { id: 'phone.kind.voip', message: 'This is a VoIP number.' },
  personal: /*i18n*/ { id: 'phone.kind.personal', message: 'This is a personal (forwarding) number.' },
  pager: /*i18n*/ { id: 'phone.kind.pager', message: 'This is a pager number.' },
  switchboard: /*i18n*/ { id: 'phone.kind.switchboard', message: 'This is a company switchboard number.' },
  voicemail: /*i18n*/ { id: 'phone.kind.voicemail', message: 'This is a voicemail number.' },
};

/**
 * Why a number cannot get texts, in the reader's language (`language`, a BCP 47 tag): `countries` are
 * the names, in that language, of the countries texts may go to (empty: any); `kind` is what the
 * number is when it is not a mobile, else null.
 */
export function smsNumberProblem(
  t: Translate,
  language: string,
  countries: readonly string[],
  kind: PhoneNumberKind | null,
): string {
  const where =
    countries.length === 0
      ? t(SMS_NUMBER.anywhere)
      : t(SMS_NUMBER.in, { countries: listInWords(language, countries) });
  return kind ? `${where} ${t(PHONE_KIND_TEXTS[kind])}` : where;
}

/** "A", "A or B", "A, B or C" in `language`'s words. */
function listInWords(language: string, words: readonly string[]): string {
  // The product's US English writes lists without the serial comma, as British English does.
  const lists = new Intl.ListFormat(language === 'en-US' ? 'en-GB' : language, { type: 'disjunction' });
  return lists.format(words);
}

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

/** Whether `name` is a time zone this runtime knows (IANA names and their aliases). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Countries and kinds of movie release (the member's release dates).
export * from './regions';

/** A member's chat and webhook channels (Discord, ntfy, a signed webhook). */
export const CHANNEL_TYPES = ['discord', 'ntfy', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Channels a member may add. */
export const MAX_CHANNELS = 5;
/** Push devices a member keeps: subscribing one more replaces their oldest. */
export const MAX_PUSH_DEVICES = 10;
export const CHANNEL_SECRET_MIN = 16;
export const CHANNEL_SECRET_MAX = 200;
export const CHANNEL_SECRET_MESSAGE: MessageDescriptor = /*i18n*/ {
  id: 'validation.channels.secretLength',
  message: 'must be {min} to {max} characters',
  values: { min: CHANNEL_SECRET_MIN, max: CHANNEL_SECRET_MAX },
};
/** A channel's delivery log keeps this many attempts. */
export const CHANNEL_LOG_SIZE = 50;
export const CHANNEL_URL_MESSAGES: Record<ChannelType, MessageDescriptor> = {
  discord: /*i18n*/ {
    id: 'validation.channels.discordUrl',
    message: 'must be a Discord webhook URL (https://discord.com/api/webhooks/…)',
  },
  ntfy: /*i18n*/ {
    id: 'validation.channels.ntfyUrl',
    message: 'must be an ntfy topic URL such as https://ntfy.sh/your-topic',
  },
  webhook: /*i18n*/ { id: 'validation.channels.webhookUrl', message: 'must be an https URL' },
};
