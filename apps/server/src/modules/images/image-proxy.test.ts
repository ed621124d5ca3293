import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
import { isSafeImagePath } from './image-proxy';

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
    expect(first.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.body.equals(PNG)).toBe(true);
    for (const name of Object.keys(UPSTREAM_ONLY_HEADERS)) expect(first.headers[name], name).toBeUndefined();
    expect(tmdb.hits('/t/p/w500/good.png')).toBe(1);

    const second = await get('/proxy-image/tmdb/w500/good.png');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(second.headers['content-type']).toBe('image/png');
    expect(second.headers['cache-control']).toBe('public, max-age=604800, immutable');
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
      expect.arrayContaining(['200', '400', '404', '502', '504']),
    );
    expect(operation.description).toContain('TMDB_IMAGE_BASE_URL');
  });
});
