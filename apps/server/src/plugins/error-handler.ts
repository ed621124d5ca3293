import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '@releasebell/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, HttpError, inLocale, issueText } from '../errors';
import { requestLocale } from '../infra/i18n';

const MESSAGES = {
  unstorable: /*i18n*/ {
    id: 'error.request.unstorable',
    message: 'The request contains characters that cannot be stored.',
  },
  tooManyRequests: /*i18n*/ { id: 'error.request.tooMany', message: 'Too many requests. Try again shortly.' },
  internal: /*i18n*/ { id: 'error.request.internal', message: 'Something went wrong on our side.' },
  tooLarge: /*i18n*/ { id: 'error.request.tooLarge', message: 'The request is too large.' },
  mediaType: /*i18n*/ { id: 'error.request.mediaType', message: 'This content type is not accepted here.' },
  badJson: /*i18n*/ { id: 'error.request.badJson', message: 'The request body is not valid JSON.' },
  unavailable: /*i18n*/ {
    id: 'error.request.unavailable',
    message: 'The service is briefly unavailable. Try again in a moment.',
  },
};

/** Fastify's refusals of a body it cannot read, in the reader's words; any other keeps Fastify's. */
const BODY_ERRORS: Record<string, (typeof MESSAGES)[keyof typeof MESSAGES]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.mediaType,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.badJson,
};

type Issue = { instancePath: string; keyword?: string; message?: string; params?: Record<string, unknown> };

/** `/mediaType` in params -> `mediaType`; an unknown key in the body -> that key's name. */
function fieldOf(issue: Issue, context: string | undefined): string {
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return keys.join(', ');
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

/**
 * The database is not there (restarting, unreachable): refused connections, a server shutting down
 * (57P01-57P03), a connection lost (08xxx) or not made in time. Worth a try again, not a 500.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE.has(code) || /^57P0[123]$/.test(code) || /^08/.test(code)) return true;
    if (
      typeof e.message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** PostgreSQL's "invalid byte sequence" (a NUL in text) and "untranslatable character" errors. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
export function isUnstorableText(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNSTORABLE_TEXT.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Messages in the reader's language; the codes stay what clients branch on.
    const locale = requestLocale(request.headers);
    reply.header('content-language', locale).header('vary', 'Accept-Language, Cookie');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      // A schema reports the contract's English, or zod's own: either is answered in the reader's words.
      const details = error.validation.map((issue) => ({
        field: fieldOf(issue, context),
        message: inLocale(
          locale,
          issueText({ code: issue.keyword, message: issue.message, params: issue.params }),
        ),
      }));
      const message = details.map((d) => `${d.field}: ${d.message}`).join('; ');
      return reply.status(400).send(errorBody(ERROR_CODES.validation, message, details));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.messageIn(locale), error.detailsIn(locale)));
    }
    if (isUnstorableText(error)) {
      // Schemas refuse NUL in every string they know; this catches one that slipped past them.
      return reply.status(400).send(errorBody(ERROR_CODES.validation, inLocale(locale, MESSAGES.unstorable)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody(ERROR_CODES.unavailable, inLocale(locale, MESSAGES.unavailable)));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody(ERROR_CODES.rateLimited, inLocale(locale, MESSAGES.tooManyRequests)));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      const code =
        status === 415
          ? ERROR_CODES.unsupportedMediaType
          : status === 413
            ? ERROR_CODES.payloadTooLarge
            : ERROR_CODES.badRequest;
      const known = BODY_ERRORS[error.code];
      return reply.status(status).send(errorBody(code, known ? inLocale(locale, known) : error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(ERROR_CODES.internal, inLocale(locale, MESSAGES.internal)));
  });
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it, on the bare socket: the API's
 * error shape and the security headers, then the connection is closed.
 */
export function writeClientError(
  error: Error & { code?: string },
  socket: Duplex,
  securityHeaders: Record<string, string>,
) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify(errorBody(ERROR_CODES.badRequest, 'The request could not be read.'));
  const headers = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${body}`);
}
