import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

let app: FastifyInstance;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'rb-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Releasebell</title><div id="root"></div>',
  );
  app = await buildTestApp({ env: { WEB_DIST_DIR: webDir, AMAZON_AFFILIATE_TAG: 'rb-20' } });
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', catalog: 'ready' });
  });
});

describe('public config', () => {
  it('tells the browser the affiliate tag, contact address and proxied image hosts, nothing secret', async () => {
    const body = (await app.inject({ url: '/api/config' })).json();
    expect(body).toEqual({
      productName: 'Releasebell',
      amazonAffiliateTag: 'rb-20',
      contactEmail: 'hello@releasebell.app',
      googleSignIn: false,
      tmdbAttribution: false,
      liveSearch: false,
      imageProxies: { tmdb: 'https://image.tmdb.org/t/p', isbndb: 'https://images.isbndb.com/covers' },
    });
  });

  it('asks for the TMDB attribution when TMDB is configured, by token or by key, and only then', async () => {
    const configured: Record<string, string>[] = [
      { TMDB_API_TOKEN: 'a-v4-read-access-token-0123456789' },
      { TMDB_API_KEY: '0123456789abcdef0123456789abcdef' },
    ];
    for (const env of configured) {
      const withTmdb = await buildTestApp({ env });
      try {
        const body = (await withTmdb.inject({ url: '/api/config' })).json();
        expect(body.tmdbAttribution, Object.keys(env)[0]).toBe(true);
        expect(body.liveSearch, Object.keys(env)[0]).toBe(true);
      } finally {
        await withTmdb.close();
      }
    }
    expect((await app.inject({ url: '/api/config' })).json().tmdbAttribution).toBe(false);
    // ISBNdb alone: live search, no TMDB notice.
    const books = await buildTestApp({ env: { ISBNDB_API_KEY: 'isbndb-key-123' } });
    try {
      expect((await books.inject({ url: '/api/config' })).json()).toMatchObject({
        tmdbAttribution: false,
        liveSearch: true,
      });
    } finally {
      await books.close();
    }
  });

  it('follows the configured image hosts, so the share image proxies what the server fetches', async () => {
    const custom = await buildTestApp({ env: { TMDB_IMAGE_BASE_URL: 'https://img.example.org/tmdb/' } });
    try {
      const body = (await custom.inject({ url: '/api/config' })).json();
      expect(body.imageProxies.tmdb).toBe('https://img.example.org/tmdb');
    } finally {
      await custom.close();
    }
  });
});

describe('headers', () => {
  /** The JSON API's short set: nothing in an API answer is a document. */
  const API_HEADERS = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  /** Headers only a page needs, never on an API answer. */
  const PAGE_ONLY = [
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
  ];

  it('gives a page the full set, with a CSP that allows no inline script, and a request id', async () => {
    const res = await app.inject({
      url: '/watchlist',
      headers: { accept: 'text/html', 'x-request-id': 'abc-123' },
    });
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('gives a JSON API answer only the short set, and the request id', async () => {
    for (const url of ['/healthz', '/api/config', '/trending/books?limit=5', '/upcoming/movies']) {
      const res = await app.inject({ url, headers: { 'x-request-id': 'abc-123' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers, url).toMatchObject({ ...API_HEADERS, 'x-request-id': 'abc-123' });
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('sets them on every answer, errors included, and makes up a request id when none is sent', async () => {
    for (const url of ['/api/nothing-here', '/trending/podcasts', '/watchlist/%zz']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers, url).toMatchObject(API_HEADERS);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // An unknown address that is not the API's is a page's 404: the full set.
    const page = await app.inject({ url: '/no-such-file.txt', headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an address with a malformed escape in the one error shape', async () => {
    const res = await app.inject({ url: '/media/slug/movies/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request address could not be read.' },
    });
  });

  it('compresses large answers', async () => {
    const res = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('OpenAPI', () => {
  it('documents the public paths from the contract schemas', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/trending/{mediaType}',
      '/upcoming/{mediaType}',
      '/media/featured/{mediaType}',
      '/media/slug/{mediaType}/{slug}',
      '/media/recommendations/{mediaType}/{itemId}',
      '/api/search',
      '/api/request',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('serves a browsable reference', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('routing', () => {
  it('serves the web app for page routes that accept HTML', async () => {
    for (const url of ['/', '/homepage', '/watchlist', '/search?query=x', '/leaderboard']) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    // A title page for a title not in the catalog: the same app (which shows its not-found page),
    // with a 404 for crawlers (modules/pages).
    const missing = await app.inject({
      url: '/media/books/some-book',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('answers unknown API paths with a JSON 404, even for browsers', async () => {
    for (const [url, accept] of [
      ['/api/nope', 'text/html'],
      ['/nope', 'application/json'],
      ['/trending/movies/extra', 'text/html'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('limits unknown API paths per address, but never page loads of client routes', async () => {
    const pages = 130;
    for (let i = 0; i < pages; i++) {
      const res = await app.inject({
        url: `/media/movies/title-${i}`,
        remoteAddress: '10.0.0.7',
        headers: { accept: 'text/html' },
      });
      // No such titles: the app's page with a 404 for crawlers, never a 429.
      expect(res.statusCode, `page load ${i}`).toBe(404);
      expect(res.body, `page load ${i}`).toContain('<div id="root">');
    }
    const statuses = [];
    for (let i = 0; i < 121; i++) {
      const res = await app.inject({ url: `/api/scan-${i}`, remoteAddress: '10.0.0.8' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
    const other = await app.inject({ url: '/api/scan', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(404);
  });

  it('does not serve the web app for POSTs', async () => {
    const res = await app.inject({ method: 'POST', url: '/homepage', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('/metrics', () => {
  it('without METRICS_TOKEN, answers this machine only, never a request a proxy forwarded', async () => {
    const local = await app.inject({ url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toMatch(/^# HELP process_cpu_user_seconds_total/m);
    for (const ip of ['::1', '127.0.0.2']) {
      expect((await app.inject({ url: '/metrics', remoteAddress: ip })).statusCode, ip).toBe(200);
    }
    for (const [remoteAddress, headers] of [
      ['203.0.113.9', {}],
      ['10.0.0.7', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await app.inject({ url: '/metrics', remoteAddress, headers });
      expect(res.statusCode, `${remoteAddress} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(res.body).not.toMatch(/process_/);
    }
  });

  it('with METRICS_TOKEN, answers the bearer of it from anywhere, and no one else', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await buildTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const ask = (authorization?: string, remoteAddress = '203.0.113.9') =>
        guarded.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
      const ok = await ask(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`]) {
        const res = await ask(authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toMatch(/process_/);
      }
      // The token is the only way in: loopback without it is refused too.
      expect((await ask(undefined, '127.0.0.1')).statusCode).toBe(401);
    } finally {
      await guarded.close();
    }
  });
});
