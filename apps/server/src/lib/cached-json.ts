import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { acceptsGzip } from './gzip';

/**
 * An answer kept in memory, ready to send gzipped (what browsers ask for) or as it is. Both are bytes:
 * sent as a string, a list with non-ASCII titles was measured and UTF-8 encoded again on every
 * response, a third of the server's time on these routes. Only the gzip is kept from the start, in a
 * buffer of its own size: kept answers are replaced all the time (every new search is one), and the
 * bytes of those dropped are freed only by a full garbage collection, which pauses every request.
 */
export interface CachedJson {
  gzip: Buffer;
  /** The plain bytes, unzipped on the first ask (few clients refuse gzip) and kept from then on. */
  json(): Buffer;
}

/**
 * Cached bytes skip Fastify's response serializer, so they are made here with the route's 200 schema,
 * as the serializer would: the value is checked and anything the schema does not name is dropped.
 * Once per cache fill, never per request. An answer asked about once (most searches) is worth a faster
 * gzip level more than the last tenth of its compression.
 */
export function toCachedJson<S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
  gzipLevel: number = constants.Z_DEFAULT_COMPRESSION,
): CachedJson {
  // TextEncoder encodes long text faster than Buffer.from; these bytes are dropped once gzipped.
  const bytes = encoder.encode(JSON.stringify(schema.parse(value)));
  const gzip = ownBuffer(gzipSync(bytes, { level: gzipLevel }));
  let json: Buffer | undefined;
  return { gzip, json: () => (json ??= gunzipSync(gzip)) };
}

const encoder = new TextEncoder();

/** A copy in memory of its own: zlib answers a slice of its 16 KB output buffer, which would be kept whole. */
function ownBuffer(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
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
  return reply.send(body.json());
}
