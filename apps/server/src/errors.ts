import { ERROR_CODES, type ErrorCode, type ErrorResponse } from '@releasebell/contract';

/** An error the client caused or may see: its status, code and message are shown as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { field: string; message: string }[],
    /** Headers the answer carries, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const mediaNotFound = () => notFound(ERROR_CODES.mediaNotFound, 'Media not found.');

export function errorBody(code: ErrorCode, message: string, details?: ErrorResponse['error']['details']) {
  const body: ErrorResponse = { error: { code, message } };
  if (details && details.length > 0) body.error.details = details;
  return body;
}
