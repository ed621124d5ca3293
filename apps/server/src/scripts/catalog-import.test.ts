import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { startTmdbFake } from '../../test/tmdb-fake';
import { loadConfig } from '../config';
import { createCatalogRepository } from '../modules/catalog/repository';
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
    expect(parseImportIds(['tmdb:movie:603', 'tmdb:tv:1399:2'])).toEqual({
      movies: [603],
      seasons: [{ series: 1399, season: 2 }],
    });
    expect(() => parseImportIds(['isbn:9780441172719'])).toThrow('books are not imported yet');
    expect(() => parseImportIds(['603'])).toThrow(
      '"603" is not a title id: use tmdb:movie:{id} or tmdb:tv:{id}:{season}',
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
