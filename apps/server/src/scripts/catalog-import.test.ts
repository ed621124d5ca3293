import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { startIsbndbFake } from '../../test/isbndb-fake';
import { startTmdbFake } from '../../test/tmdb-fake';
import { loadConfig } from '../config';
import { createCatalogRepository } from '../modules/catalog/repository';
import { createIsbndbClient, createIsbndbProvider } from '../providers/isbndb/isbndb-provider';
import { createTmdbClient, createTmdbProvider } from '../providers/tmdb/tmdb-provider';
import { parseImportIds, runImport } from './catalog-import';

describe('catalog:import', () => {
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    tmdb = await startTmdbFake();
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
  });

  it('reads title ids, refusing what it cannot import yet with a clear message', () => {
    expect(
      parseImportIds(['tmdb:movie:603', 'tmdb:tv:1399:2', 'isbn:978-0-441-17271-9', 'isbn:044117271x']),
    ).toEqual({
      movies: [603],
      seasons: [{ series: 1399, season: 2 }],
      isbns: ['9780441172719', '044117271X'],
    });
    expect(() => parseImportIds(['isbn:12345'])).toThrow('"isbn:12345" is not a title id');
    expect(() => parseImportIds(['603'])).toThrow(
      '"603" is not a title id: use tmdb:movie:{id}, tmdb:tv:{id}:{season} or isbn:{ISBN}',
    );
    expect(() => parseImportIds([])).toThrow('name at least one title');
  });

  it('imports movies by id and says what it added, then what changed', async () => {
    // The configuration as an operator writes it, pointed at the stand-in.
    const config = loadConfig({ TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url, TMDB_REGION: 'us' });
    const settings = config.tmdb!;
    const [first, second] = tmdb.data.seeded.movies.upcoming as [number, number];
    const repo = createCatalogRepository(app.database.db);
    const run = async () => {
      const lines: string[] = [];
      const provider = createTmdbProvider(createTmdbClient(settings), settings, {
        movies: [first, second],
      });
      const summary = await runImport(repo, provider, (l) => lines.push(l));
      return { lines, summary };
    };
    const added = await run();
    expect(added.summary).toEqual({ added: 2, updated: 0, dateChanges: 0 });
    expect(added.lines[0]).toMatch(/^added {3}movies\/[a-z0-9-]+ {2}.+ \(\d{4}-\d{2}-\d{2}\)$/);

    tmdb.data.setUsTheatricalDate(first, '2027-12-24');
    const again = await run();
    expect(again.summary).toEqual({ added: 0, updated: 2, dateChanges: 1 });
    expect(again.lines[0]).toMatch(
      /^changed movies\/.+ \(release date moved: \d{4}-\d{2}-\d{2} -> 2027-12-24\)$/,
    );
    expect(again.lines[1]).toMatch(/^updated movies\//);

    // An id TMDB does not know is reported; the others still come.
    const missing: string[] = [];
    const provider = createTmdbProvider(createTmdbClient(settings), settings, {
      movies: [99_999_999, second],
      onMissing: (id) => missing.push(id),
    });
    const lines: string[] = [];
    expect(await runImport(repo, provider, (l) => lines.push(l))).toEqual({
      added: 0,
      updated: 1,
      dateChanges: 0,
    });
    expect(missing).toEqual(['tmdb:movie:99999999']);
  });

  it('imports a named TV season, and reports one TMDB does not have', async () => {
    const series = tmdb.data.seeded.series.futureSeason[0]!;
    const config = loadConfig({ TMDB_API_KEY: tmdb.apiKey, TMDB_API_URL: tmdb.url });
    const settings = config.tmdb!;
    const missing: string[] = [];
    const provider = createTmdbProvider(createTmdbClient(settings), settings, {
      seasons: [
        { series, season: 1 },
        { series, season: 99 },
      ],
      onMissing: (id) => missing.push(id),
    });
    const lines: string[] = [];
    const summary = await runImport(createCatalogRepository(app.database.db), provider, (l) => lines.push(l));
    expect(summary.added).toBe(1);
    expect(lines[0]).toMatch(/^added {3}tv_seasons\/[a-z0-9-]+-season-1 {2}.+: Season 1 \(/);
    expect(missing).toEqual([`tmdb:tv:${series}:99`]);
  });
});

describe('catalog:import of books', () => {
  it('imports a book by ISBN as one work with all its editions, and reports an unknown ISBN', async () => {
    const isbndb = await startIsbndbFake({ rateLimit: null });
    const app = await buildTestApp();
    try {
      const config = loadConfig({
        ISBNDB_API_KEY: isbndb.apiKey,
        ISBNDB_API_URL: isbndb.url,
        ISBNDB_REQUESTS_PER_SECOND: '100',
      });
      const settings = config.isbndb!;
      const work = isbndb.data.books.find((b) => isbndb.data.editionsOf(b.title, b.authors?.[0]).length > 1)!;
      const editions = isbndb.data.editionsOf(work.title, work.authors?.[0]);
      const missing: string[] = [];
      const lines: string[] = [];
      const repo = createCatalogRepository(app.database.db);
      const importIsbns = (isbns: string[]) =>
        runImport(
          repo,
          createIsbndbProvider(createIsbndbClient(settings), {
            isbns,
            imageBaseUrl: config.imageProxy.upstreams.isbndb,
            onMissing: (id) => missing.push(id),
          }),
          (l) => lines.push(l),
        );
      expect(await importIsbns([editions[0]!.isbn13, '9799999999990'])).toEqual({
        added: 1,
        updated: 0,
        dateChanges: 0,
      });
      expect(lines[0]).toMatch(/^added {3}books\/[a-z0-9-]+ {2}/);
      expect(missing).toEqual(['isbn:9799999999990']);
      // Another edition of the same work is the same title, not a second one.
      expect(await importIsbns([editions[1]!.isbn13])).toMatchObject({ added: 0, updated: 1 });

      // The sync's books: those published in a year, folded into works (editions are one title).
      const year = editions[0]!.date_published!.slice(0, 4);
      const inYear = isbndb.data.books.filter((b) => b.date_published?.startsWith(year));
      const works = new Set(inYear.map((b) => `${b.title}|${b.authors?.[0] ?? ''}`));
      const sync = createIsbndbProvider(createIsbndbClient(settings), {
        years: [year],
        imageBaseUrl: config.imageProxy.upstreams.isbndb,
      });
      const synced = await runImport(repo, sync, () => {});
      expect(synced.added + synced.updated).toBe(works.size);
      // All editions were folded in, whatever their year: importing one again moves no date.
      const again = await importIsbns(inYear.map((b) => b.isbn13));
      expect(again.dateChanges).toBe(0);
    } finally {
      await app.close();
      await isbndb.close();
    }
  });
});
