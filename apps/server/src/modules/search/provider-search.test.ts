import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem } from '../../../test/helpers';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { startTmdbFake } from '../../../test/tmdb-fake';

describe('live search from the providers', () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  beforeAll(async () => {
    tmdb = await startTmdbFake();
    isbndb = await startIsbndbFake({ rateLimit: null });
    app = await buildTestApp({
      env: {
        TMDB_API_TOKEN: tmdb.token,
        TMDB_API_URL: tmdb.url,
        ISBNDB_API_KEY: isbndb.apiKey,
        ISBNDB_API_URL: isbndb.url,
        ISBNDB_REQUESTS_PER_SECOND: '100',
        // Answers kept as in production: a kept answer must not hide what a provider search imported.
        CATALOG_CACHE_SECONDS: '60',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
    await isbndb.close();
  });
  const local = async (q: string) =>
    (await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as {
      title: string;
      slug: string;
    }[];
  const providers = (q: string, type = 'all') =>
    app.inject({ url: `/api/search/providers?q=${encodeURIComponent(q)}&type=${type}` });

  it('finds a title only TMDB knows, imports it, and the catalog has it from then on', async () => {
    const movie = tmdb.data.addMovie({
      title: 'The Lantern Keeper',
      usTheatrical: '2027-05-14',
      popularity: 80,
    });
    // Asked twice, so that the empty answer is kept (from its second ask).
    expect(await local('lantern keep')).toEqual([]);
    expect(await local('lantern keep')).toEqual([]);

    const res = await providers('lantern keep');
    expect(res.statusCode).toBe(200);
    const found = res.json() as { title: string; slug: string; media_type: string; release_date: string }[];
    expect(found[0]).toMatchObject({
      title: 'The Lantern Keeper',
      media_type: 'movies',
      release_date: '2027-05-14',
    });
    // Opened like any title, and found locally from now on.
    expect((await app.inject({ url: `/media/slug/movies/${found[0]!.slug}` })).statusCode).toBe(200);
    expect((await local('lantern keep')).map((i) => i.title)).toEqual(['The Lantern Keeper']);
    expect(tmdb.requests.some((r) => r.path === `/3/movie/${movie.id}`)).toBe(true);
  });

  it('finds books at ISBNdb, one item per work', async () => {
    const res = await providers('salt orchard', 'books');
    const found = res.json() as { title: string; media_type: string }[];
    expect(found.map((i) => i.title)).toEqual(['The Salt Orchard']);
    expect(found[0]?.media_type).toBe('books');
  });

  it('asks nobody when the catalog has enough matches, or the query is short', async () => {
    for (let i = 0; i < 4; i++) await insertItem(app, { title: `Copper Moon ${i}` });
    const asked = tmdb.requests.length;
    expect((await providers('copper moon')).json()).toEqual([]);
    expect((await providers('co')).json()).toEqual([]);
    expect(tmdb.requests.length).toBe(asked);
  });

  it('asks the providers once per query for a while (cached)', async () => {
    tmdb.data.addMovie({ title: 'Quietwater', usTheatrical: '2027-08-01', popularity: 50 });
    await providers('quietwat');
    const asked = tmdb.requests.length;
    expect((await providers('quietwat')).json()).toHaveLength(1);
    expect(tmdb.requests.length).toBe(asked);
  });

  it('answers without a provider that does not answer, and names a bad type', async () => {
    tmdb.failNext(1, 'hang');
    const res = await providers('nothing anywhere at all', 'movies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const bad = await providers('dune', 'films');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('type');
  });
});
