import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GLASS_HARBOR } from '../../../test/helpers';
import { mediaNotFound } from '../../errors';
import { registerErrorHandling } from '../../plugins/error-handler';
import { catalogRoutes } from './routes';
import type { CatalogService } from './service';

const item = GLASS_HARBOR;

// What a service might carry beside the answer: internal fields that must never reach a client.
const leaky = { ...item, provider_id: 'synthetic:42', search_text: 'glass harbor mara quill' };

const service = {
  today: () => '2026-11-23',
  trending: async () => [leaky],
  upcoming: async () => [leaky],
  featured: async () => leaky,
  bySlug: async () => ({ ...leaky, regional_dates: null, watch: null, follow: [] }),
  recommendations: async () => [leaky],
} as unknown as CatalogService;

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => app?.close());

async function start() {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(catalogRoutes, { catalog: service, cacheSeconds: 60 });
  return app;
}

describe('cached catalog answers', () => {
  it.each([
    ['/trending/movies', [item]],
    ['/upcoming/movies', [item]],
    ['/media/featured/movies', item],
    ['/media/slug/movies/glass-harbor', { ...item, regional_dates: null, watch: null, follow: [] }],
  ])('%s answers exactly the response schema, plain and gzipped', async (url, expected) => {
    const server = await start();
    const plain = await server.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual(expected);

    const zipped = await server.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('refuses to cache an answer that breaks the schema instead of sending it', async () => {
    const broken = {
      ...service,
      trending: async () => [{ ...item, media_type: 'podcasts' }],
    } as unknown as CatalogService;
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(catalogRoutes, { catalog: broken, cacheSeconds: 60 });
    const res = await app.inject({ url: '/trending/movies' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('podcasts');
  });
});

describe('a repeat of an address', () => {
  /** The app of `start()` with a counter of requests that reached validation: every one, hooks see all. */
  async function counted(catalog: CatalogService) {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    let validated = 0;
    app.addHook('preValidation', async () => {
      validated++;
    });
    await app.register(catalogRoutes, { catalog, cacheSeconds: 60 });
    return { server: app, validated: () => validated };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes through the route and is answered from the cached bytes, plain or gzipped, until the cache lets go', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let calls = 0;
    const { server, validated } = await counted({
      ...service,
      trending: async () => {
        calls++;
        return [leaky];
      },
    } as unknown as CatalogService);
    const first = await server.inject({ url: '/trending/movies?limit=5' });
    expect(first.statusCode).toBe(200);
    const plain = await server.inject({ url: '/trending/movies?limit=5' });
    const zipped = await server.inject({
      url: '/trending/movies?limit=5',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(validated()).toBe(3);
    expect(plain.body).toBe(first.body);
    expect(plain.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    // Another address is validated (and refused) on its own.
    expect((await server.inject({ url: '/trending/movies?limit=0' })).statusCode).toBe(400);
    expect(calls).toBe(1);

    vi.setSystemTime(Date.now() + 61_000);
    expect((await server.inject({ url: '/trending/movies?limit=5' })).statusCode).toBe(200);
    expect(calls).toBe(2);
    expect(validated()).toBe(5);
  });

  it("is not answered with yesterday's upcoming list", async () => {
    let day = '2026-11-23';
    let calls = 0;
    const { server, validated } = await counted({
      ...service,
      today: () => day,
      upcoming: async () => {
        calls++;
        return [{ ...leaky, title: `Glass Harbor ${day}` }];
      },
    } as unknown as CatalogService);
    await server.inject({ url: '/upcoming/movies' });
    await server.inject({ url: '/upcoming/movies' });
    expect([calls, validated()]).toEqual([1, 2]);
    day = '2026-11-24';
    const next = await server.inject({ url: '/upcoming/movies' });
    expect(next.json()[0].title).toBe('Glass Harbor 2026-11-24');
    expect([calls, validated()]).toEqual([2, 3]);
  });

  it('is never answered from the cache when the answer was an error', async () => {
    let found = false;
    const { server, validated } = await counted({
      ...service,
      bySlug: async () => {
        if (!found) throw mediaNotFound();
        return { ...leaky, regional_dates: null, watch: null, follow: [] };
      },
    } as unknown as CatalogService);
    expect((await server.inject({ url: '/media/slug/movies/glass-harbor' })).statusCode).toBe(404);
    found = true;
    expect((await server.inject({ url: '/media/slug/movies/glass-harbor' })).statusCode).toBe(200);
    expect(validated()).toBe(2);
  });
});
