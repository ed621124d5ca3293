import {
  DEFAULT_LOCALE,
  ERROR_CODES,
  type ErrorCode,
  type ErrorResponse,
  englishOf,
  type PageLocale,
  VALIDATION_TEXTS,
} from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { translate } from './infra/i18n';

/**
 * What an error says: as written, a message (with its values) rendered in the reader's language, or
 * words made for the reader's language (e.g. `joined('media_type ', MESSAGE)`).
 */
export type ErrorText = string | MessageDescriptor | ((locale: PageLocale) => string);

/** `text` in `locale`'s words. */
export const inLocale = (locale: PageLocale, text: ErrorText): string =>
  typeof text === 'string' ? text : typeof text === 'function' ? text(locale) : translate(locale, text);

/** Texts one after the other, each in the reader's language: `joined(`${field}: `, MESSAGE)`. */
export const joined =
  (...parts: ErrorText[]): ErrorText =>
  (locale) =>
    parts.map((part) => inLocale(locale, part)).join('');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The registered schema texts as the schemas report them (their own values in place). */
const SCHEMA_ENGLISH = new Map(VALIDATION_TEXTS.map((descriptor) => [englishOf(descriptor), descriptor]));
/**
 * Each registered schema text as a pattern, its `{name}`s standing for any value: the one with the
 * most words of its own first ("must be one of: {values}" before "must be one of {values}").
 */
const SCHEMA_PATTERNS = VALIDATION_TEXTS.map((descriptor) => {
  const names: string[] = [];
  const parts = (descriptor.message ?? '').split(/(\{\w+\})/);
  const source = parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  const fixed = parts.filter((part) => !/^\{\w+\}$/.test(part)).join('').length;
  return { descriptor, names, fixed, pattern: new RegExp(`^${source}$`, 's') };
})
  .filter((p) => p.names.length > 0)
  .sort((a, b) => b.fixed - a.fixed);

/**
 * A schema's message (US English, see the contract's VALIDATION_TEXTS) as the text to answer in the
 * reader's language, its values taken from the English; a message the contract did not write (zod's
 * own) stays as it is.
 */
export function schemaErrorText(message: string): ErrorText {
  const exact = SCHEMA_ENGLISH.get(message);
  if (exact) return exact;
  for (const { descriptor, names, pattern } of SCHEMA_PATTERNS) {
    const found = pattern.exec(message);
    if (found)
      return { ...descriptor, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) };
  }
  return message;
}

/**
 * An error the client caused or may see: its status, code and message are shown as they are, a
 * message given as a descriptor in the language the request is answered in (`message` is its English).
 */
export class HttpError extends Error {
  readonly details?: { field: string; message: string }[];
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    private readonly text: ErrorText,
    private readonly detailTexts?: { field: string; message: ErrorText }[],
    /** Headers the answer carries, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(inLocale(DEFAULT_LOCALE, text));
    this.name = 'HttpError';
    if (detailTexts) this.details = this.detailsIn(DEFAULT_LOCALE);
  }

  messageIn(locale: PageLocale): string {
    return inLocale(locale, this.text);
  }

  detailsIn(locale: PageLocale): { field: string; message: string }[] | undefined {
    return this.detailTexts?.map((d) => ({ field: d.field, message: inLocale(locale, d.message) }));
  }
}

export const notFound = (code: ErrorCode, message: ErrorText) => new HttpError(404, code, message);
const MEDIA_NOT_FOUND = /*i18n*/ { id: 'error.media.notFound', message: 'Media not found.' };
export const mediaNotFound = () => notFound(ERROR_CODES.mediaNotFound, MEDIA_NOT_FOUND);

export function errorBody(code: ErrorCode, message: string, details?: ErrorResponse['error']['details']) {
  const body: ErrorResponse = { error: { code, message } };
  if (details && details.length > 0) body.error.details = details;
  return body;
}
