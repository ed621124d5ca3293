import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieFrom, signUp, TEST_ORIGIN } from '../../../test/helpers';

/**
 * The bridge to the identity service, probed as an attacker would: other spellings of its paths,
 * other body formats, parallel guesses, endpoints the product does not use.
 */

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_MAX_FAILED_SIGNINS: '5',
      AUTH_MAX_FAILED_SIGNINS_PER_ACCOUNT: '12',
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** A request over a real socket with the path exactly as written (no client-side normalising). */
function raw(
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const signIn = (email: string, password: string, ip: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
    remoteAddress: ip,
  });

describe('paths', () => {
  it('refuses every other spelling of an endpoint, so no limit or rule can be stepped around', async () => {
    const victim = await signUp(app);
    // Lock the account out from 127.0.0.1 (the address the raw requests come from).
    for (let i = 0; i < 5; i++)
      expect((await signIn(victim.email, `wrong ${i}`, '127.0.0.1')).statusCode).toBe(401);
    expect((await signIn(victim.email, victim.password, '127.0.0.1')).statusCode).toBe(429);

    const body = JSON.stringify({ email: victim.email, password: victim.password });
    for (const path of [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/sign-in/%65mail',
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email#x',
      '/api/auth/sign-in/email;x',
      '/api/auth/Sign-In/email',
      '/api/./auth/sign-in/email',
    ]) {
      const res = await raw('POST', path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The canonical path still answers the limit.
    expect((await raw('POST', '/api/auth/sign-in/email', body)).status).toBe(429);
  });

  it('applies the password rules to sign-up whatever the spelling', async () => {
    const email = `rules-${Date.now()}@example.com`;
    const body = JSON.stringify({ email, password: 'nodigitshere', name: '' });
    expect((await raw('POST', '/api/auth/./sign-up/email', body)).status).toBe(404);
    const res = await raw('POST', '/api/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.message).toBe('Password must include a number');
    expect((await signIn(email, 'nodigitshere', '192.0.2.10')).json().error.code).toBe('USER_NOT_FOUND');
  });

  it('forwards only the endpoints the product uses', async () => {
    const user = await signUp(app);
    for (const [method, path, payload] of [
      ['POST', '/api/auth/update-user', { name: { not: 'a string' }, image: 'javascript:alert(1)' }],
      ['GET', '/api/auth/get-session', undefined],
      ['GET', '/api/auth/list-sessions', undefined],
      ['POST', '/api/auth/change-password', { currentPassword: user.password, newPassword: 'x' }],
      ['POST', '/api/auth/delete-user', {}],
      ['POST', '/api/auth/reset-password', { token: 'x', newPassword: 'new password 1' }],
      ['POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' }],
    ] as const) {
      const res = await app.inject({
        method,
        url: path,
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        ...(payload ? { payload } : {}),
      });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
    // Nothing about the user changed.
    const session = await app.inject({ url: '/api/session', headers: { cookie: user.cookie } });
    expect(session.json().user).toMatchObject({ name: 'Test Member', image: null });
  });

  it('never hands a session token to page scripts', async () => {
    const user = await signUp(app);
    const token = decodeURIComponent(user.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions', '/api/session']) {
      const res = await app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.body).not.toContain(token);
    }
    const signedIn = await signIn(user.email, user.password, '192.0.2.11');
    expect(signedIn.statusCode).toBe(200);
    expect(Object.keys(signedIn.json())).toEqual(['user']);
    expect(signedIn.body).not.toContain(
      decodeURIComponent(cookieFrom(signedIn)).split('=')[1]?.split('.')[0],
    );
  });
});

describe('bodies', () => {
  it('counts a body with a byte-order mark against the account it names', async () => {
    const victim = await signUp(app);
    const bom = (password: string) =>
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(JSON.stringify({ email: victim.email, password })),
      ]);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await raw('POST', '/api/auth/sign-in/email', bom(`bom ${i}`))).status);
    // The mark is dropped by the one JSON parser everything reads; the limiter sees the address.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('refuses form-encoded and other non-JSON bodies without checking anything', async () => {
    const user = await signUp(app);
    const form = new URLSearchParams({ email: user.email, password: user.password }).toString();
    const res = await raw('POST', '/api/auth/sign-in/email', form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.headers['set-cookie']).toBeUndefined();
    const plain = await raw(
      'POST',
      '/api/auth/sign-in/email',
      JSON.stringify({ email: user.email, password: 'x' }),
      {
        'content-type': 'text/plain',
      },
    );
    expect(plain.status).toBe(400);
  });

  it('names the field of a malformed body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'shape@example.com', password: 'good pass 1', name: { first: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'name' })]);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: 'shape@example.com',
        password: 'good pass 1',
        name: '',
        image: 'javascript:alert(1)',
      },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.details).toEqual([expect.objectContaining({ field: 'image' })]);
  });
});

describe('guessing', () => {
  it('counts before checking: parallel wrong passwords from one address get at most the limit', async () => {
    const victim = await signUp(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(victim.email, `parallel ${i}`, '198.51.100.20')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    // The rest are refused: over the limit (429), or turned away first as the hasher is full (503)
    // when they truly arrive at once (on PostgreSQL the limit's writes overlap).
    expect(codes.filter((c) => c !== 401).every((c) => c === 429 || c === 503)).toBe(true);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it('caps wrong passwords per account across addresses; a browser the owner signed in on still gets in', async () => {
    const owner = await signUp(app);
    // The owner signed in on this browser before: it holds the account's device cookie.
    const earlier = await signIn(owner.email, owner.password, '192.0.2.50');
    const device = String(earlier.headers['set-cookie'])
      .split(/,(?=\s*[\w.-]+=)/)
      .find((c) => c.trim().startsWith('releasebell.device.'));
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Path=\/api\/auth\/sign-in\/email/);
    const deviceCookie = device?.split(';')[0]?.trim() ?? '';

    // 12 wrong passwords from 4 addresses (3 each, under the per-address limit) close the account.
    for (let a = 0; a < 4; a++)
      for (let i = 0; i < 3; i++)
        expect((await signIn(owner.email, `spray ${a}-${i}`, `203.0.113.${10 + a}`)).statusCode).toBe(401);
    for (const ip of ['203.0.113.99', '192.0.2.50']) {
      const refused = await signIn(owner.email, owner.password, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many sign-in attempts. Try again in a few minutes.');
    }

    // The owner's browser, from anywhere, still signs in with the right password.
    const owners = await signIn(owner.email, owner.password, '203.0.113.99', deviceCookie);
    expect(owners.statusCode).toBe(200);
    expect(cookieFrom(owners)).toMatch(/session_token=/);

    // A forged or foreign device cookie is worth nothing.
    const [name, value] = deviceCookie.split('=');
    const forged = `${name}=${value?.slice(0, -2)}xx`;
    expect((await signIn(owner.email, owner.password, '203.0.113.98', forged)).statusCode).toBe(429);
    const other = await signUp(app);
    const otherDevice = String(
      (await signIn(other.email, other.password, '192.0.2.51')).headers['set-cookie'],
    ).match(/releasebell\.device\.[\w-]+=[^;]+/)?.[0];
    expect(otherDevice).toBeTruthy();
    expect((await signIn(owner.email, owner.password, '203.0.113.97', otherDevice)).statusCode).toBe(429);
  });

  it('limits wrong passwords on a device cookie too', async () => {
    const owner = await signUp(app);
    const earlier = await signIn(owner.email, owner.password, '192.0.2.60');
    const deviceCookie = String(earlier.headers['set-cookie']).match(
      /releasebell\.device\.[\w-]+=[^;]+/,
    )?.[0];
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (await signIn(owner.email, `stolen laptop ${i}`, `192.0.2.${70 + i}`, deviceCookie)).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('origins', () => {
  const signUpAt = (target: FastifyInstance, origin: string, host: string) =>
    target.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin, host },
      payload: {
        email: `origin-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'good pass 1',
        name: '',
      },
    });

  it('with PUBLIC_URL unset, a page opened at any address of the server can sign up', async () => {
    const open = await buildTestApp({ env: { PUBLIC_URL: '' } });
    try {
      for (const origin of ['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://localhost:3000']) {
        const res = await signUpAt(open, origin, new URL(origin).host);
        expect({ origin, status: res.statusCode }).toEqual({ origin, status: 200 });
        expect(cookieFrom(res)).toMatch(/session_token=/);
      }
      const evil = await signUpAt(open, 'https://evil.example', '127.0.0.1:3000');
      expect(evil.statusCode).toBe(403);
      expect(evil.json().error.code).toBe('CROSS_SITE_REQUEST');
    } finally {
      await open.close();
    }
  });

  it('with PUBLIC_URL set, another address of the server is told so, clearly', async () => {
    const res = await signUpAt(app, 'http://127.0.0.1:3999', '127.0.0.1:3999');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'ORIGIN_NOT_ALLOWED',
      message: `This address is not PUBLIC_URL (${TEST_ORIGIN}). Open ${TEST_ORIGIN} to continue.`,
    });
    expect((await signUpAt(app, TEST_ORIGIN, 'localhost:3999')).statusCode).toBe(200);
  });
});
