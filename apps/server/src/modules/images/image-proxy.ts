import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '@releasebell/contract';
import { HttpError } from '../../errors';

/**
 * Fetches posters from the configured image hosts only, for the share image (which can draw only
 * same-origin images). The request names a provider and a path; the host always comes from
 * configuration. Answers are kept on disk, so a poster is fetched once.
 */
export type ImageProvider = 'tmdb' | 'isbndb';

export interface ImageProxyOptions {
  upstreams: Record<ImageProvider, string>;
  maxBytes: number;
  timeoutMs: number;
  cacheDir: string;
  /** Called before each upstream request (tests count them). */
  fetchImpl?: typeof fetch;
}

export interface ProxiedImage {
  contentType: string;
  body: Buffer;
}

const MAX_PATH_LENGTH = 300;
const MAX_SEGMENTS = 8;
const MAX_REDIRECTS = 2;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

const PATH_RULE = `must be 1 to ${MAX_SEGMENTS} segments of letters, digits, '.', '-' and '_', none starting with '.' or holding '..', nothing percent-encoded, at most ${MAX_PATH_LENGTH} characters`;
/** The 400 for a path the proxy will not fetch, naming the field and the rule like other validation errors. */
export const badImagePath = () =>
  new HttpError(400, 'INVALID_IMAGE_PATH', `path: ${PATH_RULE}`, [{ field: 'path', message: PATH_RULE }]);
const upstreamError = (code: ErrorCode, message: string) => new HttpError(502, code, message);

/** The checks every path (asked for, or redirected to) must pass: plain segments, nothing encoded. */
export function isSafeImagePath(raw: string): boolean {
  if (raw.length === 0 || raw.length > MAX_PATH_LENGTH) return false;
  const segments = raw.split('/');
  return (
    segments.length <= MAX_SEGMENTS &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'))
  );
}

/** The first bytes of each image type served; anything else is refused whatever its label. */
function sniffImageType(bytes: Buffer): string | null {
  const at = (offset: number, text: string) =>
    bytes.subarray(offset, offset + text.length).toString('latin1') === text;
  if (bytes[0] === 0x89 && at(1, 'PNG')) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'image/gif';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  if (at(4, 'ftypavif') || at(4, 'ftypavis')) return 'image/avif';
  return null;
}
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

export function createImageProxy(options: ImageProxyOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const inFlight = new Map<string, Promise<ProxiedImage>>();

  const cacheFiles = (provider: ImageProvider, imagePath: string) => {
    const key = createHash('sha256').update(`${provider}\n${imagePath}`).digest('hex');
    const base = path.join(options.cacheDir, key);
    return { body: `${base}.bin`, meta: `${base}.json` };
  };

  async function fromCache(files: { body: string; meta: string }): Promise<ProxiedImage | null> {
    try {
      const meta = JSON.parse(await readFile(files.meta, 'utf8')) as { contentType: string };
      return { contentType: meta.contentType, body: await readFile(files.body) };
    } catch {
      return null;
    }
  }

  async function toCache(files: { body: string; meta: string }, image: ProxiedImage) {
    await mkdir(options.cacheDir, { recursive: true });
    // Written aside then renamed, so a reader never sees half a file. The body goes first: a meta
    // file is only there once its body is whole.
    const suffix = `.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(files.body + suffix, image.body);
    await rename(files.body + suffix, files.body);
    await writeFile(files.meta + suffix, JSON.stringify({ contentType: image.contentType }));
    await rename(files.meta + suffix, files.meta);
  }

  /** The upstream URL for a path under the provider's base, or null if it would leave the base. */
  function upstreamUrl(provider: ImageProvider, imagePath: string): URL | null {
    const base = new URL(`${options.upstreams[provider]}/`);
    const url = new URL(imagePath, base);
    return url.origin === base.origin && url.pathname.startsWith(base.pathname) ? url : null;
  }

  /** Where a redirect points, if it stays under the provider's base with a path that passes the checks. */
  function followable(provider: ImageProvider, from: URL, location: string | null): URL | null {
    // Judged as written: nothing encoded or dotted that URL parsing would quietly resolve.
    if (!location || /%|\\|\.\./.test(location)) return null;
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      return null;
    }
    const base = new URL(`${options.upstreams[provider]}/`);
    if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
    if (target.search || target.username || target.password) return null;
    const rest = target.pathname.slice(base.pathname.length);
    return isSafeImagePath(rest) ? target : null;
  }

  async function readCapped(response: Response, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw upstreamError('UPSTREAM_TOO_LARGE', 'The image is too large.');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    if (!reader) return Buffer.alloc(0);
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => {});
        throw upstreamError('UPSTREAM_TOO_LARGE', 'The image is too large.');
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks);
  }

  async function fetchImage(provider: ImageProvider, imagePath: string): Promise<ProxiedImage> {
    const first = upstreamUrl(provider, imagePath);
    if (!first) throw badImagePath();
    let url: URL = first;
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        const response = await fetchImpl(url, {
          redirect: 'manual',
          signal,
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' },
        });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel().catch(() => {});
          const next =
            hop < MAX_REDIRECTS ? followable(provider, url, response.headers.get('location')) : null;
          if (!next)
            throw upstreamError(
              'UPSTREAM_REDIRECT',
              'The image host redirected somewhere the proxy does not go.',
            );
          url = next;
          continue;
        }
        if (response.status === 404 || response.status === 410) {
          await response.body?.cancel().catch(() => {});
          throw new HttpError(404, 'IMAGE_NOT_FOUND', 'Image not found.');
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => {});
          throw upstreamError('UPSTREAM_ERROR', 'The image host did not answer properly.');
        }
        const declaredType =
          (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!ALLOWED_TYPES.has(declaredType)) {
          await response.body?.cancel().catch(() => {});
          throw upstreamError('UPSTREAM_NOT_IMAGE', 'The image host did not send an image.');
        }
        const body = await readCapped(response, signal);
        const actualType = sniffImageType(body);
        if (!actualType) throw upstreamError('UPSTREAM_NOT_IMAGE', 'The image host did not send an image.');
        return { contentType: actualType, body };
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (signal.aborted)
        throw new HttpError(504, 'UPSTREAM_TIMEOUT', 'The image host took too long to answer.');
      throw upstreamError('UPSTREAM_UNREACHABLE', 'The image host could not be reached.');
    }
  }

  return {
    /** The image at `imagePath` under the provider's base: from the disk cache, or fetched and kept. */
    async get(provider: ImageProvider, imagePath: string): Promise<ProxiedImage> {
      if (!isSafeImagePath(imagePath)) throw badImagePath();
      const files = cacheFiles(provider, imagePath);
      const cached = await fromCache(files);
      if (cached) return cached;
      const key = `${provider}/${imagePath}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchImage(provider, imagePath).then(async (image) => {
          await toCache(files, image).catch(() => {
            // A full disk only costs a refetch next time.
          });
          return image;
        });
        inFlight.set(key, pending);
        void pending.finally(() => inFlight.delete(key)).catch(() => {});
      }
      return pending;
    },
  };
}
export type ImageProxy = ReturnType<typeof createImageProxy>;
