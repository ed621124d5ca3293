import multipart from '@fastify/multipart';
import {
  appliedImportSchema,
  applyImportBodySchema,
  ERROR_CODES,
  errorResponseSchema,
  IMPORT_MAX_BYTES,
  importCreatedSchema,
  importParamsSchema,
  importSchema,
  ROUTES,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ErrorText, HttpError, joined } from '../../errors';
import { requestTranslator } from '../../infra/i18n';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import type { ImportsService } from './service';

const tags = ['imports'];

const MESSAGES = {
  tooLarge: /*i18n*/ { id: 'error.imports.tooLarge', message: 'This file is over 10 MB.' },
  notAFile: /*i18n*/ { id: 'error.imports.notAFile', message: 'must be a file' },
  unreadableForm: /*i18n*/ {
    id: 'error.imports.unreadableForm',
    message: 'could not be read: the multipart/form-data body is malformed or incomplete',
  },
};

/** A 400 about the upload, in the shape schema errors have, naming the form field. */
const fileError = (message: ErrorText) =>
  new HttpError(400, ERROR_CODES.validation, joined('file ', message), [{ field: 'file', message }]);

/** @fastify/multipart's errors about the form the client sent, as opposed to our own failures. */
const FORM_ERRORS = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
]);

/**
 * Rethrows what reading the multipart body threw as the answer to give. The parser (busboy) reports a
 * missing, wrong or over-long boundary and a cut-off body as plain `Error`s, the plugin its own coded
 * errors: all the client's doing, so a 400 rather than a 500 and an error log. Anything else is ours.
 */
function asUploadError(err: unknown): never {
  if (!(err instanceof Error)) throw err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new HttpError(413, ERROR_CODES.importTooLarge, MESSAGES.tooLarge);
  }
  // Only the one file is taken (`fields: 0`): a text part, even one named `file`, ends here.
  if (code === 'FST_FIELDS_LIMIT') throw fileError(MESSAGES.notAFile);
  if (typeof code === 'string' && FORM_ERRORS.has(code)) throw fileError(MESSAGES.unreadableForm);
  // busboy's own carry no code; the request stream's, when the client goes away mid-body, ECONNRESET.
  if ((code === undefined && Object.getPrototypeOf(err) === Error.prototype) || code === 'ECONNRESET') {
    throw fileError(MESSAGES.unreadableForm);
  }
  throw err;
}

/** A member's list imports: upload (read at once, matched in the background), then the preview. */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  // One file per upload, no larger than the limit; only these routes take multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0 } });
  keepAnswersPrivate(app);
  const member = signedInId;

  app.route({
    method: ROUTES.createImport.method,
    url: ROUTES.createImport.path,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      operationId: 'createImport',
      summary:
        'Upload a Goodreads, StoryGraph, Letterboxd or IMDb export (multipart/form-data, field `file`): read at once, matched in the background',
      consumes: ['multipart/form-data'],
      response: {
        202: importCreatedSchema,
        ...MEMBER_ERRORS,
        413: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const userId = await member(req);
      if (!req.isMultipart()) throw fileError('is required');
      const file = await req.file().catch(asUploadError);
      if (file?.fieldname !== 'file') throw fileError('is required');
      const bytes = await file.toBuffer().catch(asUploadError);
      const created = await imports.create(userId, bytes, file.filename);
      return reply.status(202).send(created);
    },
  });

  app.route({
    method: ROUTES.getImport.method,
    url: ROUTES.getImport.path,
    schema: {
      tags,
      operationId: 'getImport',
      summary:
        "An import's progress and preview: counts, every row with what it matched (once it is no longer matching: none while it is), suggested follows",
      params: importParamsSchema,
      response: { 200: importSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => imports.get(await member(req), req.params.id, requestTranslator(req.headers)),
  });

  app.route({
    method: ROUTES.applyImport.method,
    url: ROUTES.applyImport.path,
    schema: {
      tags,
      operationId: 'applyImport',
      summary:
        'Add the matched titles (and the ambiguous ones chosen) to the watchlist and follow the ticked refs; again, adds nothing',
      params: importParamsSchema,
      body: applyImportBodySchema,
      response: {
        200: appliedImportSchema,
        ...MEMBER_ERRORS,
        409: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (req) => imports.apply(await member(req), req.params.id, req.body),
  });
};
