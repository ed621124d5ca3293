import { gunzipSync } from 'node:zlib';
import type { MediaItem } from '@releasebell/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogRoutes } from './routes';
import type { CatalogService } from './service';

const item: MediaItem = {
  _id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  item_id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  media_type: 'movies',
  title: 'Glass Harbor',
  slug: 'glass-harbor',
  image: null,
  description: '',
  author: null,
  director: 'Mara Quill',
  network_name: null,
  series: null,
  series_number: null,
  creator: 'Mara Quill',
  creator_label: 'Director',
  release_date: '2027-03-14',
  release_date_precision: 'day',
  language: 'en',
  genres: ['Drama'],
  hype_meter_percentage: 40,
  popularity: 10,
};

// What a service might carry beside the answer: internal fields that must never reach a client.
const leaky = { ...item, provider_id: 'synthetic:42', search_text: 'glass harbor mara quill' };

const service = {
  today: () => '2026-11-23',
  trending: async () => [leaky],
  upcoming: async () => [leaky],
  featured: async () => leaky,
  bySlug: async () => ({ ...leaky, regional_dates: null }),
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
    ['/media/slug/movies/glass-harbor', { ...item, regional_dates: null }],
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
