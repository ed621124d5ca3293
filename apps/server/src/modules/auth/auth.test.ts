import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieFrom, signUp, TEST_ORIGIN } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_MAX_FAILED_SIGNINS: '5' } });
});
afterAll(() => app.close());

const signIn = (email: string, password: string, ip = '203.0.113.1', target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sign-up', () => {
  it('enforces the password rules on the server with the spec messages', async () => {
    for (const [password, message] of [
      ['short1', 'Password must be at least 8 characters'],
      ['no digits here', 'Password must include a number'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'rules@example.com', password, name: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await signIn('rules@example.com', 'anything 1')).json().error.code).toBe('USER_NOT_FOUND');
  });

  it('refuses an email already in use with the spec message', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email.toUpperCase(), password: 'another pass 1', name: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'EMAIL_IN_USE',
      message: 'This email is already in use. Please sign in instead.',
    });
  });
});

describe('sign-in and sessions', () => {
  it('tells an unknown email from a wrong password, as the spec asks', async () => {
    const user = await signUp(app);
    const unknown = await signIn('nobody-here@example.com', 'whatever 1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({
      code: 'USER_NOT_FOUND',
      message: 'No user found with this email. Please sign up.',
    });
    const wrong = await signIn(user.email, 'not the password 1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Incorrect password. Please try again.',
    });
  });

  it('keeps the session in an HttpOnly, SameSite=Lax cookie and never in the body', async () => {
    const user = await signUp(app);
    const res = await signIn(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/releasebell\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain http in this test
    const token = decodeURIComponent(cookieFrom(res).split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(res.body).not.toContain(token);
    expect(res.json()).toEqual({
      user: { id: user.id, email: user.email, name: 'Test Member', image: null },
    });

    const session = await app.inject({ url: '/api/session', headers: { cookie: cookieFrom(res) } });
    expect(session.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(session.headers['cache-control']).toBe('no-store');

    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookieFrom(res), origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/session', headers: { cookie: cookieFrom(res) } });
    expect(after.json()).toEqual({ user: null });
  });

  it('marks the cookie Secure when the product is served over HTTPS', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://releasebell.example' } });
    try {
      const res = await secure.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://releasebell.example' },
        payload: { email: 'secure@example.com', password: 'secure pass 1', name: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/__Secure-releasebell\.session_token=.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a credential request from another site (CSRF)', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('brute force', () => {
  it('limits wrong passwords for one account from one address; the owner still signs in from another', async () => {
    const victim = await signUp(app);
    const attacker = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn(victim.email, `guess number ${i}`, attacker)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right password is refused from the attacker's address while the window lasts.
    const locked = await signIn(victim.email, victim.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Try again in a few minutes.',
    });
    expect((await signIn(victim.email, victim.password, '192.0.2.44')).statusCode).toBe(200);
  });

  it('holds across app processes sharing one database', async () => {
    const victim = await signUp(app);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_PRETTY: 'false',
      SEED_DEMO_CATALOG: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_MAX_FAILED_SIGNINS: '5',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
    const second = await buildApp(config, { database: app.database });
    try {
      const ip = '198.51.100.99';
      for (let i = 0; i < 3; i++)
        expect((await signIn(victim.email, `wrong ${i}x`, ip)).statusCode).toBe(401);
      for (let i = 0; i < 2; i++)
        expect((await signIn(victim.email, `wrong ${i}y`, ip, second)).statusCode).toBe(401);
      expect((await signIn(victim.email, 'wrong 9z', ip)).statusCode).toBe(429);
      expect((await signIn(victim.email, 'wrong 9z', ip, second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('limits credential requests per address across accounts', async () => {
    const limited = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '4' } });
    try {
      const ip = '198.51.100.200';
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await signIn(`someone${i}@example.com`, 'password 1', ip, limited)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
      // Another address is unaffected.
      expect((await signIn('someone@example.com', 'password 1', '198.51.100.201', limited)).statusCode).toBe(
        401,
      );
    } finally {
      await limited.close();
    }
  });
});
