import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { acceptsGzip } from './gzip';

/**
 * An answer kept in memory, ready to send as it is or gzipped (what browsers ask for). Both are bytes:
 * sent as a string, a list with non-ASCII titles was measured and UTF-8 encoded again on every
 * response, a third of the server's time on these routes.
 */
export interface CachedJson {
  json: Buffer;
  gzip: Buffer;
}

/**
 * Cached bytes skip Fastify's response serializer, so they are made here with the route's 200 schema,
 * as the serializer would: the value is checked and anything the schema does not name is dropped.
 * Once per cache fill, never per request.
 */
export function toCachedJson<S extends z.ZodType>(schema: S, value: z.input<S>): CachedJson {
  const json = Buffer.from(JSON.stringify(schema.parse(value)), 'utf8');
  return { json, gzip: gzipSync(json) };
}

/**
 * Sends a cached answer as ready-made JSON, compressed once when it was cached: a hot read then costs
 * neither a query nor serialisation nor compression. Its route sets `compress: false`.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  body: CachedJson,
  cacheControl?: string,
) {
  if (cacheControl) reply.header('cache-control', cacheControl);
  // A route whose answer depends on more than the encoding says so itself (it includes accept-encoding).
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(req.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.json);
}
