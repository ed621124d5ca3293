import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItem, insertItems } from '../../../test/helpers';
import { releaseEvents } from '../../db/schema';
import { correctReleaseDate, DateCorrectionError, parseDateSpec, parseItemRef } from './date-correction';
import { createCatalogRepository } from './repository';

describe('catalog:set-date arguments', () => {
  it('reads a day, a month, a year or tbd, with the precision kept', () => {
    expect(parseDateSpec('2027-03-14')).toEqual({ releaseDate: '2027-03-14', releaseDatePrecision: 'day' });
    expect(parseDateSpec('2027-03')).toEqual({ releaseDate: '2027-03-01', releaseDatePrecision: 'month' });
    expect(parseDateSpec('2027')).toEqual({ releaseDate: '2027-01-01', releaseDatePrecision: 'year' });
    expect(parseDateSpec('TBD')).toEqual({ releaseDate: null, releaseDatePrecision: null });
  });

  it('refuses dates that do not exist or are not dates, saying what it takes', () => {
    for (const bad of ['2027-02-30', '2027-13', '27-03-14', 'soon', '2027-3-4', '']) {
      expect(() => parseDateSpec(bad), bad).toThrow(DateCorrectionError);
    }
    expect(() => parseDateSpec('2027-02-30')).toThrow(
      /YYYY-MM-DD \(a day\), YYYY-MM \(a month\), YYYY \(a year\) or tbd/,
    );
  });

  it('names a title as {type}/{slug} (a page path works too)', () => {
    expect(parseItemRef('movies/dune-part-three')).toEqual({ mediaType: 'movies', slug: 'dune-part-three' });
    expect(parseItemRef('/media/tv_seasons/the-bear-season-4')).toEqual({
      mediaType: 'tv_seasons',
      slug: 'the-bear-season-4',
    });
    for (const bad of ['films/x', 'movies/', 'dune'])
      expect(() => parseItemRef(bad), bad).toThrow(DateCorrectionError);
  });
});

describe('correcting a date', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('goes through the pipeline: the item changes and an operator release event is recorded', async () => {
    const id = await insertItem(app, {
      title: 'Set Me',
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
    });
    const repo = createCatalogRepository(app.database.db);
    const at = new Date('2027-01-10T10:00:00Z');
    const result = await correctReleaseDate(
      repo,
      { mediaType: 'movies', slug: 'set-me' },
      parseDateSpec('2027-04'),
      at,
    );
    expect(result.change).toMatchObject({ kind: 'moved', newDate: '2027-04-01', newPrecision: 'month' });
    const item = (await app.inject({ url: '/media/slug/movies/set-me' })).json();
    expect(item).toMatchObject({
      release_date: '2027-04-01',
      release_date_precision: 'month',
      title: 'Set Me',
    });
    const events = await app.database.db.select().from(releaseEvents).where(eq(releaseEvents.itemId, id));
    expect(events.map((e) => [e.kind, e.source, e.occurredAt.toISOString()])).toEqual([
      ['moved', 'operator', at.toISOString()],
    ]);
    // The same date again changes nothing.
    const again = await correctReleaseDate(
      repo,
      { mediaType: 'movies', slug: 'set-me' },
      parseDateSpec('2027-04'),
      at,
    );
    expect(again.change).toBeNull();
    await expect(
      correctReleaseDate(repo, { mediaType: 'movies', slug: 'no-such-title' }, parseDateSpec('tbd'), at),
    ).rejects.toThrow('No title at movies/no-such-title.');
  });

  it('stands when the provider sends its old date again (the next sync, the demo seeding at a restart)', async () => {
    const item = buildItem({ title: 'Stay Put', releaseDate: '2027-05-01', releaseDatePrecision: 'day' });
    await insertItems(app, [item]);
    const repo = createCatalogRepository(app.database.db);
    await correctReleaseDate(
      repo,
      { mediaType: 'movies', slug: 'stay-put' },
      parseDateSpec('2027-05-20'),
      new Date('2027-01-10T10:00:00Z'),
    );
    // The provider, unaware, sends the wrong date again, and a new description.
    const sync = await insertItems(app, [{ ...item, description: 'Now with a synopsis.' }]);
    expect(sync.changes).toEqual([]);
    const stored = (await app.inject({ url: '/media/slug/movies/stay-put' })).json();
    expect(stored).toMatchObject({ release_date: '2027-05-20', description: 'Now with a synopsis.' });
    // Another correction is taken.
    const again = await correctReleaseDate(
      repo,
      { mediaType: 'movies', slug: 'stay-put' },
      parseDateSpec('tbd'),
      new Date('2027-01-11T10:00:00Z'),
    );
    expect(again.change).toMatchObject({ kind: 'removed', oldDate: '2027-05-20' });
  });
});
