import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ErrorCode, TMDB_POSTER_SIZES } from '@releasebell/contract';
import { type ErrorText, HttpError, joined } from '../../errors';
import { shortHash } from '../../lib/short-hash';

/**
 * Fetches posters from the configured image hosts only, so the pages keep `img-src 'self'` and the
 * share image (which can draw only same-origin images) can draw them. The request names a provider
 * and a path; the host always comes from configuration. Answers are kept on disk, so a poster is
 * fetched once (an ISBNdb cover once a day at most, see IMAGE_CACHE_POLICY).
 */
export type ImageProvider = 'tmdb' | 'isbndb';

/**
 * How long a browser and the disk cache keep each provider's images.
 * - TMDB names its files after their content (a new poster is a new file name): a file never
 *   changes, so browsers keep it a year without asking again, and the disk copy is kept for good.
 * - ISBNdb names covers after the ISBN, and the picture behind one address can change (a
 *   publisher's placeholder replaced by the final art, often before release, which is when this
 *   product shows a book). So browsers keep a cover a day, then ask again with its ETag (a 304 costs
 *   nothing when it has not changed) while still showing the old one for up to a week; the disk copy
 *   is refetched once it is a day old, and kept if the host then fails.
 */
export const IMAGE_CACHE_POLICY: Record<ImageProvider, { cacheControl: string; diskFreshMs: number }> = {
  tmdb: { cacheControl: 'public, max-age=31536000, immutable', diskFreshMs: Number.POSITIVE_INFINITY },
  isbndb: {
    cacheControl: 'public, max-age=86400, stale-while-revalidate=604800',
    diskFreshMs: 24 * 60 * 60 * 1000,
  },
};

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
  /** A strong ETag from the bytes, the same whether they came from the host or the disk. */
  etag: string;
}

interface CachedImage {
  image: ProxiedImage;
  /** When the host last gave (or was last asked for) these bytes; 0 if unknown. */
  fetchedAt: number;
}

const MAX_PATH_LENGTH = 300;
const MAX_SEGMENTS = 8;
const MAX_REDIRECTS = 2;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

const MESSAGES = {
  pathRule: /*i18n*/ {
    id: 'error.images.pathRule',
    message:
      "must be 1 to {segments} segments of letters, digits, '.', '-' and '_', none starting with '.' or holding '..', nothing percent-encoded, at most {max} characters",
    values: { segments: MAX_SEGMENTS, max: MAX_PATH_LENGTH },
  },
  tmdbRule: /*i18n*/ {
    id: 'error.images.tmdbRule',
    message: "a TMDB image is '{size}/{file}', the size one of {sizes}",
    values: { sizes: TMDB_POSTER_SIZES.join(', ') },
  },
  tooLarge: /*i18n*/ { id: 'error.images.tooLarge', message: 'The image is too large.' },
  redirect: /*i18n*/ {
    id: 'error.images.redirect',
    message: 'The image host redirected somewhere the proxy does not go.',
  },
  notFound: /*i18n*/ { id: 'error.images.notFound', message: 'Image not found.' },
  badAnswer: /*i18n*/ { id: 'error.images.badAnswer', message: 'The image host did not answer properly.' },
  notImage: /*i18n*/ { id: 'error.images.notImage', message: 'The image host did not send an image.' },
  timeout: /*i18n*/ { id: 'error.images.timeout', message: 'The image host took too long to answer.' },
  unreachable: /*i18n*/ { id: 'error.images.unreachable', message: 'The image host could not be reached.' },
};

/** The 400 for a path the proxy will not fetch, naming the field and the rule like other validation errors. */
export const badImagePath = () =>
  new HttpError(400, 'INVALID_IMAGE_PATH', joined('path: ', MESSAGES.pathRule), [
    { field: 'path', message: MESSAGES.pathRule },
  ]);
/** The 400 for a TMDB path in a size TMDB does not serve (or not shaped {size}/{file}). */
const badTmdbPath = () =>
  new HttpError(400, 'INVALID_IMAGE_PATH', joined('path: ', MESSAGES.tmdbRule), [
    { field: 'path', message: MESSAGES.tmdbRule },
  ]);
const upstreamError = (code: ErrorCode, message: ErrorText) => new HttpError(502, code, message);

const TMDB_SIZES: ReadonlySet<string> = new Set(TMDB_POSTER_SIZES);
/** TMDB serves posters only as {size}/{file} in its own sizes; nothing else under its base is fetched. */
export function isTmdbPosterPath(imagePath: string): boolean {
  const [size, file, ...rest] = imagePath.split('/');
  return rest.length === 0 && Boolean(file) && TMDB_SIZES.has(size ?? '');
}

/** The checks a path (asked for, or redirected to) must pass for a provider, beyond isSafeImagePath. */
const fitsProvider = (provider: ImageProvider, imagePath: string) =>
  provider !== 'tmdb' || isTmdbPosterPath(imagePath);

const etagOf = (body: Buffer) => `"${shortHash(body, 32)}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

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

  async function fromCache(files: { body: string; meta: string }): Promise<CachedImage | null> {
    try {
      const meta = JSON.parse(await readFile(files.meta, 'utf8')) as {
        contentType: string;
        fetchedAt?: unknown;
      };
      const body = await readFile(files.body);
      return {
        image: { contentType: meta.contentType, body, etag: etagOf(body) },
        fetchedAt: typeof meta.fetchedAt === 'number' ? meta.fetchedAt : 0,
      };
    } catch {
      return null;
    }
  }

  /** Written aside then renamed, so a reader never sees half a file. */
  async function writeWhole(file: string, data: string | Buffer) {
    const aside = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(aside, data);
    await rename(aside, file);
  }
  const writeMeta = (files: { meta: string }, image: ProxiedImage, fetchedAt: number) =>
    writeWhole(files.meta, JSON.stringify({ contentType: image.contentType, fetchedAt }));

  async function toCache(files: { body: string; meta: string }, image: ProxiedImage) {
    await mkdir(options.cacheDir, { recursive: true });
    // The body goes first: a meta file is only there once its body is whole.
    await writeWhole(files.body, image.body);
    await writeMeta(files, image, Date.now());
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
    return isSafeImagePath(rest) && fitsProvider(provider, rest) ? target : null;
  }

  async function readCapped(response: Response, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw upstreamError('UPSTREAM_TOO_LARGE', MESSAGES.tooLarge);
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
        throw upstreamError('UPSTREAM_TOO_LARGE', MESSAGES.tooLarge);
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
          if (!next) throw upstreamError('UPSTREAM_REDIRECT', MESSAGES.redirect);
          url = next;
          continue;
        }
        if (response.status === 404 || response.status === 410) {
          await response.body?.cancel().catch(() => {});
          throw new HttpError(404, 'IMAGE_NOT_FOUND', MESSAGES.notFound);
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => {});
          throw upstreamError('UPSTREAM_ERROR', MESSAGES.badAnswer);
        }
        const declaredType =
          (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!ALLOWED_TYPES.has(declaredType)) {
          await response.body?.cancel().catch(() => {});
          throw upstreamError('UPSTREAM_NOT_IMAGE', MESSAGES.notImage);
        }
        const body = await readCapped(response, signal);
        const actualType = sniffImageType(body);
        if (!actualType) throw upstreamError('UPSTREAM_NOT_IMAGE', MESSAGES.notImage);
        return { contentType: actualType, body, etag: etagOf(body) };
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (signal.aborted) throw new HttpError(504, 'UPSTREAM_TIMEOUT', MESSAGES.timeout);
      throw upstreamError('UPSTREAM_UNREACHABLE', MESSAGES.unreachable);
    }
  }

  /** Fetches and keeps an image; requests for the same image at the same time share one fetch. */
  function fetchOnce(
    provider: ImageProvider,
    imagePath: string,
    files: { body: string; meta: string },
  ): Promise<ProxiedImage> {
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
  }

  return {
    /**
     * The image at `imagePath` under the provider's base: from the disk cache while it is fresh
     * (IMAGE_CACHE_POLICY), else fetched and kept. A stale copy is still served if the refetch fails,
     * and then counts as fresh again, so a failing host is not asked on every request.
     */
    async get(provider: ImageProvider, imagePath: string): Promise<ProxiedImage> {
      if (!isSafeImagePath(imagePath)) throw badImagePath();
      if (!fitsProvider(provider, imagePath)) throw badTmdbPath();
      const files = cacheFiles(provider, imagePath);
      const cached = await fromCache(files);
      if (cached && Date.now() - cached.fetchedAt < IMAGE_CACHE_POLICY[provider].diskFreshMs)
        return cached.image;
      const fetched = fetchOnce(provider, imagePath, files);
      if (!cached) return fetched;
      return fetched.catch(async () => {
        await writeMeta(files, cached.image, Date.now()).catch(() => {});
        return cached.image;
      });
    },
  };
}
export type ImageProxy = ReturnType<typeof createImageProxy>;
