import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TMDB_POSTER_SIZES } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import {
  AVIF,
  GIF,
  JPEG,
  PNG,
  startImageUpstream,
  UPSTREAM_ONLY_HEADERS,
  WEBP,
} from '../../../test/image-upstream';
import { isSafeImagePath, isTmdbPosterPath, matchesIfNoneMatch } from './image-proxy';

const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 500;

let app: FastifyInstance;
/** Stands in for TMDB (paths under /t/p). */
let tmdb: Awaited<ReturnType<typeof startImageUpstream>>;
/** Stands in for ISBNdb (paths under /covers); its own server, so a test can take it down. */
let isbndb: Awaited<ReturnType<typeof startImageUpstream>>;
let dataDir: string;

const cacheDir = () => path.join(dataDir, 'image-cache');
const cacheFiles = async () => (await readdir(cacheDir()).catch(() => [])).sort();
const upstreamHits = () => tmdb.hits() + isbndb.hits();
const get = (url: string) => app.inject({ url });
const getIfNoneMatch = (url: string, etag: string) => app.inject({ url, headers: { 'if-none-match': etag } });

const TMDB_CACHE = 'public, max-age=31536000, immutable';
const ISBNDB_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The disk cache's two files for an image (named as the proxy names them). */
function cacheFilesOf(provider: string, imagePath: string) {
  const key = createHash('sha256').update(`${provider}\n${imagePath}`).digest('hex');
  return { body: path.join(cacheDir(), `${key}.bin`), meta: path.join(cacheDir(), `${key}.json`) };
}
const readMeta = async (provider: string, imagePath: string) =>
  JSON.parse(await readFile(cacheFilesOf(provider, imagePath).meta, 'utf8')) as {
    contentType: string;
    fetchedAt: number;
  };
/** Makes the disk copy look `ageMs` old. */
async function ageCopy(provider: string, imagePath: string, ageMs: number) {
  const meta = await readMeta(provider, imagePath);
  await writeFile(
    cacheFilesOf(provider, imagePath).meta,
    JSON.stringify({ ...meta, fetchedAt: Date.now() - ageMs }),
  );
}

interface RawAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the path exactly as written over real HTTP (inject and fetch would normalise it first). */
function rawGet(pathAsWritten: string): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAsWritten, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  tmdb = await startImageUpstream(MAX_BYTES);
  isbndb = await startImageUpstream(MAX_BYTES);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-proxy-'));
  app = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      TMDB_IMAGE_BASE_URL: `${tmdb.origin}/t/p`,
      // A trailing slash in the configuration changes nothing.
      ISBNDB_IMAGE_BASE_URL: `${isbndb.origin}/covers/`,
      IMAGE_PROXY_MAX_BYTES: String(MAX_BYTES),
      IMAGE_PROXY_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await tmdb.stop();
  await isbndb.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  tmdb.reset();
  isbndb.reset();
});

describe('GET /proxy-image/{provider}/... (serving)', () => {
  it('passes a TMDB poster on with its type, a long cache and no upstream header, and serves the next request from disk', async () => {
    const first = await rawGet('/proxy-image/tmdb/w500/good.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe(TMDB_CACHE);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers.etag).not.toBe(UPSTREAM_ONLY_HEADERS.etag);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.body.equals(PNG)).toBe(true);
    // The ETag is the proxy's own (from the bytes), never the host's.
    for (const name of Object.keys(UPSTREAM_ONLY_HEADERS).filter((n) => n !== 'etag'))
      expect(first.headers[name], name).toBeUndefined();
    expect(tmdb.hits('/t/p/w500/good.png')).toBe(1);

    const second = await get('/proxy-image/tmdb/w500/good.png');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(second.headers['content-type']).toBe('image/png');
    expect(second.headers['cache-control']).toBe(TMDB_CACHE);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(tmdb.hits('/t/p/w500/good.png')).toBe(1);
  });

  it('keeps the cache as a hashed body file with its type beside it', async () => {
    const before = await cacheFiles();
    expect((await get('/proxy-image/tmdb/w500/good.gif')).statusCode).toBe(200);
    const added = (await cacheFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    expect(added.every((f) => /^[0-9a-f]{64}\.(bin|json)$/.test(f))).toBe(true);
    const meta = added.find((f) => f.endsWith('.json')) ?? '';
    const body = added.find((f) => f.endsWith('.bin')) ?? '';
    expect(JSON.parse(await readFile(path.join(cacheDir(), meta), 'utf8'))).toEqual({
      contentType: 'image/gif',
      fetchedAt: expect.any(Number),
    });
    expect((await readFile(path.join(cacheDir(), body))).equals(GIF)).toBe(true);
  });

  it.each([
    ['w500/good.jpg', 'image/jpeg', JPEG],
    ['w500/good.gif', 'image/gif', GIF],
    ['w500/good.webp', 'image/webp', WEBP],
    ['w500/good.avif', 'image/avif', AVIF],
    ['original/x_Y-z.9.jpg', 'image/jpeg', JPEG],
  ])('serves %s as %s', async (imagePath, type, bytes) => {
    const res = await get(`/proxy-image/tmdb/${imagePath}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it.each(TMDB_POSTER_SIZES)('serves TMDB size %s', async (size) => {
    const res = await get(`/proxy-image/tmdb/${size}/poster.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(JPEG)).toBe(true);
    expect(tmdb.hits(`/t/p/${size}/poster.jpg`)).toBe(1);
  });

  it('answers a matching If-None-Match with a 304 and no body, after a fresh fetch and from the disk cache', async () => {
    const url = '/proxy-image/tmdb/w185/poster.jpg';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // The disk copy is gone (a new server, a cleared cache): the browser's ETag still holds.
    const files = cacheFilesOf('tmdb', 'w185/poster.jpg');
    await rm(files.body);
    await rm(files.meta);
    tmdb.reset();

    const fresh = await getIfNoneMatch(url, etag);
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload).toHaveLength(0);
    expect(fresh.headers.etag).toBe(etag);
    expect(fresh.headers['cache-control']).toBe(TMDB_CACHE);
    expect(tmdb.hits('/t/p/w185/poster.jpg')).toBe(1);

    const fromDisk = await getIfNoneMatch(url, etag);
    expect(fromDisk.statusCode).toBe(304);
    expect(fromDisk.rawPayload).toHaveLength(0);
    expect(fromDisk.headers.etag).toBe(etag);
    expect(fromDisk.headers['cache-control']).toBe(TMDB_CACHE);
    expect(tmdb.hits()).toBe(1);

    // Weak and listed forms match too; another ETag gets the image.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*'])
      expect((await getIfNoneMatch(url, header)).statusCode, header).toBe(304);
    const changed = await getIfNoneMatch(url, '"not-this-one"');
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(JPEG)).toBe(true);
    expect(changed.headers.etag).toBe(etag);
    expect(tmdb.hits()).toBe(1);
  });

  it('lets browsers keep an ISBNdb cover a day (then revalidate by ETag), and answers 304 for it too', async () => {
    const url = '/proxy-image/isbndb/12/34/9781234567880.jpg';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(ISBNDB_CACHE);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await getIfNoneMatch(url, String(res.headers.etag));
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(ISBNDB_CACHE);
  });

  it('refetches an ISBNdb cover once its disk copy is a day old, but never a TMDB poster', async () => {
    const cover = '12/34/9781234567880.jpg';
    expect((await get(`/proxy-image/isbndb/${cover}`)).statusCode).toBe(200);
    await ageCopy('isbndb', cover, DAY_MS - 60_000);
    isbndb.reset();
    expect((await get(`/proxy-image/isbndb/${cover}`)).statusCode).toBe(200);
    expect(isbndb.hits()).toBe(0);

    await ageCopy('isbndb', cover, DAY_MS + 60_000);
    const refreshed = await get(`/proxy-image/isbndb/${cover}`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.rawPayload.equals(JPEG)).toBe(true);
    expect(isbndb.hits(`/covers/${cover}`)).toBe(1);
    expect(Date.now() - (await readMeta('isbndb', cover)).fetchedAt).toBeLessThan(60_000);
    expect((await get(`/proxy-image/isbndb/${cover}`)).statusCode).toBe(200);
    expect(isbndb.hits()).toBe(1);

    expect((await get('/proxy-image/tmdb/w500/good.jpg')).statusCode).toBe(200);
    await ageCopy('tmdb', 'w500/good.jpg', 400 * DAY_MS);
    tmdb.reset();
    expect((await get('/proxy-image/tmdb/w500/good.jpg')).statusCode).toBe(200);
    expect(tmdb.hits()).toBe(0);
  });

  it('serves ISBNdb covers from their own host, ignoring any query string', async () => {
    const res = await get('/proxy-image/isbndb/12/34/9781234567897.jpg?host=evil.example&url=http://evil');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
    expect(isbndb.hits('/covers/12/34/9781234567897.jpg')).toBe(1);
    expect(tmdb.hits()).toBe(0);
  });

  it('fetches a poster asked for by several people at once only once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/proxy-image/tmdb/w500/popular.jpg')),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.rawPayload.equals(JPEG))).toBe(true);
    expect(tmdb.hits('/t/p/w500/popular.jpg')).toBe(1);
    expect(tmdb.hits()).toBe(1);
  });

  it.each([
    ['redirect-ok.png', ['/t/p/w500/redirect-ok.png', '/t/p/w500/good.png']],
    ['redirect-absolute.png', ['/t/p/w500/redirect-absolute.png', '/t/p/w500/good.png']],
    [
      'redirect-twice.png',
      ['/t/p/w500/redirect-twice.png', '/t/p/w500/redirect-ok.png', '/t/p/w500/good.png'],
    ],
  ])('follows %s (at most two hops, under the configured base) and caches it', async (file, visited) => {
    const res = await get(`/proxy-image/tmdb/w500/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    for (const url of visited) expect(tmdb.hits(url), url).toBe(1);
    expect(tmdb.hits()).toBe(visited.length);

    tmdb.reset();
    expect((await get(`/proxy-image/tmdb/w500/${file}`)).statusCode).toBe(200);
    expect(tmdb.hits()).toBe(0);
  });

  it('still serves what it cached while the host is down, and says 502 for anything else', async () => {
    expect((await get('/proxy-image/isbndb/12/34/9781234567898.jpg')).statusCode).toBe(200);
    expect(isbndb.hits()).toBe(1);
    await isbndb.stop();

    const cached = await get('/proxy-image/isbndb/12/34/9781234567898.jpg');
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(JPEG)).toBe(true);

    // A day-old copy is still served when the host cannot give a new one, and counts as fresh again
    // (the host is not asked on every request while it is down).
    await ageCopy('isbndb', '12/34/9781234567898.jpg', 2 * DAY_MS);
    const stale = await get('/proxy-image/isbndb/12/34/9781234567898.jpg');
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(JPEG)).toBe(true);
    expect(stale.headers.etag).toBe(cached.headers.etag);
    expect(Date.now() - (await readMeta('isbndb', '12/34/9781234567898.jpg')).fetchedAt).toBeLessThan(60_000);

    const before = await cacheFiles();
    const refused = await get('/proxy-image/isbndb/12/34/9781234567899.jpg');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('UPSTREAM_UNREACHABLE');
    expect(refused.json().error.message).toBe('The image host could not be reached.');
    expect(await cacheFiles()).toEqual(before);
    expect(isbndb.hits()).toBe(1);
  });
});

describe('GET /proxy-image/{provider}/... (hostile requests)', () => {
  const INVALID: [number, string] = [400, 'INVALID_IMAGE_PATH'];
  const NO_PROVIDER: [number, string] = [404, 'IMAGE_PROVIDER_NOT_FOUND'];
  const NO_ROUTE: [number, string] = [404, 'NOT_FOUND'];
  // Malformed percent-encoding is refused by the router before any route runs (app-wide handler).
  const BAD_URL: [number, string] = [400, 'BAD_REQUEST'];

  const hostile: [string, [number, string]][] = [
    // Traversal, plain and encoded
    ['/proxy-image/tmdb/../../etc/passwd', INVALID],
    ['/proxy-image/tmdb/w500/../../../etc/passwd', INVALID],
    ['/proxy-image/tmdb/..', INVALID],
    ['/proxy-image/tmdb/w500/good.png/..', INVALID],
    ['/proxy-image/tmdb/w500/...', INVALID],
    ['/proxy-image/tmdb/w500/..;/good.png', INVALID],
    ['/proxy-image/isbndb/../tmdb/w500/good.png', INVALID],
    ['/proxy-image/tmdb/..%2f..%2fetc%2fpasswd', INVALID],
    ['/proxy-image/tmdb/%2e%2e/%2e%2e/etc/passwd', INVALID],
    ['/proxy-image/tmdb/w500/%2E%2E%2F%2E%2E%2Fsecret', INVALID],
    ['/proxy-image/tmdb/w500/%2e%2e/good.png', INVALID],
    ['/proxy-image/tmdb/w500/.%2e/good.png', INVALID],
    ['/proxy-image/tmdb/%u002e%u002e/good.png', BAD_URL],
    ['/proxy-image/tmdb/%EF%BC%8E%EF%BC%8E/good.png', INVALID],
    // Encoded and double-encoded slashes and dots
    ['/proxy-image/tmdb/w500%2Fgood.png', INVALID],
    ['/proxy-image/tmdb/w500%2fgood.png', INVALID],
    ['/proxy-image/tmdb/%252e%252e/%252e%252e/etc/passwd', INVALID],
    ['/proxy-image/tmdb/w500/%252e%252e%252fgood.png', INVALID],
    // Backslashes
    ['/proxy-image/tmdb/w500\\..\\..\\good.png', INVALID],
    ['/proxy-image/tmdb/w500/..\\good.png', INVALID],
    ['/proxy-image/tmdb/\\\\evil.example\\x.png', INVALID],
    ['/proxy-image/tmdb/%5C%5Cevil.example%5Cx.png', INVALID],
    ['/proxy-image/tmdb/C:%5Cwindows%5Cwin.ini', INVALID],
    // Absolute and protocol-relative URLs, schemes
    ['/proxy-image/tmdb/http://evil.example/x.png', INVALID],
    ['/proxy-image/tmdb/https:/evil.example/x.png', INVALID],
    ['/proxy-image/tmdb/https%3A%2F%2Fevil.example%2Fx.png', INVALID],
    ['/proxy-image/tmdb//evil.example/x.png', INVALID],
    ['/proxy-image/tmdb///evil.example/x.png', INVALID],
    ['/proxy-image/tmdb/javascript:alert(1)', INVALID],
    ['/proxy-image/tmdb/127.0.0.1:1/x.png', INVALID],
    // Userinfo tricks
    ['/proxy-image/tmdb/@evil.example/x.png', INVALID],
    ['/proxy-image/tmdb/user:pass@evil.example/x.png', INVALID],
    ['/proxy-image/tmdb/evil.example%40127.0.0.1/x.png', INVALID],
    // Null bytes, control characters, odd characters
    ['/proxy-image/tmdb/w500/good.png%00.jpg', INVALID],
    ['/proxy-image/tmdb/w500/%00', INVALID],
    ['/proxy-image/tmdb/w500/good.png%0d%0aSet-Cookie:%20x=1', INVALID],
    ['/proxy-image/tmdb/w500/good%20.png', INVALID],
    ['/proxy-image/tmdb/w500/%E2%80%AEgnp.png', INVALID],
    ['/proxy-image/tmdb/w500/good.png;jsessionid=1', INVALID],
    ['/proxy-image/tmdb/w500/<script>.png', INVALID],
    ["/proxy-image/tmdb/w500/'quote'.png", INVALID],
    ['/proxy-image/tmdb/~root/.ssh/id_rsa', INVALID],
    // Empty, dot and hidden segments
    ['/proxy-image/tmdb/w500//good.png', INVALID],
    ['/proxy-image/tmdb/w500/./good.png', INVALID],
    ['/proxy-image/tmdb/./w500/good.png', INVALID],
    ['/proxy-image/tmdb/.env', INVALID],
    ['/proxy-image/tmdb/w500/.hidden', INVALID],
    ['/proxy-image/tmdb/w500/', INVALID],
    ['/proxy-image/tmdb/', INVALID],
    // Too long or too deep
    [`/proxy-image/tmdb/w500/${'a'.repeat(400)}.png`, INVALID],
    [`/proxy-image/tmdb/w500/${'a'.repeat(130)}`, INVALID],
    [`/proxy-image/tmdb/${'a/'.repeat(12)}good.png`, INVALID],
    [`/proxy-image/tmdb/${'w500/'.repeat(2000)}good.png`, INVALID],
    // TMDB paths must be {size}/{file} in a size TMDB serves
    ['/proxy-image/tmdb/w300/good.png', INVALID],
    ['/proxy-image/tmdb/w5000/good.png', INVALID],
    ['/proxy-image/tmdb/W500/good.png', INVALID],
    ['/proxy-image/tmdb/h632/good.png', INVALID],
    ['/proxy-image/tmdb/w500x/good.png', INVALID],
    ['/proxy-image/tmdb/good.png', INVALID],
    ['/proxy-image/tmdb/w500', INVALID],
    ['/proxy-image/tmdb/w500/a/good.png', INVALID],
    ['/proxy-image/tmdb/secret/key.png', INVALID],
    ['/proxy-image/tmdb/t/p/w500/good.png', INVALID],
    // Providers that are not configured
    ['/proxy-image/file/etc/passwd', NO_PROVIDER],
    ['/proxy-image/evil.example/x.png', NO_PROVIDER],
    ['/proxy-image/TMDB/w500/good.png', NO_PROVIDER],
    ['/proxy-image/http:/evil.example/x.png', NO_PROVIDER],
    ['/proxy-image/%74mdb/w500/good.png', INVALID],
    ['/proxy-image/tmdb', NO_ROUTE],
    ['/proxy-image/', NO_ROUTE],
  ];

  it('has at least 30 of them', () => expect(hostile.length).toBeGreaterThanOrEqual(30));

  it.each(hostile)(
    'refuses %s without contacting any host or caching anything',
    async (url, [status, code]) => {
      const before = await cacheFiles();
      const res = await rawGet(url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const json = JSON.parse(res.body.toString());
      expect(json.error.code).toBe(code);
      expect(upstreamHits()).toBe(0);
      expect(await cacheFiles()).toEqual(before);
    },
  );

  it('names the field and the rule in the 400', async () => {
    const res = await rawGet('/proxy-image/tmdb/w500/%2e%2e/good.png');
    expect(res.statusCode).toBe(400);
    const { error } = JSON.parse(res.body.toString());
    expect(error.message).toMatch(/^path: must be 1 to 8 segments of letters, digits/);
    expect(error.details).toEqual([{ field: 'path', message: expect.stringMatching(/^must be/) }]);
  });

  it('names the TMDB sizes in the 400 for a size TMDB does not serve', async () => {
    const res = await rawGet('/proxy-image/tmdb/w300/good.png');
    expect(res.statusCode).toBe(400);
    const { error } = JSON.parse(res.body.toString());
    expect(error).toEqual({
      code: 'INVALID_IMAGE_PATH',
      message:
        'path: a TMDB image is {size}/{file}, the size one of w92, w154, w185, w342, w500, w780, original',
      details: [
        {
          field: 'path',
          message:
            'a TMDB image is {size}/{file}, the size one of w92, w154, w185, w342, w500, w780, original',
        },
      ],
    });
  });

  it('knows a TMDB poster path when it sees one', () => {
    for (const size of TMDB_POSTER_SIZES) expect(isTmdbPosterPath(`${size}/abc.jpg`), size).toBe(true);
    for (const bad of [
      'w300/abc.jpg',
      'abc.jpg',
      'w500',
      'w500/',
      'w500/a/b.jpg',
      'W500/abc.jpg',
      'w500x/a.jpg',
    ])
      expect(isTmdbPosterPath(bad), bad).toBe(false);
  });

  it('reads If-None-Match as RFC 9110 says', () => {
    const etag = '"abc"';
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', '"x",W/"abc"', ' * '])
      expect(matchesIfNoneMatch(header, etag), header).toBe(true);
    for (const header of [undefined, '', '"abcd"', 'abc', '"x"', 'W/"x"'])
      expect(matchesIfNoneMatch(header, etag), String(header)).toBe(false);
  });

  it('knows a safe path when it sees one', () => {
    expect(isSafeImagePath('w500/abc-DEF_1.jpg')).toBe(true);
    expect(isSafeImagePath('12/34/9781234567897.jpg')).toBe(true);
    for (const bad of ['', '..', 'a/../b', 'a//b', '/a', 'a/', '.x', 'a/b%2f', 'a b', 'a..b', 'a\\b', 'a:b'])
      expect(isSafeImagePath(bad), bad).toBe(false);
  });
});

describe('GET /proxy-image/{provider}/... (upstream failures)', () => {
  const failures: [string, number, string][] = [
    // Not an image (by its label or by its bytes)
    ['page.html', 502, 'UPSTREAM_NOT_IMAGE'],
    ['icon.svg', 502, 'UPSTREAM_NOT_IMAGE'],
    ['data.json', 502, 'UPSTREAM_NOT_IMAGE'],
    ['binary.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['untyped.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['liar.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['svg-as-png.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['empty.png', 502, 'UPSTREAM_NOT_IMAGE'],
    // Over the size cap, announced or not
    ['huge.png', 502, 'UPSTREAM_TOO_LARGE'],
    ['huge-chunked.png', 502, 'UPSTREAM_TOO_LARGE'],
    // Redirects off the host, off the base, with a bad path, or too many
    ['redirect-away.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-protocol-relative.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-other-port.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-other-scheme.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-userinfo.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-at-host.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-outside-base.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-other-provider.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-bad-path.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-dotdot.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-relative-dotdot.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-backslash.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-query.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-no-location.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-thrice.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-loop.png', 502, 'UPSTREAM_REDIRECT'],
    ['not-modified.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-other-size.png', 502, 'UPSTREAM_REDIRECT'],
    // Too slow, before or during the body
    ['slow.png', 504, 'UPSTREAM_TIMEOUT'],
    ['slow-body.png', 504, 'UPSTREAM_TIMEOUT'],
    // Upstream errors
    ['missing.png', 404, 'IMAGE_NOT_FOUND'],
    ['gone.png', 404, 'IMAGE_NOT_FOUND'],
    ['nowhere-at-all.png', 404, 'IMAGE_NOT_FOUND'],
    ['forbidden.png', 502, 'UPSTREAM_ERROR'],
    ['broken.png', 502, 'UPSTREAM_ERROR'],
    ['unavailable.png', 502, 'UPSTREAM_ERROR'],
    ['hang-up.png', 502, 'UPSTREAM_UNREACHABLE'],
  ];

  it.each(failures)('answers %s with %i %s and caches nothing', async (file, status, code) => {
    const before = await cacheFiles();
    const started = Date.now();
    const res = await get(`/proxy-image/tmdb/w500/${file}`);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.json().error.code).toBe(code);
    expect(await cacheFiles()).toEqual(before);
    expect(tmdb.hits(`/t/p/w500/${file}`)).toBeGreaterThanOrEqual(1);
    if (file.startsWith('redirect-')) {
      // A refused redirect target is never requested; the loop stops after two hops.
      expect(tmdb.hits('/t/p/w500/good.png')).toBe(0);
      expect(tmdb.hits('/covers/12/34/9781234567897.jpg')).toBe(0);
      expect(tmdb.hits('/secret/key.png')).toBe(0);
      expect(tmdb.hits('/t/p/w300/good.png')).toBe(0);
      if (file === 'redirect-loop.png') expect(tmdb.hits('/t/p/w500/redirect-loop.png')).toBe(3);
      if (file === 'redirect-thrice.png') expect(tmdb.hits()).toBe(3);
    }
    // The timeout is the configured one, not the slow host's 3 s.
    if (status === 504) expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    // A failure is not remembered: the next request asks again.
    tmdb.reset();
    expect((await get(`/proxy-image/tmdb/w500/${file}`)).statusCode).toBe(status);
    expect(tmdb.hits(`/t/p/w500/${file}`)).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /proxy-image/{provider}/... (documentation)', () => {
  it('is in the OpenAPI document with its parameters and error answers', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/proxy-image/{provider}/{path}']?.get;
    expect(operation).toBeDefined();
    expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:provider', 'path:path']),
    );
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '404', '502', '504']),
    );
    expect(operation.description).toContain('TMDB_IMAGE_BASE_URL');
    expect(operation.description).toContain('w92, w154, w185, w342, w500, w780, original');
    expect(operation.description).toContain('max-age=31536000, immutable');
  });
});
