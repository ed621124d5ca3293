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
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { signedInId } from '../../plugins/session';
import type { ImportsService } from './service';

const tags = ['imports'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** A member's list imports: upload (read at once, matched in the background), then the preview. */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  // One file per upload, no larger than the limit; only these routes take multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0 } });
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  const member = signedInId;

  app.post(
    '/api/imports',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'createImport',
        summary:
          'Upload a Goodreads, StoryGraph, Letterboxd or IMDb export (multipart/form-data, field `file`): read at once, matched in the background',
        consumes: ['multipart/form-data'],
        response: { 202: importCreatedSchema, ...errors, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const userId = await member(req);
      const missing = () =>
        new HttpError(400, ERROR_CODES.validation, 'file is required', [
          { field: 'file', message: 'is required' },
        ]);
      if (!req.isMultipart()) throw missing();
      const file = await req.file();
      if (file?.fieldname !== 'file') throw missing();
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, ERROR_CODES.importTooLarge, 'This file is over 10 MB.');
        }
        throw err;
      });
      const created = await imports.create(userId, bytes, file.filename);
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/imports/:id',
    {
      schema: {
        tags,
        operationId: 'getImport',
        summary:
          "An import's progress and preview: counts, every row with what it matched, suggested follows",
        params: importParamsSchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (req) => imports.get(await member(req), req.params.id),
  );

  app.post(
    '/api/imports/:id/apply',
    {
      schema: {
        tags,
        operationId: 'applyImport',
        summary:
          'Add the matched titles (and the ambiguous ones chosen) to the watchlist and follow the ticked refs; again, adds nothing',
        params: importParamsSchema,
        body: applyImportBodySchema,
        response: { 200: appliedImportSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (req) => imports.apply(await member(req), req.params.id, req.body),
  );
};
