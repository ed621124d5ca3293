// What the schemas say about a value they refuse: a validation error's `details[].message`. A schema
// has no reader at hand, so it reports the US English (`englishOf`); the server finds that text among
// VALIDATION_TEXTS and answers it in the request's language (apps/server/src/plugins/error-handler.ts).
import {
  CHANNEL_SECRET_MESSAGE,
  englishOf,
  LOCALE_MESSAGES,
  MOBILE_NEEDS_PHONE,
  NOTIFICATION_MESSAGES,
  PASSWORD_MESSAGES,
  PHONE_MESSAGES,
  REQUEST_MESSAGES,
} from './constants';
import type { MessageDescriptor } from './i18n';

/**
 * What a schema reports for `descriptor`, with these values if given: its US English, e.g.
 * `schemaText(VALIDATION_MESSAGES.maxLength, { max: 50 })` is "must be at most 50 characters".
 */
export const schemaText = (descriptor: MessageDescriptor, values?: Record<string, string | number>): string =>
  englishOf(values ? { ...descriptor, values } : descriptor);

/** The schemas' own texts (the rest are the shared ones in ./constants). */
export const VALIDATION_MESSAGES = {
  maxLength: /*i18n*/ { id: 'validation.maxLength', message: 'must be at most {max} characters' },
  email: /*i18n*/ { id: 'validation.email', message: 'must be an email address' },
  phoneFormat: /*i18n*/ { id: 'validation.phone.format', message: 'must be a phone number' },
  phoneMinDigits: /*i18n*/ { id: 'validation.phone.minDigits', message: 'must have at least {min} digits' },
  phoneMaxDigits: /*i18n*/ { id: 'validation.phone.maxDigits', message: 'must have at most {max} digits' },
  /** "must be one of: movies, tv_seasons, books". */
  oneOf: /*i18n*/ { id: 'validation.oneOf', message: 'must be one of: {values}' },
  /** "must be one of discord, ntfy, webhook". */
  oneOfThese: /*i18n*/ { id: 'validation.oneOfThese', message: 'must be one of {values}' },
  commaList: /*i18n*/ { id: 'validation.commaList', message: 'must be a comma-separated list of {values}' },
  dayCount: /*i18n*/ { id: 'validation.dayCount', message: 'must be a whole number from {min} to {max}' },
  pushEndpoint: /*i18n*/ {
    id: 'validation.push.endpoint',
    message: 'must be the https URL of a push service',
  },
  pushKey: /*i18n*/ { id: 'validation.push.key', message: 'must be a P-256 public key (base64url)' },
  pushAuth: /*i18n*/ { id: 'validation.push.auth', message: 'must be a 16-byte secret (base64url)' },
  url: /*i18n*/ { id: 'validation.url', message: 'must be a URL' },
  channelId: /*i18n*/ { id: 'validation.channelId', message: 'must be a channel id' },
  itemId: /*i18n*/ { id: 'validation.itemId', message: 'must be an item id' },
  importId: /*i18n*/ { id: 'validation.importId', message: 'must be an import id' },
  lineNumber: /*i18n*/ { id: 'validation.lineNumber', message: 'must be a line number' },
  itemIdOrNull: /*i18n*/ { id: 'validation.itemIdOrNull', message: 'must be an item id or null' },
  followRef: /*i18n*/ { id: 'validation.followRef', message: 'must be a ref such as tmdb:tv:1399' },
  followRoles: /*i18n*/ { id: 'validation.followRoles', message: 'must name at least one role' },
  followId: /*i18n*/ { id: 'validation.followId', message: 'must be a follow id' },
  providerIds: /*i18n*/ { id: 'validation.providerIds', message: 'must be a list of provider ids' },
  wholeNumbers: /*i18n*/ { id: 'validation.wholeNumbers', message: 'must be whole numbers' },
  maxServices: /*i18n*/ { id: 'validation.maxServices', message: 'at most {max} services' },
  boolean: /*i18n*/ { id: 'validation.boolean', message: 'must be true or false' },
  required: /*i18n*/ { id: 'validation.required', message: 'is required' },
  region: /*i18n*/ {
    id: 'validation.region',
    message: 'must be a two-letter country code (ISO 3166-1 alpha-2), e.g. GB',
  },
  knownRegion: /*i18n*/ {
    id: 'validation.knownRegion',
    message: 'must be a country code from the list, e.g. GB',
  },
  noNul: /*i18n*/ { id: 'validation.noNul', message: 'must not contain NUL characters' },
  sitePath: /*i18n*/ { id: 'validation.sitePath', message: 'must be a path on this site' },
  google: /*i18n*/ { id: 'validation.google', message: 'must be google' },
  pageNumber: /*i18n*/ { id: 'validation.pageNumber', message: 'must be a page number from 1' },
  notificationIds: /*i18n*/ { id: 'validation.notificationIds', message: 'must be notification ids' },
  idsOrAll: /*i18n*/ { id: 'validation.idsOrAll', message: 'give either ids or all: true' },
  passwordOrConfirm: /*i18n*/ {
    id: 'validation.passwordOrConfirm',
    message: 'give either your password or, if you sign in with Google, your email as confirm',
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * Every text a schema of the contract reports, for the server to translate: a refusal whose message is
 * one of these in US English (its placeholders standing for any value) is answered in the reader's
 * language. A message not found here (zod's own) is answered as it is.
 */
export const VALIDATION_TEXTS: readonly MessageDescriptor[] = [
  ...Object.values(VALIDATION_MESSAGES),
  PASSWORD_MESSAGES.tooShort,
  PASSWORD_MESSAGES.tooLong,
  PASSWORD_MESSAGES.noDigit,
  NOTIFICATION_MESSAGES.badTimeZone,
  NOTIFICATION_MESSAGES.badReminderDays,
  LOCALE_MESSAGES.badLocale,
  MOBILE_NEEDS_PHONE,
  PHONE_MESSAGES.codeFormat,
  REQUEST_MESSAGES.titleRequired,
  CHANNEL_SECRET_MESSAGE,
];
