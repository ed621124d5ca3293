import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieFrom, signUp } from '../../test/helpers';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

let app: FastifyInstance;
let doc: {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};
beforeAll(async () => {
  app = await buildTestApp();
  doc = (await app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document: security', () => {
  it('declares the session cookie under the name signing in really sets', async () => {
    const scheme = doc.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const member = await signUp(app);
    expect(member.cookie.split('; ').map((c) => c.split('=')[0])).toContain(scheme?.name);
  });

  it('requires the session on signed-in operations, and none on public ones', () => {
    const security = (key: string) => operations().find((o) => o.key === key)?.op.security;
    expect(security('GET /watchlist/{uid}')).toEqual([{ session: [] }]);
    expect(security('POST /user/register')).toEqual([{ session: [] }]);
    expect(security('GET /user/avatar/{uid}')).toEqual([{ session: [] }]);
    expect(security('GET /trending/{mediaType}')).toEqual([]);
    // Works signed out; a signed-in member's request records who asked.
    expect(security('POST /api/request')).toEqual([{}, { session: [] }]);
  });

  it('says for every operation who may call it, and names each one once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(20);
    for (const { key, op } of all) expect(op.security, key).toBeDefined();
    const ids = all.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('OpenAPI document: what a client generator needs', () => {
  const op = (method: string, path: string) => doc.paths[path]?.[method];

  it('lists the identity endpoints the bridge serves, with their bodies and answers, and no others', () => {
    const authPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth/'));
    expect(authPaths.sort()).toEqual(
      [
        '/api/auth/request-password-reset',
        '/api/auth/sign-in/email',
        '/api/auth/sign-out',
        '/api/auth/sign-up/email',
      ].sort(),
    );
    const signIn = op('post', '/api/auth/sign-in/email');
    expect(signIn?.security).toEqual([]);
    expect(Object.keys(signIn?.requestBody?.content ?? {})).toEqual(['application/json']);
    expect(signIn?.responses?.['200']?.content?.['application/json']?.schema?.$ref).toBe(
      '#/components/schemas/SignedIn',
    );
    expect(Object.keys(signIn?.responses ?? {})).toEqual(expect.arrayContaining(['401', '415', '429']));
  });

  it('says the avatar upload is the image bytes, in the three accepted types', () => {
    expect(Object.keys(op('put', '/user/avatar/{uid}')?.requestBody?.content ?? {})).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
    ]);
  });
});

describe('OpenAPI document: shape', () => {
  it('is OpenAPI 3.1, with PUBLIC_URL as its server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3999' })]);
  });
});

describe('OpenAPI document over https', () => {
  it('names the __Secure- cookie better-auth sets there', async () => {
    const origin = 'https://releasebell.test';
    const secure = await buildTestApp({ env: { PUBLIC_URL: origin } });
    try {
      const secureDoc = (await secure.inject({ url: '/api/openapi.json' })).json();
      const name = secureDoc.components.securitySchemes.session.name;
      expect(name).toBe('__Secure-releasebell.session_token');
      const res = await secure.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: { email: 'secure.member@example.com', password: 'correct horse 42', name: 'Secure Member' },
      });
      expect(res.statusCode).toBe(200);
      expect(
        cookieFrom(res)
          .split('; ')
          .map((c) => c.split('=')[0]),
      ).toContain(name);
      expect(secureDoc.servers).toEqual([expect.objectContaining({ url: origin })]);
    } finally {
      await secure.close();
    }
    // A second app (database, migrations) and a sign-up at the production password cost.
  }, 60_000);
});
