import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieFrom, TEST_ORIGIN } from '../../../test/helpers';
import { startOidcServer } from '../../../test/oidc';

const CLIENT_ID = 'releasebell-test-client';
const USER = { sub: 'google-sub-42', email: 'grace.hopper@example.com', name: 'Grace Hopper' };

let app: FastifyInstance;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;

beforeAll(async () => {
  oidc = await startOidcServer(CLIENT_ID, USER);
  app = await buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    },
  });
});
afterAll(async () => {
  await app.close();
  await oidc.stop();
});

/** Starts sign-in, lets the provider answer, and returns the callback response and the start's URL. */
async function runFlow(options: { tamperState?: boolean } = {}) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: {
      provider: 'google',
      callbackURL: '/homepage',
      errorCallbackURL: '/homepage?auth_error=google',
    },
  });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json().url as string);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '');
  if (options.tamperState) back.searchParams.set('state', 'forged-state-value');
  const callback = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookieFrom(start) },
  });
  return { start, authorizeUrl, callback };
}

describe('Google sign-in over OpenID Connect', () => {
  it('is offered only when configured', async () => {
    expect((await app.inject({ url: '/api/config' })).json().googleSignIn).toBe(true);
    const plain = await buildTestApp();
    try {
      expect((await plain.inject({ url: '/api/config' })).json().googleSignIn).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('uses PKCE, state and nonce, then signs the user in; the profile is registered afterwards', async () => {
    const { authorizeUrl, callback } = await runFlow();
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/homepage');
    const cookie = cookieFrom(callback);
    const session = (await app.inject({ url: '/api/session', headers: { cookie } })).json();
    expect(session.user).toMatchObject({ email: USER.email, name: USER.name });

    const uid = session.user.id as string;
    const before = await app.inject({ url: `/user/profile/${uid}`, headers: { cookie } });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('PROFILE_NOT_FOUND');
    const registered = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { email: USER.email, firebase_id: uid, first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(registered.statusCode).toBe(201);
    const after = await app.inject({ url: `/user/profile/${uid}`, headers: { cookie } });
    expect(after.json().username).toMatch(/^gracehopper\d{1,3}$/);

    // Signing in with Google again finds the same account.
    const second = await runFlow();
    const again = (
      await app.inject({ url: '/api/session', headers: { cookie: cookieFrom(second.callback) } })
    ).json();
    expect(again.user.id).toBe(uid);
  });

  it('refuses a forged state', async () => {
    const { callback } = await runFlow({ tamperState: true });
    expect(callback.statusCode).toBe(302);
    // Back on the product's home page, which shows the Google failure toast.
    expect(String(callback.headers.location)).toMatch(
      /^http:\/\/localhost:3999\/\?auth_error=google&error=state_mismatch/,
    );
    expect(cookieFrom(callback)).not.toMatch(/session_token=[^;]+/);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    oidc.state.tamperNonce = true;
    try {
      const { callback } = await runFlow();
      expect(callback.statusCode).toBe(302);
      expect(String(callback.headers.location)).toContain('auth_error=google');
      expect(cookieFrom(callback)).not.toMatch(/session_token=[^;]+/);
    } finally {
      oidc.state.tamperNonce = false;
    }
  });
});
