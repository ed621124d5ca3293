import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, clearCatalog, insertItems } from '../../../test/helpers';
import { mediaItems } from '../../db/schema';

const NOW = new Date('2026-06-15T12:00:00Z');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: NOW });
});
afterAll(() => app.close());
beforeEach(() => clearCatalog(app));

const titles = (body: { title: string }[]) => body.map((i) => i.title);

describe('GET /trending/:mediaType', () => {
  it('lists the media type by popularity, most popular first', async () => {
    await insertItems(app, [
      buildItem({ title: 'Quiet', popularity: 5 }),
      buildItem({ title: 'Loud', popularity: 90 }),
      buildItem({ title: 'Middling', popularity: 40 }),
      buildItem({ title: 'A Book', mediaType: 'books', popularity: 99 }),
    ]);
    const res = await app.inject({ url: '/trending/movies' });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['Loud', 'Middling', 'Quiet']);
  });

  it('rejects an unknown media type with a 400 naming the allowed values', async () => {
    const res = await app.inject({ url: '/trending/podcasts' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { field: 'mediaType', message: 'must be one of: tv_seasons, movies, books' },
    ]);
    expect(body.error.message).toContain('mediaType');
  });

  it('honours limit and rejects a bad one', async () => {
    await insertItems(app, [buildItem(), buildItem(), buildItem()]);
    expect((await app.inject({ url: '/trending/movies?limit=2' })).json()).toHaveLength(2);
    const bad = await app.inject({ url: '/trending/movies?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('limit');
  });
});

describe('GET /upcoming/:mediaType', () => {
  it('orders by release date ascending, leaves out released items, and puts undated items last', async () => {
    await insertItems(app, [
      buildItem({ title: 'Undated', popularity: 80 }),
      buildItem({ title: 'Later', releaseDate: '2026-09-01', releaseDatePrecision: 'day' }),
      buildItem({ title: 'Released', releaseDate: '2026-06-14', releaseDatePrecision: 'day' }),
      buildItem({ title: 'Today', releaseDate: '2026-06-15', releaseDatePrecision: 'day' }),
      buildItem({ title: 'Soon', releaseDate: '2026-06-16', releaseDatePrecision: 'day' }),
      buildItem({ title: 'This Month', releaseDate: '2026-06-01', releaseDatePrecision: 'month' }),
      buildItem({ title: 'Last Month', releaseDate: '2026-05-01', releaseDatePrecision: 'month' }),
      buildItem({ title: 'Next Year', releaseDate: '2027-01-01', releaseDatePrecision: 'year' }),
    ]);
    const res = await app.inject({ url: '/upcoming/movies' });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['This Month', 'Today', 'Soon', 'Later', 'Next Year', 'Undated']);
  });

  it('keeps a year date upcoming until its year is over, and a month date until its month is over', async () => {
    // Today is 2026-06-15: "2026" is still to come (its year is not over); "2025" and "May 2026" are out.
    await insertItems(app, [
      buildItem({ title: 'This Year', releaseDate: '2026-01-01', releaseDatePrecision: 'year' }),
      buildItem({ title: 'Last Year', releaseDate: '2025-01-01', releaseDatePrecision: 'year' }),
      buildItem({ title: 'This Month', releaseDate: '2026-06-01', releaseDatePrecision: 'month' }),
      buildItem({ title: 'Last Month', releaseDate: '2026-05-01', releaseDatePrecision: 'month' }),
      buildItem({ title: 'Early This Year', releaseDate: '2026-01-01', releaseDatePrecision: 'day' }),
    ]);
    const res = await app.inject({ url: '/upcoming/movies' });
    expect(titles(res.json())).toEqual(['This Year', 'This Month']);
  });

  it('returns dates as plain calendar dates with their precision', async () => {
    await insertItems(app, [buildItem({ releaseDate: '2026-08-01', releaseDatePrecision: 'month' })]);
    const [item] = (await app.inject({ url: '/upcoming/movies' })).json();
    expect(item.release_date).toBe('2026-08-01');
    expect(item.release_date_precision).toBe('month');
  });
});

describe('GET /media/featured/:mediaType', () => {
  it('picks the most popular upcoming item that has a poster', async () => {
    await insertItems(app, [
      buildItem({
        title: 'Popular but out',
        popularity: 99,
        image: '/p.svg',
        releaseDate: '2026-01-01',
        releaseDatePrecision: 'day',
      }),
      buildItem({
        title: 'No poster',
        popularity: 95,
        releaseDate: '2026-07-01',
        releaseDatePrecision: 'day',
      }),
      buildItem({
        title: 'Featured',
        popularity: 70,
        image: '/f.svg',
        releaseDate: '2026-07-01',
        releaseDatePrecision: 'day',
      }),
      buildItem({
        title: 'Less popular',
        popularity: 20,
        image: '/l.svg',
        releaseDate: '2026-07-02',
        releaseDatePrecision: 'day',
      }),
    ]);
    const res = await app.inject({ url: '/media/featured/movies' });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Featured');
  });

  it('answers 404 when the media type has no items', async () => {
    const res = await app.inject({ url: '/media/featured/books' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'MEDIA_NOT_FOUND', message: 'Media not found.' } });
  });
});

describe('GET /media/slug/:mediaType/:slug', () => {
  it('returns the item with every field of the spec', async () => {
    await insertItems(app, [
      buildItem({
        mediaType: 'books',
        title: 'The Glass Orchard',
        author: 'Mira Holt',
        creator: 'Mira Holt',
        creatorLabel: 'Author',
        series: 'Orchard Years',
        seriesNumber: 1,
        genres: ['Fantasy'],
        language: 'fr',
        hypeMeterPercentage: 64,
        releaseDate: '2026-07-04',
        releaseDatePrecision: 'day',
      }),
    ]);
    const res = await app.inject({ url: '/media/slug/books/the-glass-orchard' });
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      media_type: 'books',
      title: 'The Glass Orchard',
      slug: 'the-glass-orchard',
      author: 'Mira Holt',
      creator: 'Mira Holt',
      creator_label: 'Author',
      series: 'Orchard Years',
      language: 'fr',
      genres: ['Fantasy'],
      hype_meter_percentage: 64,
      release_date: '2026-07-04',
      director: null,
      network_name: null,
    });
    expect(item._id).toBe(item.item_id);
    expect(item.id).toBe(item.item_id);
  });

  it('gives items with no hype figure the default of 25', async () => {
    await insertItems(app, [buildItem({ title: 'Unknown Hype' })]);
    const res = await app.inject({ url: '/media/slug/movies/unknown-hype' });
    expect(res.json().hype_meter_percentage).toBe(25);
  });

  it('answers 404 "Media not found." for an unknown slug or the wrong media type', async () => {
    await insertItems(app, [buildItem({ title: 'Only A Movie' })]);
    for (const url of ['/media/slug/movies/nope', '/media/slug/books/only-a-movie']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Media not found.');
    }
  });

  it('keeps slugs unique when titles repeat', async () => {
    await insertItems(app, [
      buildItem({ title: 'Echo', releaseDate: '2026-08-01', releaseDatePrecision: 'day' }),
      buildItem({ title: 'Echo', releaseDate: '2027-08-01', releaseDatePrecision: 'day' }),
    ]);
    await insertItems(app, [
      buildItem({ title: 'Echo', releaseDate: '2027-03-01', releaseDatePrecision: 'day' }),
    ]);
    const slugs = (await app.inject({ url: '/trending/movies' })).json().map((i: { slug: string }) => i.slug);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs).toContain('echo');
    expect(slugs).toContain('echo-2027');
  });

  it('gives readable slugs to titles in any script, which open the item', async () => {
    await insertItems(app, [
      buildItem({ title: 'Amélie & Moi' }),
      buildItem({ title: '千と千尋のどこか' }),
      buildItem({ title: '기생충의 밤' }),
      buildItem({ title: 'आसमान के सौदागर' }),
      buildItem({ title: '!!!' }),
    ]);
    const items = (await app.inject({ url: '/trending/movies' })).json() as { title: string; slug: string }[];
    const slugOf = (title: string) => items.find((i) => i.title === title)?.slug;
    expect(slugOf('Amélie & Moi')).toBe('amelie-and-moi');
    expect(slugOf('千と千尋のどこか')).toBe('千と千尋のどこか');
    expect(slugOf('기생충의 밤')).toBe('기생충의-밤');
    expect(slugOf('आसमान के सौदागर')).toBe('आसमान-के-सौदागर');
    expect(slugOf('!!!')).toBe('item');
    const res = await app.inject({ url: `/media/slug/movies/${encodeURIComponent('기생충의-밤')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('기생충의 밤');
  });
});

describe('GET /media/recommendations/:mediaType/:itemId', () => {
  it('returns related items by series, creator and genre, best first, never the item itself', async () => {
    const base = buildItem({ title: 'Base', series: 'Saga', creator: 'Ann', genres: ['Drama', 'War'] });
    await insertItems(app, [
      base,
      buildItem({ title: 'Same genre', genres: ['Drama'], popularity: 90 }),
      buildItem({ title: 'Same creator', creator: 'Ann', popularity: 5 }),
      buildItem({ title: 'Same series', series: 'Saga', popularity: 1 }),
      buildItem({ title: 'Two genres', genres: ['War', 'Drama'], popularity: 2 }),
      buildItem({ title: 'Unrelated', genres: ['Comedy'], popularity: 99 }),
      buildItem({ title: 'Other type', mediaType: 'books', series: 'Saga' }),
    ]);
    const item = (await app.inject({ url: '/media/slug/movies/base' })).json();
    const res = await app.inject({ url: `/media/recommendations/movies/${item.item_id}` });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['Same series', 'Same creator', 'Two genres', 'Same genre']);
  });

  it('rejects a malformed id and answers 404 for an unknown one', async () => {
    expect((await app.inject({ url: '/media/recommendations/movies/abc' })).statusCode).toBe(400);
    const res = await app.inject({
      url: '/media/recommendations/movies/6f1c1f0e-3d5b-4b8e-9d4e-1a2b3c4d5e6f',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the catalog response cache', () => {
  let cachedApp: FastifyInstance;
  beforeAll(async () => {
    cachedApp = await buildTestApp({ now: NOW, env: { CATALOG_CACHE_SECONDS: '30' } });
  });
  afterAll(() => cachedApp.close());

  it('answers a repeated read with the same JSON, headers and shape as a fresh one', async () => {
    await insertItems(cachedApp, [
      buildItem({ title: 'Cached Item', releaseDate: '2026-07-01', releaseDatePrecision: 'day' }),
    ]);
    for (const url of ['/trending/movies', '/upcoming/movies', '/media/featured/movies']) {
      const first = await cachedApp.inject({ url });
      const second = await cachedApp.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers['cache-control']).toContain('max-age=60');
      expect(second.headers['content-security-policy']).toBeDefined();
    }
    const plain = await cachedApp.inject({ url: '/upcoming/movies' });
    const zipped = await cachedApp.inject({
      url: '/upcoming/movies',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const refused = await cachedApp.inject({
      url: '/upcoming/movies',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const slug = (await cachedApp.inject({ url: '/trending/movies' })).json()[0].slug;
    const item = await cachedApp.inject({ url: `/media/slug/movies/${slug}` });
    expect(item.json()).toMatchObject({ title: 'Cached Item', hype_meter_percentage: 25 });
  });

  it('sends titles outside ASCII intact, with the byte length as content-length', async () => {
    const title = 'Naïve Ōkami: 東京の夜 — Été';
    await insertItems(cachedApp, [
      buildItem({ title, mediaType: 'books', releaseDate: '2026-08-01', releaseDatePrecision: 'day' }),
    ]);
    for (let i = 0; i < 2; i++) {
      const res = await cachedApp.inject({ url: '/upcoming/books' });
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.json().map((item: { title: string }) => item.title)).toContain(title);
    }
  });

  it('keeps no "not found": an item added afterwards is found at once', async () => {
    const url = '/media/slug/books/arrives-later';
    expect((await cachedApp.inject({ url })).statusCode).toBe(404);
    await insertItems(cachedApp, [buildItem({ title: 'Arrives Later', mediaType: 'books' })]);
    const res = await cachedApp.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Arrives Later');
  });
});

describe('an item refreshed by its provider', () => {
  it('keeps its updated_at when only its popularity moved, and moves it when what visitors see changed', async () => {
    const item = buildItem({
      title: 'Steady',
      popularity: 10,
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'day',
    });
    await insertItems(app, [item]);
    const updatedAt = async () =>
      (await app.database.db.select().from(mediaItems).where(eq(mediaItems.providerId, item.providerId)))[0]
        ?.updatedAt;
    await app.database.db
      .update(mediaItems)
      .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(mediaItems.providerId, item.providerId));

    await insertItems(app, [{ ...item, popularity: 55 }]);
    expect(await updatedAt()).toEqual(new Date('2026-01-01T00:00:00Z'));
    await insertItems(app, [{ ...item, popularity: 55, releaseDate: '2027-02-01' }]);
    expect((await updatedAt())!.getTime()).toBeGreaterThan(new Date('2026-01-02T00:00:00Z').getTime());
  });
});
