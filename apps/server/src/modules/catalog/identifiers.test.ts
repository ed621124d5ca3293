import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { loadDemoRecords } from '../../providers/demo/demo-provider';
import { workId } from '../../providers/isbndb/works';
import { createCatalogRepository } from './repository';

describe('the names other services give a title', () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  const repo = () => createCatalogRepository(app.database.db);

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    isbndb = await startIsbndbFake({ rateLimit: null });
    app = await buildTestApp({
      seedDemo: true,
      env: {
        TMDB_API_TOKEN: tmdb.token,
        TMDB_API_URL: tmdb.url,
        ISBNDB_API_KEY: isbndb.apiKey,
        ISBNDB_API_URL: isbndb.url,
        ISBNDB_REQUESTS_PER_SECOND: '100',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([tmdb.close(), isbndb.close()]);
  });

  it('knows a demo book by its ISBN-13', async () => {
    const [book] = (await loadDemoRecords('books')).filter((b) => b.isbn13);
    const found = await repo().byIdentifier('isbn13', [book!.isbn13!, '9780000000002']);
    expect([...found.keys()]).toEqual([book!.isbn13]);
    expect(found.get(book!.isbn13!)?.map((i) => i.title)).toEqual([book!.title]);
  });

  it("knows a TMDB movie by its IMDb id, and every season of a series by the series' id", async () => {
    const movieId = tmdb.data.seeded.movies.upcoming[0]!;
    const movie = tmdb.data.movie(movieId);
    const [series] = [...tmdb.data.series.values()].filter((s) => s.seasons.length >= 2);
    const seasons = series!.seasons.filter((s) => s.season_number >= 1).map((s) => s.season_number);
    await app.catalogSync.refresh([
      { providerId: `tmdb:movie:${movieId}`, title: '' },
      ...seasons.map((n) => ({ providerId: `tmdb:tv:${series!.id}:${n}`, title: '' })),
    ]);
    const byMovie = await repo().byIdentifier('imdb', [movie.imdb_id!]);
    expect(byMovie.get(movie.imdb_id!)?.map((i) => i.providerId)).toEqual([`tmdb:movie:${movieId}`]);
    const bySeries = await repo().byIdentifier('imdb', [series!.imdb_id!]);
    expect(
      bySeries
        .get(series!.imdb_id!)
        ?.map((i) => i.providerId)
        .sort(),
    ).toEqual(seasons.map((n) => `tmdb:tv:${series!.id}:${n}`).sort());
  });

  it('knows an ISBNdb work by the ISBN-13 of each of its editions', async () => {
    const work = isbndb.data.books.find((b) => isbndb.data.editionsOf(b.title, b.authors?.[0]).length > 1)!;
    const editions = isbndb.data.editionsOf(work.title, work.authors?.[0]);
    await app.catalogSync.refresh([{ providerId: workId(work as never), title: work.title }]);
    const found = await repo().byIdentifier(
      'isbn13',
      editions.map((e) => e.isbn13),
    );
    expect(found.size).toBe(editions.length);
    for (const edition of editions)
      expect(found.get(edition.isbn13)?.map((i) => i.providerId)).toEqual([workId(work as never)]);
  });
});
