import {
  DEFAULT_LOCALE,
  ERROR_CODES,
  type ErrorCode,
  type ErrorResponse,
  englishOf,
  type PageLocale,
  VALIDATION_MESSAGES,
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

/** zod's own refusals (a schema that wrote none of its own), worded by what zod found. */
const ZOD_TEXTS = {
  invalid: /*i18n*/ { id: 'error.validation.invalid', message: 'is invalid' },
  type: /*i18n*/ {
    id: 'error.validation.type',
    message:
      '{expected, select, string {must be text} number {must be a number} int {must be a whole number} boolean {must be true or false} array {must be a list} object {must be an object} other {is not of the right type}}',
  },
  minLength: /*i18n*/ {
    id: 'error.validation.minLength',
    message: 'must be at least {min, plural, one {# character} other {# characters}}',
  },
  minNumber: /*i18n*/ { id: 'error.validation.minNumber', message: 'must be at least {min}' },
  maxNumber: /*i18n*/ { id: 'error.validation.maxNumber', message: 'must be at most {max}' },
  minItems: /*i18n*/ {
    id: 'error.validation.minItems',
    message: 'must have at least {min, plural, one {# item} other {# items}}',
  },
  maxItems: /*i18n*/ {
    id: 'error.validation.maxItems',
    message: 'must have at most {max, plural, one {# item} other {# items}}',
  },
  format: /*i18n*/ {
    id: 'error.validation.format',
    message:
      '{format, select, email {must be an email address} url {must be a URL} uuid {must be a UUID} datetime {must be a date and time (ISO 8601)} date {must be a date (YYYY-MM-DD)} other {is not in the expected format}}',
  },
  unknownField: /*i18n*/ {
    id: 'error.validation.unknownField',
    message: 'is not a field this request takes',
  },
};

/** What zod reports about a refused value (its issue, less path and message). */
export interface SchemaIssue {
  code?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A refusal as the reader is told it: the contract's own text, translated (`schemaErrorText`), else
 * zod's finding worded in the reader's language.
 */
export function issueText({ code, message, params = {} }: SchemaIssue): ErrorText {
  const registered = message ? schemaErrorText(message) : null;
  if (registered && typeof registered !== 'string') return registered;
  const bound = (key: 'minimum' | 'maximum') => Number(params[key]);
  const origin = params.origin;
  const sized = origin === 'string' ? 'length' : origin === 'array' || origin === 'set' ? 'items' : 'number';
  switch (code) {
    case 'invalid_type':
      // zod says what it received only in its message.
      return /received undefined$/.test(message ?? '')
        ? VALIDATION_MESSAGES.required
        : { ...ZOD_TEXTS.type, values: { expected: String(params.expected) } };
    case 'too_small':
      return sized === 'length'
        ? { ...ZOD_TEXTS.minLength, values: { min: bound('minimum') } }
        : {
            ...(sized === 'items' ? ZOD_TEXTS.minItems : ZOD_TEXTS.minNumber),
            values: { min: bound('minimum') },
          };
    case 'too_big':
      return sized === 'length'
        ? { ...VALIDATION_MESSAGES.maxLength, values: { max: bound('maximum') } }
        : {
            ...(sized === 'items' ? ZOD_TEXTS.maxItems : ZOD_TEXTS.maxNumber),
            values: { max: bound('maximum') },
          };
    case 'invalid_format':
      return { ...ZOD_TEXTS.format, values: { format: String(params.format) } };
    case 'invalid_value':
      return Array.isArray(params.values)
        ? { ...VALIDATION_MESSAGES.oneOf, values: { values: params.values.join(', ') } }
        : ZOD_TEXTS.invalid;
    case 'unrecognized_keys':
      return ZOD_TEXTS.unknownField;
    default:
      return ZOD_TEXTS.invalid;
  }
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
