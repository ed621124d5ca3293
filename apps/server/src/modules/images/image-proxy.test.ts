import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { JPEG, PNG, startImageUpstream } from '../../../test/image-upstream';
import { isSafeImagePath } from './image-proxy';

const MAX_BYTES = 64 * 1024;

let app: FastifyInstance;
let upstream: Awaited<ReturnType<typeof startImageUpstream>>;
let dataDir: string;

const cacheFiles = async () =>
  (await readdir(path.join(dataDir, 'image-cache')).catch(() => [])).filter((f) => !f.endsWith('.tmp'));
const get = (url: string) => app.inject({ url });

/** Sends the path exactly as written over real HTTP (inject and fetch would normalise it first). */
function rawGet(pathAsWritten: string): Promise<{ statusCode: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAsWritten, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  upstream = await startImageUpstream(MAX_BYTES);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-proxy-'));
  app = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      TMDB_IMAGE_BASE_URL: `${upstream.origin}/t/p`,
      ISBNDB_IMAGE_BASE_URL: `${upstream.origin}/covers/`,
      IMAGE_PROXY_MAX_BYTES: String(MAX_BYTES),
      IMAGE_PROXY_TIMEOUT_MS: '500',
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await upstream.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => upstream.reset());

describe('GET /proxy-image/{provider}/...', () => {
  it('passes a TMDB poster on with its type and a long cache, and serves the next request from disk', async () => {
    const first = await get('/proxy-image/tmdb/w500/good.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.hits('/t/p/w500/good.png')).toBe(1);

    const second = await get('/proxy-image/tmdb/w500/good.png');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(second.headers['content-type']).toBe('image/png');
    expect(upstream.hits('/t/p/w500/good.png')).toBe(1);
  });

  it('serves ISBNdb covers from their own host, ignoring any query string', async () => {
    const res = await get('/proxy-image/isbndb/12/34/9781234567897.jpg?host=evil.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
    expect(upstream.hits('/covers/12/34/9781234567897.jpg')).toBe(1);
  });

  it('fetches a poster asked for by several people at once only once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/proxy-image/tmdb/w500/good.jpg')),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(upstream.hits('/t/p/w500/good.jpg')).toBe(1);
  });

  it('follows a redirect that stays under the configured base', async () => {
    const res = await get('/proxy-image/tmdb/w500/redirect-ok.png');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  const hostilePaths = [
    '/proxy-image/tmdb/../../etc/passwd',
    '/proxy-image/tmdb/w500/../../../etc/passwd',
    '/proxy-image/tmdb/..%2f..%2fetc%2fpasswd',
    '/proxy-image/tmdb/%2e%2e/%2e%2e/etc/passwd',
    '/proxy-image/tmdb/w500/%2e%2e/good.png',
    '/proxy-image/tmdb/w500/.%2e/good.png',
    '/proxy-image/tmdb/w500%2Fgood.png',
    '/proxy-image/tmdb/w500%2fgood.png',
    '/proxy-image/tmdb/%252e%252e/%252e%252e/etc/passwd',
    '/proxy-image/tmdb/w500\\..\\..\\good.png',
    '/proxy-image/tmdb/w500/..\\good.png',
    '/proxy-image/tmdb/http://evil.example/x.png',
    '/proxy-image/tmdb/https:/evil.example/x.png',
    '/proxy-image/tmdb//evil.example/x.png',
    '/proxy-image/tmdb/w500//good.png',
    '/proxy-image/tmdb/w500/./good.png',
    '/proxy-image/tmdb/./w500/good.png',
    '/proxy-image/tmdb/@evil.example/x.png',
    '/proxy-image/tmdb/user:pass@evil.example/x.png',
    '/proxy-image/tmdb/w500/good.png%00.jpg',
    '/proxy-image/tmdb/w500/%00',
    '/proxy-image/tmdb/w500/good%20.png',
    '/proxy-image/tmdb/w500/%E2%80%AEgnp.png',
    `/proxy-image/tmdb/w500/${'a'.repeat(400)}.png`,
    `/proxy-image/tmdb/${'a/'.repeat(12)}good.png`,
    '/proxy-image/tmdb/w500/good.png;jsessionid=1',
    '/proxy-image/tmdb/w500/<script>.png',
    "/proxy-image/tmdb/w500/'quote'.png",
    '/proxy-image/tmdb/~root/.ssh/id_rsa',
    '/proxy-image/tmdb/.env',
    '/proxy-image/tmdb/w500/.hidden',
    '/proxy-image/tmdb/',
    '/proxy-image/tmdb/..',
    '/proxy-image/tmdb/C:%5Cwindows%5Cwin.ini',
    '/proxy-image/file/etc/passwd',
    '/proxy-image/evil.example/x.png',
    '/proxy-image/%74mdb/w500/good.png',
    '/proxy-image/TMDB/w500/good.png',
  ];

  it.each(hostilePaths)('refuses %s without contacting the upstream', async (url) => {
    const res = await rawGet(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(JSON.parse(res.body).error.code).toMatch(/INVALID_IMAGE_PATH|IMAGE_PROVIDER_NOT_FOUND|NOT_FOUND/);
    expect(upstream.hits()).toBe(0);
  });

  it('knows a safe path when it sees one', () => {
    expect(isSafeImagePath('w500/abc-DEF_1.jpg')).toBe(true);
    expect(isSafeImagePath('12/34/9781234567897.jpg')).toBe(true);
    for (const bad of ['', '..', 'a/../b', 'a//b', '/a', 'a/', '.x', 'a/b%2f', 'a b', 'a..b'])
      expect(isSafeImagePath(bad), bad).toBe(false);
  });

  const upstreamFailures: [string, number, string][] = [
    ['page.html', 502, 'UPSTREAM_NOT_IMAGE'],
    ['icon.svg', 502, 'UPSTREAM_NOT_IMAGE'],
    ['data.json', 502, 'UPSTREAM_NOT_IMAGE'],
    ['untyped.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['liar.png', 502, 'UPSTREAM_NOT_IMAGE'],
    ['huge.png', 502, 'UPSTREAM_TOO_LARGE'],
    ['huge-chunked.png', 502, 'UPSTREAM_TOO_LARGE'],
    ['redirect-away.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-other-port.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-outside-base.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-bad-path.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-query.png', 502, 'UPSTREAM_REDIRECT'],
    ['redirect-loop.png', 502, 'UPSTREAM_REDIRECT'],
    ['slow.png', 504, 'UPSTREAM_TIMEOUT'],
    ['missing.png', 404, 'IMAGE_NOT_FOUND'],
    ['broken.png', 502, 'UPSTREAM_ERROR'],
  ];

  it.each(upstreamFailures)('answers %s with %i %s and caches nothing', async (file, status, code) => {
    const before = await cacheFiles();
    const res = await get(`/proxy-image/tmdb/w500/${file}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(await cacheFiles()).toEqual(before);
    expect(upstream.hits(`/t/p/w500/${file}`)).toBeGreaterThanOrEqual(1);
    // Never a step off the configured host: the loop stops after two hops.
    if (file === 'redirect-loop.png') expect(upstream.hits('/t/p/w500/redirect-loop.png')).toBe(3);
  });

  it('says 502 when the host cannot be reached', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-proxy-'));
    const refusing = await buildTestApp({
      env: { DATA_DIR: otherDir, TMDB_IMAGE_BASE_URL: 'http://127.0.0.1:1/t/p' },
    });
    try {
      const res = await refusing.inject({ url: '/proxy-image/tmdb/w500/good.png' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('UPSTREAM_UNREACHABLE');
    } finally {
      await refusing.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/proxy-image/{provider}/{*}');
  });
});
