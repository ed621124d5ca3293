import {
  DEFAULT_LOCALE,
  ERROR_CODES,
  type ErrorCode,
  type ErrorResponse,
  type Locale,
} from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { translate } from './infra/i18n';

/** What an error says: as written, or a message (with its values) rendered in the reader's language. */
export type ErrorText = string | MessageDescriptor;

const inLocale = (locale: Locale, text: ErrorText) =>
  typeof text === 'string' ? text : translate(locale, text);

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

  messageIn(locale: Locale): string {
    return inLocale(locale, this.text);
  }

  detailsIn(locale: Locale): { field: string; message: string }[] | undefined {
    return this.detailTexts?.map((d) => ({ field: d.field, message: inLocale(locale, d.message) }));
  }
}

export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const mediaNotFound = () => notFound(ERROR_CODES.mediaNotFound, 'Media not found.');

export function errorBody(code: ErrorCode, message: string, details?: ErrorResponse['error']['details']) {
  const body: ErrorResponse = { error: { code, message } };
  if (details && details.length > 0) body.error.details = details;
  return body;
}
