import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_EXACT_PATHS, API_PATH_PREFIXES } from '@releasebell/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN } from '../../../test/helpers';
import { isUnstorableText } from '../../plugins/error-handler';

/** The edges of HTTP: bytes a database cannot store, requests Node cannot parse, what is served. */

let app: FastifyInstance;
let webDir: string;
let port: number;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'rb-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Releasebell</title><div id="root"></div>',
  );
  await writeFile(
    path.join(webDir, 'assets', 'index-abc123.js'),
    'console.log(1);\n//# sourceMappingURL=index-abc123.js.map',
  );
  await writeFile(
    path.join(webDir, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sources":["src/secret.ts"]}',
  );
  app = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

/** Writes raw bytes on a socket and reads the whole answer (the server closes the connection). */
function rawHttp(request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('NUL characters', () => {
  it('are a 400 naming the field on every endpoint, signed in or not, never a 500', async () => {
    const user = await signUp(app, { register: true });
    const nul = 'a\u0000b';
    const signedIn = { origin: TEST_ORIGIN, cookie: user.cookie };
    const cases = [
      { method: 'GET', url: '/api/search?q=a%00b', field: 'q' },
      { method: 'GET', url: '/media/slug/movies/a%00b', field: 'slug' },
      { method: 'POST', url: '/api/request', payload: { mediaType: 'books', title: nul }, field: 'title' },
      {
        method: 'POST',
        url: '/api/request',
        payload: { mediaType: 'books', title: 'x', extraInfo: nul },
        field: 'extraInfo',
      },
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'nul@example.com', password: `pass${nul}1234`, name: '' },
        field: 'password',
      },
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'nul@example.com', password: 'pass 1234', name: nul },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: nul },
        field: 'password',
      },
      {
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { token: nul, newPassword: 'pass 1234' },
        field: 'token',
      },
      {
        method: 'PUT',
        url: `/user/update/${user.id}`,
        headers: signedIn,
        payload: { first_name: nul, last_name: '', phone_number: null, notification_preferences: ['email'] },
        field: 'first_name',
      },
      {
        method: 'POST',
        url: '/user/register',
        headers: signedIn,
        payload: { email: user.email, firebase_id: user.id, utm_source: nul },
        field: 'utm_source',
      },
    ] as const;
    for (const c of cases) {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        headers: { origin: TEST_ORIGIN, ...('headers' in c ? c.headers : {}) },
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect({ url: c.url, field: c.field, status: res.statusCode }).toEqual({
        url: c.url,
        field: c.field,
        status: 400,
      });
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details).toContainEqual({
        field: c.field,
        message: 'must not contain NUL characters',
      });
    }
  });

  it("are recognised in the database's own error, should one reach it", async () => {
    const error = await app.database.db.execute(sql`select ${'a\u0000b'}::text`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isUnstorableText(error)).toBe(true);
    expect(isUnstorableText(new Error('something else'))).toBe(false);
  });
});

describe("requests Node's parser refuses", () => {
  const expectShaped = (answer: string, status: number) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/^content-type: application\/json/im);
    expect(head).toMatch(/^x-content-type-options: nosniff/im);
    expect(head).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
    });
  };

  it('answers a raw non-ASCII byte in the path in the error shape, with the security headers', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /media/'),
      Buffer.from([0xff, 0x01]),
      Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    ]);
    expectShaped(await rawHttp(request), 400);
  });

  it('answers a 60 KB path the same way', async () => {
    const request = Buffer.from(`GET /${'a'.repeat(60 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectShaped(await rawHttp(request), 431);
  });
});

describe('what is served', () => {
  it('keeps source maps off the public site', async () => {
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    for (const accept of ['*/*', 'application/json', 'text/html']) {
      const res = await app.inject({ url: '/assets/index-abc123.js.map', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('sources');
    }
  });

  it('serves the web app to curl and uptime monitors (Accept */* or none), JSON to API clients', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/html' }]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await app.inject({ url: '/leaderboard', headers: { accept: '*/*' } })).body).toContain(
      'id="root"',
    );
    for (const [url, accept] of [
      ['/', 'application/json'],
      ['/somewhere', 'application/json, text/plain, */*'],
      ['/api/nothing', '*/*'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('keeps every API route under the paths the page fallback and the dev proxy treat as API', async () => {
    // Top-level lines of the route tree: "├── /user/avatar/:uid (DELETE, GET, HEAD, PUT)".
    const paths = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /^[├└]── (\S+) \(/.exec(line)?.[1])
      .filter((p): p is string => !!p && p !== '*')
      // The web app's files, which the static server registers one by one.
      .filter((p) => !['/index.html', '/assets/index-abc123.js'].includes(p));
    expect(paths).toContain('/user/profile/:uid');
    const outside = paths.filter(
      (p) =>
        !API_PATH_PREFIXES.some((prefix) => p.startsWith(prefix)) &&
        !(API_EXACT_PATHS as readonly string[]).includes(p),
    );
    expect(outside).toEqual([]);
  });

  it('sends HSTS only when the product is served over https', async () => {
    expect((await app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://releasebell.example' } });
    try {
      const res = await secure.inject({ url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});
