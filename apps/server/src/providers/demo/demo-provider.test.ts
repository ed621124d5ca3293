import { MEDIA_TYPES, posterByline } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { createAppState } from '../../db/app-state';
import { releaseEvents } from '../../db/schema';
import { translate } from '../../infra/i18n';
import { seedDemoCatalog } from '../../modules/catalog/demo-seed';
import { ingest } from '../../modules/catalog/ingestion';
import { createCatalogRepository } from '../../modules/catalog/repository';
import { createDemoProvider, loadDemoRecords, resolveRelease } from './demo-provider';

describe('resolveRelease', () => {
  it('turns offsets into dates relative to the seeding day', () => {
    expect(resolveRelease({ offsetDays: 1 }, '2026-12-31')).toEqual({
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'day',
    });
    expect(resolveRelease({ offsetDays: -3 }, '2026-03-01')).toEqual({
      releaseDate: '2026-02-26',
      releaseDatePrecision: 'day',
    });
    expect(resolveRelease({ offsetMonths: 2, precision: 'month' }, '2026-11-22')).toEqual({
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'month',
    });
    expect(resolveRelease({ offsetYears: 1, precision: 'year' }, '2026-11-22')).toEqual({
      releaseDate: '2027-01-01',
      releaseDatePrecision: 'year',
    });
    expect(resolveRelease(null, '2026-11-22')).toEqual({ releaseDate: null, releaseDatePrecision: null });
  });
});

describe('the bundled demo catalog', () => {
  it('has what the demo needs for every media type', async () => {
    for (const type of MEDIA_TYPES) {
      const records = await loadDemoRecords(type);
      expect(records.length, type).toBeGreaterThanOrEqual(100);
      const releases = records.map((r) => r.release);
      expect(
        releases.some((r) => r && 'offsetDays' in r && r.offsetDays < 0),
        `${type} released`,
      ).toBe(true);
      expect(
        releases.some((r) => r && 'offsetDays' in r && r.offsetDays === 1),
        `${type} within hours`,
      ).toBe(true);
      expect(
        releases.some((r) => r && 'offsetMonths' in r),
        `${type} month only`,
      ).toBe(true);
      expect(
        releases.some((r) => r && 'offsetYears' in r),
        `${type} year only`,
      ).toBe(true);
      expect(
        releases.some((r) => r === null),
        `${type} undated`,
      ).toBe(true);
      expect(
        records.some((r) => r.language !== 'en'),
        `${type} non-English`,
      ).toBe(true);
      expect(
        records.some((r) => r.description.length > 300),
        `${type} long description`,
      ).toBe(true);
      expect(
        records.some((r) => !r.poster),
        `${type} without image`,
      ).toBe(true);
      expect(new Set(records.map((r) => r.key)).size).toBe(records.length);
    }
    const books = await loadDemoRecords('books');
    expect(books.every((b) => b.author)).toBe(true);
    expect(books.some((b) => b.series)).toBe(true);
    expect((await loadDemoRecords('movies')).every((m) => m.director)).toBe(true);
    expect((await loadDemoRecords('tv_seasons')).every((t) => t.network && t.show)).toBe(true);
  });
});

describe('seeding the demo catalog', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The lists' "today" is the second seeding day, whatever day the test runs on.
    app = await buildTestApp({ now: new Date('2026-11-23T12:00:00Z') });
  });
  afterAll(() => app.close());

  it('keeps the dates of its first seeding at every later start: a restart moves no date', async () => {
    const separate = await buildTestApp({ now: new Date('2026-11-22T12:00:00Z') });
    try {
      const repo = createCatalogRepository(separate.database.db);
      const state = createAppState(separate.database.db);
      const log = separate.log;
      const first = await seedDemoCatalog(repo, state, () => new Date('2026-11-22T08:00:00Z'), log);
      const before = (await separate.inject({ url: '/upcoming/movies?limit=100' })).json();
      // Started again four days later: the same titles, the same dates, no release event.
      const again = await seedDemoCatalog(repo, state, () => new Date('2026-11-26T08:00:00Z'), log);
      expect(again).toMatchObject({ inserted: 0, updated: first.received, dateChanges: 0 });
      expect(await separate.database.db.select().from(releaseEvents)).toEqual([]);
      const after = (await separate.inject({ url: '/upcoming/movies?limit=100' })).json() as {
        release_date: string | null;
      }[];
      expect(after.map((i) => i.release_date)).toEqual(
        (before as { release_date: string | null }[]).map((i) => i.release_date),
      );
      expect(after.some((i) => i.release_date === '2026-11-23')).toBe(true);
    } finally {
      await separate.close();
    }
  });

  it('goes through the pipeline and adds nothing twice when run again', async () => {
    const repo = createCatalogRepository(app.database.db);
    const first = await ingest(repo, createDemoProvider({ today: '2026-11-22' }));
    expect(first.inserted).toBeGreaterThanOrEqual(300);
    const count = await repo.count();
    const second = await ingest(repo, createDemoProvider({ today: '2026-11-23' }));
    expect(second.inserted).toBe(0);
    expect(second.updated).toBe(first.received);
    expect(await repo.count()).toBe(count);

    // Dates move with the seeding day; slugs stay put.
    const tomorrow = await app.inject({ url: '/upcoming/movies?limit=100' });
    const items = tomorrow.json() as { release_date: string | null; slug: string; image: string | null }[];
    expect(items.some((i) => i.release_date === '2026-11-24')).toBe(true);
    expect(items.filter((i) => i.image).every((i) => i.image?.startsWith('/demo-posters/movies/'))).toBe(
      true,
    );
  });

  it('serves a poster for every demo item that has one', async () => {
    const items = (await app.inject({ url: '/trending/books?limit=3' })).json() as { image: string | null }[];
    const withImage = items.find((i) => i.image);
    const res = await app.inject({ url: withImage?.image ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    // Release emails embed it, so other origins (webmail) may load it.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('<svg');
    expect((await app.inject({ url: '/demo-posters/books/bk-999.svg' })).statusCode).toBe(404);
  });

  it("writes a poster's byline in the visitor's language, US English by default", async () => {
    const english = await app.inject({ url: '/demo-posters/movies/mv-001.svg' });
    expect(english.body).toContain('>Directed by Dalia Vantreese</text>');
    expect(english.headers.vary).toBe('Accept-Language, Cookie');
    const german = await app.inject({
      url: '/demo-posters/movies/mv-001.svg',
      headers: { 'accept-language': 'de-DE' },
    });
    const byline = posterByline((descriptor, values) => translate('de', descriptor, values), {
      media_type: 'movies',
      author: null,
      director: 'Dalia Vantreese',
      network_name: null,
    });
    expect(german.body).toContain(`>${byline}</text>`);
  });
});
