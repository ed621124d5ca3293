import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';

/** How the installable app's files are served: types, caching, and a page policy that lets them in. */

const webSource = path.resolve(import.meta.dirname, '../../../web');
/** The web app's own files, as the build copies them from public/ (and index.html, whose head the pages keep). */
const FILES = ['index.html', 'public/manifest.webmanifest', 'public/sw.js', 'public/icons/icon-192.png'];

let app: FastifyInstance;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'rb-web-'));
  await mkdir(path.join(webDir, 'icons'));
  for (const file of FILES)
    await copyFile(path.join(webSource, file), path.join(webDir, file.replace(/^public\//, '')));
  app = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

/** A CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The sources a directive allows, following CSP's fallbacks when the policy does not name it. */
function effectiveSources(csp: string, chain: string[]): string[] | undefined {
  const policy = directives(csp);
  for (const name of chain) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return undefined;
}

describe('the installable web app', () => {
  it('serves the manifest as application/manifest+json', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({ name: 'Releasebell', start_url: '/', display: 'standalone' });
  });

  it('serves the service worker as JavaScript that browsers revalidate on every check', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('push'");
    // Revalidating costs a 304, not the file.
    const again = await app.inject({ url: '/sw.js', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the hour-long cache for the other files', async () => {
    const res = await app.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it("gives pages index.html's manifest and icon links, under a policy that allows the worker and the manifest", async () => {
    for (const url of ['/', '/homepage', '/media/movies/not-a-title']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(res.body, url).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
      const csp = String(res.headers['content-security-policy']);
      expect(effectiveSources(csp, ['worker-src', 'child-src', 'script-src', 'default-src']), url).toContain(
        "'self'",
      );
      expect(effectiveSources(csp, ['manifest-src', 'default-src']), url).toContain("'self'");
    }
    // The worker's own policy (a worker script's response headers govern what it may fetch) lets it
    // load its notification icons from the site.
    const worker = String((await app.inject({ url: '/sw.js' })).headers['content-security-policy']);
    expect(effectiveSources(worker, ['img-src', 'default-src'])).toContain("'self'");
  });
});
