import { englishOf, VALIDATION_MESSAGES } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem } from '../../../test/helpers';
import { createCatalogRepository } from './repository';
import { createCatalogService } from './service';

describe('GET /media/slug/{mediaType}/{slug}?region=', () => {
  let app: FastifyInstance;
  const get = (path: string) => app.inject({ url: path });

  beforeAll(async () => {
    // A cache, as in production: each region must get its own answer from it.
    app = await buildTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });
    await insertItem(app, {
      mediaType: 'movies',
      title: 'Glass Harbor',
      // The server's default region's (US) date, as the TMDB import stores it.
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
      releaseDates: [
        { country: 'US', type: 3, date: '2027-03-14' },
        { country: 'US', type: 4, date: '2027-05-02' },
        { country: 'GB', type: 1, date: '2027-02-01' },
        { country: 'GB', type: 3, date: '2027-03-20' },
        { country: 'GB', type: 2, date: '2027-03-27' },
        { country: 'GB', type: 5, date: '2027-07-01' },
        { country: 'GB', type: 5, date: '2027-08-01' },
        { country: 'FR', type: 4, date: '2027-06-01' },
        { country: 'DE', type: 1, date: '2027-02-10' },
      ],
    });
    await insertItem(app, {
      mediaType: 'movies',
      title: 'Someday Movie',
      releaseDate: '2027-03-01',
      releaseDatePrecision: 'month',
    });
    await insertItem(app, {
      mediaType: 'books',
      title: 'Salt Map',
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'year',
    });
  });
  afterAll(() => app.close());

  it("gives GB the GB theatrical date and lists GB's typed dates", async () => {
    const res = await get('/media/slug/movies/glass-harbor?region=GB');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      release_date: '2027-03-20',
      release_date_precision: 'day',
      // Theatrical: the earliest cinema release, wide or limited; the premiere is none of the three.
      regional_dates: { region: 'GB', theatrical: '2027-03-20', digital: null, physical: '2027-07-01' },
    });
    // Either case is taken.
    expect((await get('/media/slug/movies/glass-harbor?region=gb')).json().regional_dates.region).toBe('GB');
  });

  it('gives a region with only a digital date that date', async () => {
    const res = await get('/media/slug/movies/glass-harbor?region=FR');
    expect(res.json()).toMatchObject({
      release_date: '2027-06-01',
      release_date_precision: 'day',
      regional_dates: { region: 'FR', theatrical: null, digital: '2027-06-01', physical: null },
    });
  });

  it("gives the default region's date without a region, and the stored date to a region TMDB lists nothing for", async () => {
    expect((await get('/media/slug/movies/glass-harbor')).json()).toMatchObject({
      release_date: '2027-03-14',
      regional_dates: { region: 'US', theatrical: '2027-03-14', digital: '2027-05-02', physical: null },
    });
    expect((await get('/media/slug/movies/glass-harbor?region=JP')).json()).toMatchObject({
      release_date: '2027-03-14',
      release_date_precision: 'day',
      regional_dates: null,
    });
    // Only a premiere there: it is the date that region sees, but none of the three kinds.
    expect((await get('/media/slug/movies/glass-harbor?region=DE')).json()).toMatchObject({
      release_date: '2027-02-10',
      regional_dates: null,
    });
  });

  it('keeps the precision of a stored date, and gives other media no regional dates', async () => {
    expect((await get('/media/slug/movies/someday-movie?region=GB')).json()).toMatchObject({
      release_date: '2027-03-01',
      release_date_precision: 'month',
      regional_dates: null,
    });
    expect((await get('/media/slug/books/salt-map?region=GB')).json()).toMatchObject({
      release_date: '2027-01-01',
      release_date_precision: 'year',
      regional_dates: null,
    });
  });

  it('refuses a malformed region with a 400 naming it', async () => {
    for (const region of ['GBR', 'G', '12', 'en-GB']) {
      const res = await get(`/media/slug/movies/glass-harbor?region=${region}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'region', message: englishOf(VALIDATION_MESSAGES.region) }],
      });
    }
  });

  it('answers by address only, so the shared cache headers stay right', async () => {
    const res = await get('/media/slug/movies/glass-harbor?region=GB');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe("the detail's default region", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("is TMDB_REGION's: the stored date stands for it, even where typed dates say otherwise", async () => {
    await insertItem(app, {
      mediaType: 'movies',
      title: 'Corrected Date',
      // e.g. an operator's correction of the GB date.
      releaseDate: '2027-04-04',
      releaseDatePrecision: 'day',
      releaseDates: [
        { country: 'GB', type: 3, date: '2027-03-20' },
        { country: 'US', type: 3, date: '2027-03-14' },
      ],
    });
    const service = createCatalogService(createCatalogRepository(app.database.db), undefined, {
      defaultRegion: 'GB',
    });
    expect(await service.bySlug('movies', 'corrected-date')).toMatchObject({
      release_date: '2027-04-04',
      regional_dates: { region: 'GB', theatrical: '2027-03-20' },
    });
    expect(await service.bySlug('movies', 'corrected-date', 'US')).toMatchObject({
      release_date: '2027-03-14',
    });
  });
});
