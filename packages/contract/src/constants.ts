// Plain values with no zod import, so the web app can use them without pulling zod into its bundle.
// Texts are descriptors (ADR 021): `t(DESCRIPTOR)` renders one in the reader's language.

import { type MessageDescriptor, renderCompiled } from './i18n';

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

/**
 * Notification channels: email is always on; mobile (SMS) is optional and needs a phone number; push
 * goes to the member's subscribed browsers and phones.
 */
export const NOTIFICATION_CHANNELS = ['email', 'mobile', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels a member has: always email, plus mobile and push when they want them. */
export function notificationChannels(wantsMobile: boolean, wantsPush = false): NotificationChannel[] {
  return ['email', ...(wantsMobile ? (['mobile'] as const) : []), ...(wantsPush ? (['push'] as const) : [])];
}

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
  /** Deleting an account without a password asks for a sign-in within the last few minutes. */
  recentSignInRequired: 'RECENT_SIGN_IN_REQUIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export * from './account-texts';
export * from './api-texts';
export * from './display';
export * from './formats';
export * from './images';
export * from './locales';
export * from './notice-texts';
export * from './offers';
export * from './provider-search';

/** Where an imported list comes from: told from the file, never chosen by hand (ADR 015). */
export const IMPORT_SOURCES = [
  'goodreads',
  'storygraph',
  'letterboxd',
  'imdb',
  'trakt',
  'simkl',
  'releasebell',
] as const;
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
/** A channel's delivery log keeps this many attempts. */
export const CHANNEL_LOG_SIZE = 50;
