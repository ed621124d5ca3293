import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItems } from '../../../test/helpers';
import { mediaItems } from '../../db/schema';
import { createCatalogRepository } from '../catalog';
import { createCatalogMatcher } from './matcher';
import type { ImportRow } from './parse';
import { REASONS } from './reasons';

const TODAY = '2026-11-26';

describe('matching imported rows against the catalog', () => {
  let app: FastifyInstance;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    app = await buildTestApp();
    const items = [
      buildItem({
        providerId: 'isbndb:work:salt',
        mediaType: 'books',
        title: 'The Salt Cartographer',
        author: 'Orla Penhallow',
        releaseDate: '2027-03-14',
        identifiers: [
          { scheme: 'isbn13', value: '9780441172719' },
          { scheme: 'isbn13', value: '9780593099322' },
        ],
      }),
      buildItem({
        providerId: 'isbndb:work:tide',
        mediaType: 'books',
        title: 'Tidewright',
        author: 'Orla Penhallow, Ada Mere',
        releaseDate: null,
        releaseDatePrecision: null,
      }),
      buildItem({
        providerId: 'isbndb:work:lamp',
        mediaType: 'books',
        title: 'Lampwright: A Novel of the Tides',
        author: 'Orla Penhallow',
        releaseDate: '2027-08-01',
      }),
      buildItem({
        providerId: 'isbndb:work:lamp-2',
        mediaType: 'books',
        title: 'Lampwright Returns',
        author: 'Orla Penhallow',
        releaseDate: '2028-08-01',
      }),
      buildItem({
        providerId: 'isbndb:work:old',
        mediaType: 'books',
        title: 'Winter Lamps',
        author: 'Orla Penhallow',
        releaseDate: '2009-05-01',
      }),
      buildItem({
        providerId: 'tmdb:movie:1',
        mediaType: 'movies',
        title: 'Glass Meridian',
        releaseDate: '2027-06-01',
        identifiers: [{ scheme: 'imdb', value: 'tt1000001' }],
      }),
      buildItem({
        providerId: 'tmdb:movie:2',
        mediaType: 'movies',
        title: 'Heat',
        releaseDate: '2027-01-10',
      }),
      buildItem({
        providerId: 'tmdb:movie:3',
        mediaType: 'movies',
        title: 'Heat',
        releaseDate: '2028-02-02',
      }),
      buildItem({
        providerId: 'tmdb:movie:4',
        mediaType: 'movies',
        title: 'Paper Lanterns',
        releaseDate: '2027-09-09',
      }),
      ...[1, 2, 3].map((n) =>
        buildItem({
          providerId: `tmdb:tv:77:${n}`,
          mediaType: 'tv_seasons',
          title: `Harbor Lights: Season ${n}`,
          series: 'Harbor Lights',
          seriesNumber: n,
          releaseDate: n === 1 ? '2024-01-01' : n === 2 ? '2027-02-02' : null,
          releaseDatePrecision: n === 3 ? null : 'day',
          identifiers: [{ scheme: 'imdb', value: 'tt2000002' }],
          credits: [{ ref: 'tmdb:tv:77', role: 'series', name: 'Harbor Lights' }],
        }),
      ),
    ];
    await insertItems(app, items);
    for (const item of items) {
      const [row] = await app.database.db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(eq(mediaItems.providerId, item.providerId));
      ids.set(item.providerId, row!.id);
    }
  });
  afterAll(async () => app.close());

  const row = (line: number, fields: Partial<ImportRow>): ImportRow => ({
    line,
    title: '',
    year: null,
    kind: 'book',
    ...fields,
  });
  const match = (rows: ImportRow[], tracked: string[] = []) =>
    createCatalogMatcher(createCatalogRepository(app.database.db)).match(rows, {
      today: TODAY,
      tracked: new Set(tracked),
    });

  it("finds books by any edition's ISBN, an ISBN-10 as its ISBN-13, then by title and first author", async () => {
    const outcomes = await match([
      row(2, { title: 'Salt Cartographer (Tides, #1)', isbn13: '9780593099322', status: 'to-read' }),
      row(3, { title: 'anything', isbn10: '0441172717', status: 'to-read' }),
      row(4, { title: 'Tidewright: A Novel (Tides, #2)', authors: ['Orla Penhallow'], status: 'to-read' }),
      row(5, { title: 'Tidewright', authors: ['Someone Else'], status: 'to-read' }),
      row(6, { title: 'Winter Lamps', authors: ['Orla Penhallow'], status: 'to-read' }),
      row(7, { title: 'Winter Lamps', authors: ['Orla Penhallow'], status: 'read' }),
      // The catalog keeps a subtitle the row does not have; a sequel of a longer name is another book.
      row(8, { title: 'Lampwright', authors: ['Orla Penhallow'], status: 'to-read' }),
    ]);
    expect(Object.fromEntries(outcomes)).toEqual({
      2: { status: 'matched', itemIds: [ids.get('isbndb:work:salt')], candidateIds: [] },
      3: { status: 'matched', itemIds: [ids.get('isbndb:work:salt')], candidateIds: [] },
      4: { status: 'matched', itemIds: [ids.get('isbndb:work:tide')], candidateIds: [] },
      5: { status: 'unmatched', itemIds: [], candidateIds: [], reason: REASONS.notFound },
      6: {
        status: 'skipped',
        itemIds: [ids.get('isbndb:work:old')],
        candidateIds: [],
        reason: REASONS.alreadyOut,
      },
      7: { status: 'skipped', itemIds: [], candidateIds: [], reason: REASONS.shelf('read') },
      8: { status: 'matched', itemIds: [ids.get('isbndb:work:lamp')], candidateIds: [] },
    });
  });

  it('finds films by IMDb id, then title and year within one; two such titles are a choice', async () => {
    const outcomes = await match(
      [
        row(2, { kind: 'movie', title: 'Another Name', imdbId: 'tt1000001' }),
        row(3, { kind: 'movie', title: 'Heat', year: 2027 }),
        row(4, { kind: 'movie', title: 'Heat', year: 2020 }),
        row(5, { kind: 'movie', title: 'Paper Lanterns', year: 2028 }),
        row(6, { kind: 'movie', title: 'Les Lanternes', originalTitle: 'Paper Lanterns', year: 2027 }),
        row(7, { kind: 'other', title: 'Some Episode', imdbId: 'tt9' }),
        row(8, { kind: 'movie', title: '', problem: REASONS.cells(3, 4) }),
      ],
      [ids.get('tmdb:movie:4')!],
    );
    expect(Object.fromEntries(outcomes)).toEqual({
      2: { status: 'matched', itemIds: [ids.get('tmdb:movie:1')], candidateIds: [] },
      3: {
        status: 'ambiguous',
        itemIds: [],
        candidateIds: expect.arrayContaining([ids.get('tmdb:movie:2'), ids.get('tmdb:movie:3')]),
      },
      4: { status: 'unmatched', itemIds: [], candidateIds: [], reason: REASONS.notFound },
      5: { status: 'already_tracked', itemIds: [ids.get('tmdb:movie:4')], candidateIds: [] },
      6: { status: 'already_tracked', itemIds: [ids.get('tmdb:movie:4')], candidateIds: [] },
      7: { status: 'skipped', itemIds: [], candidateIds: [], reason: REASONS.notATitle },
      8: {
        status: 'unmatched',
        itemIds: [],
        candidateIds: [],
        reason: REASONS.cells(3, 4),
      },
    });
  });

  it('turns a series into its seasons still to come or undated', async () => {
    const outcomes = await match([row(2, { kind: 'series', title: 'Harbor Lights', imdbId: 'tt2000002' })]);
    expect(outcomes.get(2)).toEqual({
      status: 'matched',
      itemIds: expect.arrayContaining([ids.get('tmdb:tv:77:2'), ids.get('tmdb:tv:77:3')]),
      candidateIds: [],
    });
    expect(outcomes.get(2)?.itemIds).toHaveLength(2);
  });

  it('finds titles by TMDB id or an export key first, a season by its number, and skips Simkl lists not waited on', async () => {
    const outcomes = await match([
      row(1, { kind: 'movie', title: 'Whatever', tmdbId: 1 }),
      row(2, { kind: 'series', title: 'Harbor Lights', tmdbId: 77 }),
      row(3, { kind: 'season', title: 'Another Name: Season 3', tmdbId: 77, seasonNumber: 3 }),
      row(4, { kind: 'season', title: 'Harbor Lights: Season 2', imdbId: 'tt2000002', seasonNumber: 2 }),
      row(5, { kind: 'season', title: 'Harbor Lights: Season 3' }),
      row(6, { kind: 'movie', title: 'Another Name', providerId: 'tmdb:movie:4' }),
      // A key this catalog does not hold: the ids, then title and year, as for any row.
      row(7, { kind: 'book', title: 'Gone', providerId: 'demo:books:bk-404', isbn13: '9780441172719' }),
      row(8, {
        kind: 'movie',
        title: 'Glass Meridian',
        year: 2027,
        providerId: 'demo:movies:mv-404',
        tmdbId: 999,
      }),
      row(9, { kind: 'movie', title: 'Heat', tmdbId: 2, status: 'completed' }),
      row(10, { kind: 'series', title: 'Harbor Lights', tmdbId: 77, status: 'watching' }),
      // A book without an author: its title and year.
      row(11, { kind: 'book', title: 'Lampwright Returns', year: 2028 }),
    ]);
    const matched = (...providerIds: string[]) => ({
      status: 'matched',
      itemIds: providerIds.map((id) => ids.get(id)),
      candidateIds: [],
    });
    expect(Object.fromEntries(outcomes)).toEqual({
      1: matched('tmdb:movie:1'),
      2: matched('tmdb:tv:77:2', 'tmdb:tv:77:3'),
      3: matched('tmdb:tv:77:3'),
      4: matched('tmdb:tv:77:2'),
      5: matched('tmdb:tv:77:3'),
      6: matched('tmdb:movie:4'),
      7: matched('isbndb:work:salt'),
      8: matched('tmdb:movie:1'),
      9: { status: 'skipped', itemIds: [], candidateIds: [], reason: REASONS.simklStatus('completed') },
      10: matched('tmdb:tv:77:2', 'tmdb:tv:77:3'),
      11: matched('isbndb:work:lamp-2'),
    });
  });
});
