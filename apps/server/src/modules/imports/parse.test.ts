import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, UnzipInflate, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { bombZip, deflatedEntry, handZip } from '../../../test/hostile-zips';
import {
  goodreadsSample,
  imdbWatchlistSample,
  letterboxdWatchlistCsv,
  letterboxdZip,
  type ReleasebellSampleTitle,
  releasebellExportJson,
  releasebellExportZip,
  type SampleBook,
  type SampleFilm,
  SIMKL_STATUSES,
  type SimklSampleItem,
  sampleBooks,
  sampleFilms,
  sampleSimklItems,
  sampleTraktItems,
  simklBackup,
  storygraphSample,
  type TraktSampleItem,
  traktExportZip,
  traktWatchlistJson,
} from '../../../test/import-samples';
import {
  bookTitleForMatching,
  cleanIsbn,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportRow,
  isbn10To13,
  normaliseImdbType,
  type ParseResult,
  parseImport,
} from './parse';
import { REASONS } from './reasons';

const fixturesDir = path.resolve(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixturesDir, name)));
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const QUOTE_PROBLEM = REASONS.openQuote;
/** A refusal's message: a descriptor whose English is `words`. */
const english = (words: string) => expect.objectContaining({ message: words });
const UNRECOGNISED_MESSAGE =
  'This file is not an export we can read. Import a Goodreads or StoryGraph library export (CSV), a Letterboxd export (ZIP or watchlist.csv), an IMDb watchlist or list (CSV), a Trakt export (ZIP or a watchlist JSON file), a Simkl backup (JSON) or a Releasebell export (ZIP or releasebell.json).';

function rowsOf(result: ParseResult): ImportRow[] {
  if (!result.ok) throw new Error(`expected rows, got ${result.code}: ${result.message.message}`);
  return result.rows;
}

function expectUnrecognised(result: ParseResult) {
  expect(result).toEqual({ ok: false, code: 'IMPORT_UNRECOGNISED', message: english(UNRECOGNISED_MESSAGE) });
}

describe('the hand-written fixtures, which mirror real exports', () => {
  it('reads a Goodreads library export', async () => {
    const result = await parseImport(fixture('goodreads_library_export.csv'), 'goodreads_library_export.csv');
    expect(result).toMatchObject({ ok: true, source: 'goodreads' });
    expect(rowsOf(result)).toEqual([
      {
        line: 2,
        title: 'Dune (Dune, #1)',
        year: 1965,
        kind: 'book',
        isbn13: '9780441172719',
        isbn10: '0441172717',
        authors: ['Frank Herbert'],
        status: 'read',
      },
      {
        line: 3,
        title: 'Leviathan Wakes (The Expanse, #1)',
        year: 2011,
        kind: 'book',
        isbn13: '9780316129084',
        isbn10: '0316129089',
        authors: ['James S.A. Corey'],
        status: 'to-read',
      },
      {
        line: 4,
        title: 'Sapiens: A Brief History of Humankind',
        year: 2011,
        kind: 'book',
        isbn13: '9780062316097',
        isbn10: '0062316095',
        authors: ['Yuval Noah Harari'],
        status: 'currently-reading',
      },
      {
        line: 5,
        title: 'Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch',
        year: 1990,
        kind: 'book',
        isbn13: '9780060853983',
        isbn10: '0060853980',
        authors: ['Terry Pratchett', 'Neil Gaiman'],
        status: 'read',
      },
      // The review above spans two lines, so this record starts on line 7.
      {
        line: 7,
        title: 'I Choose Darkness',
        year: 2022,
        kind: 'book',
        authors: ['Jenny Lawson'],
        status: 'read',
      },
      {
        line: 8,
        title: 'The Odyssey',
        year: -700,
        kind: 'book',
        isbn13: '9780140268867',
        isbn10: '0140268863',
        authors: ['Homer', 'Robert Fagles', 'Bernard Knox'],
        status: 'did-not-finish',
      },
      {
        line: 9,
        title: 'Small Harbour Poems',
        year: 2023,
        kind: 'book',
        isbn13: '9798886450002',
        authors: ['Ana Lima'],
        status: 'to-read',
      },
    ]);
  });

  it('reads a StoryGraph export', async () => {
    const result = await parseImport(fixture('storygraph_export.csv'));
    expect(result).toMatchObject({ ok: true, source: 'storygraph' });
    expect(rowsOf(result)).toEqual([
      {
        line: 2,
        title: 'The Fifth Season',
        year: null,
        kind: 'book',
        isbn13: '9780316229296',
        authors: ['N.K. Jemisin'],
        status: 'read',
      },
      {
        line: 3,
        title: 'Leviathan Wakes',
        year: null,
        kind: 'book',
        isbn13: '9780316129084',
        isbn10: '0316129089',
        authors: ['James S.A. Corey'],
        status: 'to-read',
      },
      {
        line: 4,
        title: 'Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch',
        year: null,
        kind: 'book',
        isbn13: '9780060853983',
        authors: ['Terry Pratchett', 'Neil Gaiman'],
        status: 'currently-reading',
      },
      // An ASIN in ISBN/UID is no ISBN.
      {
        line: 5,
        title: 'I Choose Darkness',
        year: null,
        kind: 'book',
        authors: ['Jenny Lawson'],
        status: 'did-not-finish',
      },
      { line: 6, title: 'Piranesi', year: null, kind: 'book', authors: ['Susanna Clarke'], status: 'read' },
    ]);
  });

  it('reads a Letterboxd watchlist.csv', async () => {
    const result = await parseImport(fixture('letterboxd_watchlist.csv'), 'watchlist.csv');
    expect(result).toMatchObject({ ok: true, source: 'letterboxd' });
    expect(rowsOf(result)).toEqual([
      { line: 2, title: 'Past Lives', year: 2023, kind: 'movie', letterboxdUri: 'https://boxd.it/ue4w' },
      {
        line: 3,
        title: 'Taxi, An Encounter',
        year: 2001,
        kind: 'movie',
        letterboxdUri: 'https://boxd.it/5b8a',
      },
      {
        line: 4,
        title: "Making 'The Shining'",
        year: 1980,
        kind: 'movie',
        letterboxdUri: 'https://boxd.it/1G9A',
      },
      {
        line: 5,
        title: 'Y un día Nico se fue',
        year: 2013,
        kind: 'movie',
        letterboxdUri: 'https://boxd.it/ttqk',
      },
      { line: 6, title: 'Dune: Part Two', year: 2024, kind: 'movie', letterboxdUri: 'https://boxd.it/qSnw' },
      {
        line: 7,
        title: 'Untitled Greta Gerwig Project',
        year: null,
        kind: 'movie',
        letterboxdUri: 'https://boxd.it/Gw98',
      },
    ]);
  });

  it('reads an IMDb watchlist, keeping every title type with its normalised type', async () => {
    const result = await parseImport(fixture('imdb_watchlist.csv'));
    expect(result).toMatchObject({ ok: true, source: 'imdb' });
    expect(rowsOf(result)).toEqual([
      {
        line: 2,
        title: 'Dune: Part Two',
        year: 2024,
        kind: 'movie',
        imdbType: 'movie',
        imdbId: 'tt15239678',
        directors: ['Denis Villeneuve'],
      },
      {
        line: 3,
        title: 'Breaking Bad',
        year: 2008,
        kind: 'series',
        imdbType: 'tvSeries',
        imdbId: 'tt0903747',
      },
      // The description above is two lines long.
      {
        line: 4,
        title: 'Chernobyl',
        year: 2019,
        kind: 'series',
        imdbType: 'tvMiniSeries',
        imdbId: 'tt7366338',
      },
      {
        line: 6,
        title: 'Parasite',
        originalTitle: 'Gisaengchung',
        year: 2019,
        kind: 'movie',
        imdbType: 'movie',
        imdbId: 'tt6751668',
        directors: ['Bong Joon Ho'],
      },
      {
        line: 7,
        title: 'O Brother, Where Art Thou?',
        year: 2000,
        kind: 'movie',
        imdbType: 'movie',
        imdbId: 'tt0190590',
        directors: ['Joel Coen', 'Ethan Coen'],
      },
      {
        line: 8,
        title: 'Pilot',
        year: 2008,
        kind: 'other',
        imdbType: 'tvEpisode',
        imdbId: 'tt0959621',
        directors: ['Vince Gilligan'],
      },
      {
        line: 9,
        title: 'The Last of Us',
        year: 2013,
        kind: 'other',
        imdbType: 'videoGame',
        imdbId: 'tt2140553',
        directors: ['Neil Druckmann', 'Bruce Straley'],
      },
      {
        line: 10,
        title: 'Bao',
        year: 2018,
        kind: 'other',
        imdbType: 'short',
        imdbId: 'tt8001346',
        directors: ['Domee Shi'],
      },
      {
        line: 11,
        title: 'The Odyssey',
        year: 2026,
        kind: 'movie',
        imdbType: 'movie',
        imdbId: 'tt33764258',
        directors: ['Christopher Nolan'],
      },
    ]);
  });
});

describe('recognising the source from the bytes', () => {
  it('ignores the file name when the content says otherwise', async () => {
    expect(await parseImport(fixture('imdb_watchlist.csv'), 'goodreads_library_export.csv')).toMatchObject({
      source: 'imdb',
    });
    expect(await parseImport(fixture('goodreads_library_export.csv'), 'watchlist.csv')).toMatchObject({
      source: 'goodreads',
    });
  });

  it('matches columns by name, in any order and any case', async () => {
    const lines = text(fixture('letterboxd_watchlist.csv')).trimEnd().split('\n');
    // Swap the first two columns and shout the header.
    const swapped = lines.map((line, i) => {
      const [date, ...rest] = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      const [name, ...others] = rest;
      const header = i === 0;
      return [header ? name!.toUpperCase() : name, header ? date!.toUpperCase() : date, ...others].join(',');
    });
    const result = await parseImport(strToU8(swapped.join('\n')));
    expect(rowsOf(result)).toEqual(rowsOf(await parseImport(fixture('letterboxd_watchlist.csv'))));
  });

  it('recognises the older IMDb export, with camelCase types', async () => {
    const legacy = [
      'Position,Const,Created,Modified,Description,Title,URL,Title type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
      '1,tt0111161,2019-05-03,2019-05-03,,The Shawshank Redemption,https://www.imdb.com/title/tt0111161/,movie,9.3,142,1994,"Crime, Drama",2500000,1994-09-10,Frank Darabont',
      '2,tt5687612,2019-05-03,2019-05-03,,Fleabag,https://www.imdb.com/title/tt5687612/,tvSeries,8.7,27,2016,"Comedy, Drama",90000,2016-07-21,',
      '3,tt1234567,2019-05-03,2019-05-03,,Some Limited Show,https://www.imdb.com/title/tt1234567/,tvMiniSeries,8.0,60,2020,Drama,500,2020-01-01,',
    ].join('\n');
    expect(
      rowsOf(await parseImport(strToU8(legacy))).map((r) => [r.title, r.kind, r.imdbType, r.imdbId]),
    ).toEqual([
      ['The Shawshank Redemption', 'movie', 'movie', 'tt0111161'],
      ['Fleabag', 'series', 'tvSeries', 'tt5687612'],
      ['Some Limited Show', 'series', 'tvMiniSeries', 'tt1234567'],
    ]);
  });

  it('reads a header-only export as an export with no rows', async () => {
    const header = text(fixture('goodreads_library_export.csv')).split('\n')[0]!;
    expect(await parseImport(strToU8(`${header}\n`))).toEqual({ ok: true, source: 'goodreads', rows: [] });
  });

  it.each([
    ['an empty file', new Uint8Array()],
    ['blank lines', strToU8('\n\r\n  \n')],
    ['a random CSV', strToU8('id,name,price\n1,Widget,9.99\n2,"Gadget, large",19.99\n')],
    ['a CSV with a Title column only', strToU8('Title,Year\nDune,2021\n')],
    [
      'a PNG',
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
      ]),
    ],
    ['plain text', strToU8('My watchlist: Dune, Alien, Heat.')],
    [
      'a CSV opening on an unclosed quote',
      strToU8('"Date,Name,Year,Letterboxd URI\n2024-01-01,Heat,1995,https://boxd.it/1'),
    ],
    // Share the watchlist's first columns but hold what the member watched or rated.
    [
      'Letterboxd ratings.csv',
      strToU8('Date,Name,Year,Letterboxd URI,Rating\n2024-03-05,Heat,1995,https://boxd.it/h1,4.5\n'),
    ],
    [
      'Letterboxd diary.csv',
      strToU8(
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-03-05,Heat,1995,https://boxd.it/4MNHxf,4.5,,,2024-03-04\n',
      ),
    ],
    [
      'the IMDb ratings export',
      strToU8(
        'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0903747,10,2024-03-11,Breaking Bad,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,"Crime, Drama",2100000,2008-01-20,\n',
      ),
    ],
  ])('refuses %s', async (_name, bytes) => {
    expectUnrecognised(await parseImport(bytes));
  });

  it("refuses Letterboxd's watched.csv, whose header is the watchlist's, by its name", async () => {
    const watched = fixture('letterboxd_watchlist.csv');
    expectUnrecognised(await parseImport(watched, 'watched.csv'));
    expectUnrecognised(await parseImport(watched, 'letterboxd-me-2024/likes/films.csv'));
    expect(await parseImport(watched, 'watchlist.csv')).toMatchObject({ ok: true, source: 'letterboxd' });
  });
});

describe('Letterboxd ZIP exports', () => {
  const films = sampleFilms({ rows: 300, seed: 3 });

  it('reads only watchlist.csv among the dozen CSVs, not the lists named like it', async () => {
    const zip = letterboxdZip({ rows: 300, seed: 3 });
    const result = await parseImport(zip, 'letterboxd-sample-2024-06-01-12-00-utc.zip');
    expect(result).toMatchObject({ ok: true, source: 'letterboxd' });
    expect(rowsOf(result)).toEqual(rowsOf(await parseImport(letterboxdWatchlistCsv({ rows: 300, seed: 3 }))));
    expect(rowsOf(result).map((r) => r.letterboxdUri)).toEqual(films.map((f) => f.letterboxdUri));
  });

  it('finds watchlist.csv when the member re-zipped the unpacked folder', async () => {
    const zip = letterboxdZip({ rows: 300, seed: 3, folder: 'letterboxd-sample-2024-06-01-12-00-utc' });
    expect(rowsOf(await parseImport(zip)).map((r) => r.title)).toEqual(films.map((f) => f.title));
  });

  it('recognises the ZIP entry from its content like any upload', async () => {
    const zip = zipSync({ 'watchlist.csv': fixture('imdb_watchlist.csv') });
    expect(await parseImport(zip)).toMatchObject({ ok: true, source: 'imdb' });
  });

  it('refuses a ZIP without a watchlist.csv, and one that is corrupt', async () => {
    const list = strToU8('Letterboxd list export v7\nDate,Name,Tags,URL,Description\n');
    expectUnrecognised(
      await parseImport(zipSync({ 'lists/watchlist.csv': list, 'watched.csv': strToU8('Date\n') })),
    );
    expectUnrecognised(
      await parseImport(zipSync({ 'goodreads_library_export.csv': fixture('goodreads_library_export.csv') })),
    );
    const corrupt = letterboxdZip({ rows: 10, seed: 1 }).slice(0, 200);
    expectUnrecognised(await parseImport(corrupt));
  });

  it('reads an export written as a stream, each size after its data (as Java and macOS write them)', async () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      parts.push(data);
    });
    const csv = letterboxdWatchlistCsv({ rows: 300, seed: 3 });
    for (const [name, content] of [
      ['diary.csv', strToU8('Date,Name,Year,Letterboxd URI,Rating\n'.repeat(2000))],
      ['watchlist.csv', csv],
    ] as const) {
      const file = new ZipDeflate(name);
      zip.add(file);
      file.push(content, true);
    }
    zip.end();
    const bytes = Buffer.concat(parts);
    // Bit 3: the sizes follow the data, the local header says 0.
    expect(bytes[6]! & 8).toBe(8);
    expect(rowsOf(await parseImport(bytes))).toEqual(rowsOf(await parseImport(csv)));
  });

  const ZIP_TOO_LARGE = {
    ok: false,
    code: 'IMPORT_ZIP_TOO_LARGE',
    message: english('The watchlist.csv in this ZIP is over 10 MB once unpacked.'),
  };

  it('counts the inflated size of the entry against the limit', async () => {
    const row = '2024-01-01,Heat,1995,https://boxd.it/h1\n';
    const big = strToU8(
      `Date,Name,Year,Letterboxd URI\n${row.repeat(Math.ceil(IMPORT_MAX_BYTES / row.length))}`,
    );
    const zip = zipSync({ 'watchlist.csv': big });
    expect(zip.byteLength).toBeLessThan(IMPORT_MAX_BYTES);
    expect(await parseImport(zip)).toEqual(ZIP_TOO_LARGE);
  });

  it('refuses a ZIP bomb that declares 1 KB, inflating only a few MB past the limit', async () => {
    const bomb = bombZip(2 ** 30);
    expect(bomb.byteLength).toBeLessThan(1.1 * 2 ** 20);
    const { result, inflated } = await inflating(() => parseImport(bomb));
    expect(result).toEqual(ZIP_TOO_LARGE);
    // A piece of 4 KB inflates to about 4 MB at most: stopped at the first piece past the limit.
    expect(inflated).toBeGreaterThan(IMPORT_MAX_BYTES);
    expect(inflated).toBeLessThan(IMPORT_MAX_BYTES + 5 * 2 ** 20);
  });

  it('inflates an entry once, however many directory records point at it', async () => {
    const csv = letterboxdWatchlistCsv({ rows: 300, seed: 3 });
    const zip = handZip([deflatedEntry('watchlist.csv', csv)], Array(2560).fill(0));
    const { result, inflated } = await inflating(() => parseImport(zip));
    expect(rowsOf(result)).toEqual(rowsOf(await parseImport(csv)));
    expect(inflated).toBe(csv.byteLength);
  });

  it('of several entries with the name, inflates the first only', async () => {
    const first = letterboxdWatchlistCsv({ rows: 20, seed: 1 });
    const zip = handZip([
      deflatedEntry('watchlist.csv', first),
      deflatedEntry('watchlist.csv', letterboxdWatchlistCsv({ rows: 30, seed: 2 })),
      deflatedEntry('export/watchlist.csv', letterboxdWatchlistCsv({ rows: 40, seed: 4 })),
    ]);
    const { result, inflated } = await inflating(() => parseImport(zip));
    expect(rowsOf(result)).toEqual(rowsOf(await parseImport(first)));
    expect(inflated).toBe(first.byteLength);
  });

  it('reads an export with a thousand files (one per list), refuses one more', async () => {
    const files = (lists: number) => {
      const zippable: Record<string, Uint8Array> = {};
      for (let i = 0; i < lists; i++)
        zippable[`lists/list-${i}.csv`] = strToU8('Letterboxd list export v7\n');
      zippable['watchlist.csv'] = letterboxdWatchlistCsv({ rows: 10, seed: 5 });
      return zipSync(zippable);
    };
    expect(rowsOf(await parseImport(files(999)))).toHaveLength(10);
    expect(await parseImport(files(1000))).toEqual({
      ok: false,
      code: 'IMPORT_ZIP_TOO_LARGE',
      message: english('This ZIP holds more than 1,000 files. Upload the watchlist.csv from it instead.'),
    });
  });
});

describe('Trakt exports', () => {
  const items = sampleTraktItems({ rows: 300, seed: 11 });

  it('reads a watchlist file alone, whatever its name, pretty or minified', async () => {
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['movie', 'show', 'season', 'episode']));
    const expected = items.map((item, i) => traktRow(item, i + 1));
    const pretty = await parseImport(traktWatchlistJson(items), 'watchlist.json');
    expect(pretty).toMatchObject({ ok: true, source: 'trakt' });
    expect(rowsOf(pretty)).toEqual(expected);
    const minified = traktWatchlistJson(items, { pretty: false });
    expect(text(minified).split('\n')).toHaveLength(1);
    expect(rowsOf(await parseImport(minified, 'my trakt list (1).json'))).toEqual(expected);
    expect(rowsOf(await parseImport(minified))).toEqual(expected);
  });

  it('reads every watchlist file of the export ZIP, at any depth, and nothing else in it', async () => {
    const movies = items.filter((i) => i.type === 'movie');
    const shows = items.filter((i) => i.type !== 'movie');
    const expected = [...movies, ...shows].map((item, i) => traktRow(item, i + 1));
    const zip = traktExportZip({ movies, shows, seed: 11 });
    const result = await parseImport(zip, 'sample-trakt-export.zip');
    expect(result).toMatchObject({ ok: true, source: 'trakt' });
    expect(rowsOf(result)).toEqual(expected);
    const nested = traktExportZip({ movies, shows, seed: 11, folder: 'trakt/export-2026-06-01' });
    expect(rowsOf(await parseImport(nested))).toEqual(expected);
  });

  it('reads an item once when two of the files list it', async () => {
    const movies = items.filter((i) => i.type === 'movie').slice(0, 5);
    const zip = zipSync({
      'watchlist.json': traktWatchlistJson(movies),
      'watchlist-movies.json': traktWatchlistJson(movies.slice(2)),
    });
    expect(rowsOf(await parseImport(zip))).toEqual(movies.map((item, i) => traktRow(item, i + 1)));
  });

  it('keeps a row with only ids, and reports one with neither title nor id', async () => {
    const bytes = strToU8(
      JSON.stringify([
        {
          rank: 1,
          id: 1,
          listed_at: '2026-01-02T03:04:05.000Z',
          notes: null,
          type: 'movie',
          movie: { title: null, year: null, ids: { trakt: 7, slug: null, imdb: null, tmdb: 603 } },
        },
        { rank: 2, id: 2, listed_at: '2026-01-02T03:04:05.000Z', type: 'movie', movie: { ids: {} } },
        { rank: 3, id: 3, listed_at: '2026-01-02T03:04:05.000Z', type: 'person', person: { name: 'Agnès' } },
      ]),
    );
    expect(rowsOf(await parseImport(bytes))).toEqual([
      { line: 1, title: '', year: null, kind: 'movie', tmdbId: 603 },
      { line: 2, title: '', year: null, kind: 'movie', problem: REASONS.noTitle },
      { line: 3, title: 'Agnès', year: null, kind: 'other' },
    ]);
  });
});

describe('Simkl backups', () => {
  it('reads every list and every status, keeping the status for the matcher', async () => {
    const items = sampleSimklItems({ rows: 140, seed: 12 });
    for (const status of SIMKL_STATUSES) expect(items.some((i) => i.status === status)).toBe(true);
    const result = await parseImport(simklBackup(items), 'simkl-backup.json');
    expect(result).toMatchObject({ ok: true, source: 'simkl' });
    const ordered = (['movies', 'shows', 'anime'] as const).flatMap((list) =>
      items.filter((i) => i.list === list),
    );
    expect(rowsOf(result)).toEqual(ordered.map((item, i) => simklRow(item, i + 1)));
    expect(rowsOf(result).some((r) => r.kind === 'movie' && ordered[r.line - 1]!.list === 'anime')).toBe(
      true,
    );
  });

  it('reads a backup with an empty or missing list', async () => {
    const items = sampleSimklItems({ rows: 4, seed: 13 }).map((i) => ({ ...i, list: 'movies' as const }));
    const backup = JSON.parse(text(simklBackup(items)));
    const bytes = strToU8(JSON.stringify({ movies: backup.movies, shows: null }));
    expect(rowsOf(await parseImport(bytes))).toHaveLength(4);
  });
});

describe('Releasebell exports', () => {
  const watchlist: ReleasebellSampleTitle[] = [
    {
      media_type: 'movies',
      title: 'The Matrix Resurrections',
      release_date: '2027-12-22',
      provider_id: 'tmdb:movie:624860',
      ids: { tmdb: 624860, imdb: 'tt10838180' },
    },
    {
      media_type: 'tv_seasons',
      title: 'Severance: Season 3',
      release_date: null,
      provider_id: 'tmdb:tv:95396:3',
      ids: { tmdb: 95396, season: 3, imdb: 'tt11280740' },
      followed_via: 'tmdb:tv:95396',
    },
    {
      media_type: 'books',
      title: 'The Salt Road',
      release_date: '2027-03-01',
      provider_id: 'isbndb:work:the-salt-road',
      ids: { isbn13: '9780441172719' },
    },
    {
      media_type: 'movies',
      title: 'A Demo Film',
      release_date: '2027-06-01',
      provider_id: 'demo:movies:demo-film',
    },
    // Only its key: the ids are read from it.
    {
      media_type: 'tv_seasons',
      title: 'Slow Horses: Season 6',
      release_date: null,
      provider_id: 'tmdb:tv:95480:6',
    },
  ];
  const follows = [
    { ref: 'tmdb:tv:95396', kind: 'series' as const, name: 'Severance' },
    {
      ref: 'tmdb:person:137427',
      kind: 'person' as const,
      name: 'Denis Villeneuve',
      roles: ['directing', 'acting'],
    },
    { ref: 'demo:author:orla-penhallow', kind: 'author' as const, name: 'Orla Penhallow' },
    // Not a ref anyone can follow, and one twice: left out.
    { ref: 'imdb:nm0000001', kind: 'person' as const, name: 'Somebody' },
    { ref: 'tmdb:tv:95396', kind: 'series' as const, name: 'Severance' },
  ];
  const rows: ImportRow[] = [
    {
      line: 1,
      title: 'The Matrix Resurrections',
      year: 2027,
      kind: 'movie',
      tmdbId: 624860,
      imdbId: 'tt10838180',
      providerId: 'tmdb:movie:624860',
    },
    {
      line: 2,
      title: 'Severance: Season 3',
      year: null,
      kind: 'season',
      tmdbId: 95396,
      imdbId: 'tt11280740',
      seasonNumber: 3,
      providerId: 'tmdb:tv:95396:3',
    },
    {
      line: 3,
      title: 'The Salt Road',
      year: 2027,
      kind: 'book',
      providerId: 'isbndb:work:the-salt-road',
      isbn13: '9780441172719',
    },
    { line: 4, title: 'A Demo Film', year: 2027, kind: 'movie', providerId: 'demo:movies:demo-film' },
    {
      line: 5,
      title: 'Slow Horses: Season 6',
      year: null,
      kind: 'season',
      tmdbId: 95480,
      seasonNumber: 6,
      providerId: 'tmdb:tv:95480:6',
    },
  ];
  const expectedFollows = [
    // Roles are a person's credits to follow; a series' or an author's are not needed.
    { ref: 'tmdb:tv:95396', name: 'Severance', kind: 'series', roles: [] },
    { ref: 'tmdb:person:137427', name: 'Denis Villeneuve', kind: 'person', roles: ['directing', 'acting'] },
    { ref: 'demo:author:orla-penhallow', name: 'Orla Penhallow', kind: 'author', roles: [] },
  ];

  it('reads releasebell.json alone: its titles with their keys and ids, and its follows', async () => {
    const result = await parseImport(releasebellExportJson({ watchlist, follows }), 'releasebell.json');
    expect(result).toEqual({ ok: true, source: 'releasebell', rows, follows: expectedFollows });
  });

  it('reads the export ZIP by its releasebell.json, not its watchlist.csv', async () => {
    const result = await parseImport(releasebellExportZip({ watchlist, follows }), 'releasebell-export.zip');
    expect(result).toEqual({ ok: true, source: 'releasebell', rows, follows: expectedFollows });
  });

  it('refuses a later version of the format, and a ZIP whose releasebell.json is not one', async () => {
    expectUnrecognised(await parseImport(releasebellExportJson({ watchlist, version: 2 })));
    expectUnrecognised(await parseImport(zipSync({ 'releasebell.json': traktWatchlistJson([]) })));
  });
});

describe('JSON that is not an export we read', () => {
  it.each([
    ['a list cut short', '[{"type": "movie", "listed_at": "2026-01-01", "movie": {"title": "Heat"'],
    ['a trailing comma', '[{"type": "movie", "listed_at": "2026-01-01", "movie": {"title": "Heat"}},]'],
    ['brackets that do not pair', '[{"type": "movie"]'],
    ['something after the value', '[] []'],
    ['a bad value inside an item', '[{"type": "movie", "listed_at": 2026-01-01}]'],
    ['an object of something else', '{"name": "My films", "items": [1, 2, 3]}'],
    ['a list of numbers', '[1, 2, 3]'],
    ["a list of titles without Trakt's fields", '[{"title": "Heat", "year": 1995}]'],
    ['an empty list not named as a watchlist', '[]'],
    ['a Simkl list that is not a list', '{"movies": {"title": "Heat"}}'],
    ['a string', '"watchlist"'],
  ])('refuses %s', async (_name, body) => {
    expectUnrecognised(await parseImport(strToU8(body), 'export.json'));
  });

  it('reads an empty Trakt watchlist named as one', async () => {
    expect(await parseImport(strToU8('[]'), 'watchlist-movies.json')).toEqual({
      ok: true,
      source: 'trakt',
      rows: [],
    });
  });

  it('refuses a file nested deeper than any export, without parsing it', async () => {
    const deep = strToU8(`${'['.repeat(4_000_000)}${']'.repeat(4_000_000)}`);
    const started = performance.now();
    expectUnrecognised(await parseImport(deep, 'watchlist.json'));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a ZIP whose watchlist JSON files are not Trakt lists', async () => {
    expectUnrecognised(await parseImport(zipSync({ 'watchlist-movies.json': strToU8('{"movies": []}') })));
    expectUnrecognised(await parseImport(zipSync({ 'watchlist-movies.json': strToU8('[{"type": "movie"') })));
  });
});

describe('limits of JSON exports', () => {
  const many = (n: number) =>
    Array.from(
      { length: n },
      (_, i): TraktSampleItem => ({
        type: 'movie',
        title: `Film ${i}`,
        year: 2027,
        trakt: i + 1,
        tmdb: i + 1,
        imdb: null,
      }),
    );

  it(`reads ${IMPORT_MAX_ROWS} Trakt items and refuses one more, giving the event loop turns`, async () => {
    const { result, turns } = await turnsDuring(() => parseImport(traktWatchlistJson(many(IMPORT_MAX_ROWS))));
    expect(rowsOf(result)).toHaveLength(IMPORT_MAX_ROWS);
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(await parseImport(traktWatchlistJson(many(IMPORT_MAX_ROWS + 1)))).toMatchObject({
      ok: false,
      code: 'IMPORT_TOO_MANY_ROWS',
    });
    const split = zipSync({
      'watchlist-movies.json': traktWatchlistJson(many(IMPORT_MAX_ROWS).slice(0, 15_000)),
      'watchlist-shows.json': traktWatchlistJson(many(IMPORT_MAX_ROWS + 1).slice(15_000)),
    });
    expect(await parseImport(split)).toMatchObject({ ok: false, code: 'IMPORT_TOO_MANY_ROWS' });
  });

  it(`refuses a Simkl backup or a Releasebell export of more than ${IMPORT_MAX_ROWS} titles`, async () => {
    const items: SimklSampleItem[] = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({
      list: i % 2 ? 'movies' : 'shows',
      status: 'plantowatch',
      title: `Title ${i}`,
      year: 2027,
      tmdb: String(i + 1),
      imdb: null,
    }));
    expect(await parseImport(simklBackup(items))).toMatchObject({ ok: false, code: 'IMPORT_TOO_MANY_ROWS' });
    const titles = Array.from(
      { length: IMPORT_MAX_ROWS + 1 },
      (_, i): ReleasebellSampleTitle => ({
        media_type: 'movies',
        title: `Title ${i}`,
        release_date: null,
        provider_id: `tmdb:movie:${i + 1}`,
      }),
    );
    expect(await parseImport(releasebellExportJson({ watchlist: titles }))).toMatchObject({
      ok: false,
      code: 'IMPORT_TOO_MANY_ROWS',
    });
  });

  it('refuses a JSON file over 10 MB, and a ZIP whose watchlist files inflate past it together', async () => {
    const padded = strToU8(`[${' '.repeat(IMPORT_MAX_BYTES)}]`);
    expect(await parseImport(padded, 'watchlist.json')).toMatchObject({ code: 'IMPORT_TOO_LARGE' });
    const half = strToU8(`[${' '.repeat(IMPORT_MAX_BYTES / 2)}]`);
    const zip = zipSync({ 'watchlist-movies.json': half, 'watchlist-shows.json': half });
    expect(zip.byteLength).toBeLessThan(IMPORT_MAX_BYTES);
    expect(await parseImport(zip)).toEqual({
      ok: false,
      code: 'IMPORT_ZIP_TOO_LARGE',
      message: english('The files we read in this ZIP come to over 10 MB once unpacked.'),
    });
  });

  it('stops a ZIP bomb named like a watchlist file at the limit', async () => {
    for (const name of ['watchlist-movies.json', 'releasebell.json']) {
      const { result, inflated } = await inflating(() => parseImport(bombZip(2 ** 30, name)));
      expect(result).toMatchObject({ ok: false, code: 'IMPORT_ZIP_TOO_LARGE' });
      expect(inflated).toBeLessThan(IMPORT_MAX_BYTES + 5 * 2 ** 20);
    }
  });

  it('reads a large flat JSON file in pieces, giving the event loop turns', async () => {
    // Millions of tiny values: JSON.parse of it whole would hold the loop for a second.
    const flat = strToU8(`{"movies": [], "noise": [${Array(2_500_000).fill('[]').join(',')}]}`);
    const { result, turns } = await turnsDuring(() => parseImport(flat, 'simkl.json'));
    expect(rowsOf(result)).toEqual([]);
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});

/**
 * What `run` answered, and the bytes that came out of fflate's streaming inflater meanwhile: the work
 * a ZIP made the reader do, whatever sizes it declares.
 */
async function inflating<T>(run: () => Promise<T>): Promise<{ result: T; inflated: number }> {
  let inflated = 0;
  const push = UnzipInflate.prototype.push;
  const spy = vi.spyOn(UnzipInflate.prototype, 'push').mockImplementation(function (
    this: UnzipInflate,
    data,
    final,
  ) {
    const downstream = this.ondata;
    this.ondata = (err, out, last) => {
      if (out) inflated += out.byteLength;
      downstream(err, out, last);
    };
    try {
      push.call(this, data, final);
    } finally {
      this.ondata = downstream;
    }
  });
  try {
    const result = await run();
    return { result, inflated };
  } finally {
    spy.mockRestore();
  }
}

/** How many times the event loop got its turn (a turn for timers and I/O) while `run` went on. */
async function turnsDuring<T>(run: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await run(), turns };
  } finally {
    running = false;
  }
}

/** The row a correct reader makes of a Trakt watchlist item. */
function traktRow(item: TraktSampleItem, line: number): ImportRow {
  const ids = {
    ...(item.tmdb !== null ? { tmdbId: item.tmdb } : {}),
    ...(item.imdb !== null ? { imdbId: item.imdb } : {}),
  };
  if (item.type === 'movie') return { line, title: item.title, year: item.year, kind: 'movie', ...ids };
  if (item.type === 'show') return { line, title: item.title, year: item.year, kind: 'series', ...ids };
  // An episode brings its season.
  return {
    line,
    title: `${item.title}: Season ${item.season}`,
    year: null,
    kind: 'season',
    ...ids,
    seasonNumber: item.season!,
  };
}

/** The row a correct reader makes of a Simkl backup's item. */
function simklRow(item: SimklSampleItem, line: number): ImportRow {
  const film = item.list === 'movies' || item.animeType === 'movie';
  return {
    line,
    title: item.title,
    year: item.year,
    kind: film ? 'movie' : 'series',
    ...(item.tmdb !== null ? { tmdbId: Number(item.tmdb) } : {}),
    ...(item.imdb !== null ? { imdbId: item.imdb } : {}),
    status: item.status,
  };
}

/** The row a correct reader makes of a sample book in a Goodreads file. */
function goodreadsRow(book: SampleBook): Omit<ImportRow, 'line'> {
  return {
    title: book.title,
    year: book.year,
    kind: 'book',
    ...(book.isbn13 ? { isbn13: book.isbn13 } : {}),
    ...(book.isbn10 ? { isbn10: book.isbn10 } : {}),
    authors: book.authors,
    status: book.status,
  };
}

function filmRow(film: SampleFilm, source: 'letterboxd' | 'imdb', current = true): Omit<ImportRow, 'line'> {
  if (source === 'letterboxd') {
    return { title: film.title, year: film.year, kind: 'movie', letterboxdUri: film.letterboxdUri };
  }
  const kind =
    film.type === 'movie'
      ? 'movie'
      : film.type.startsWith('tv') && film.type.endsWith('Series')
        ? 'series'
        : 'other';
  return {
    title: film.title,
    year: film.year,
    kind,
    imdbType: film.type,
    imdbId: film.imdbId,
    ...(current && film.originalTitle !== film.title ? { originalTitle: film.originalTitle } : {}),
    ...(film.directors.length > 0 ? { directors: film.directors } : {}),
  };
}

const withoutLines = (rows: ImportRow[]) => rows.map(({ line: _line, ...row }) => row);

function expectIncreasingLines(rows: ImportRow[]) {
  expect(rows[0]?.line).toBe(2);
  for (let i = 1; i < rows.length; i++) expect(rows[i]!.line).toBeGreaterThan(rows[i - 1]!.line);
}

/** Each row's line is where its record starts: the line holding its first cells (a title, an id). */
function expectLinesStartRecords(csv: string, rows: ImportRow[], key = (row: ImportRow) => row.title) {
  const lines = csv.split('\n');
  for (const row of rows) expect(lines[row.line - 1]).toContain(key(row).replace(/"/g, '""'));
}

describe('generated samples, several hundred rows each', () => {
  it('reads every Goodreads row and its quirks', async () => {
    const books = sampleBooks({ rows: 400, seed: 1 });
    const bytes = goodreadsSample({ rows: 400, seed: 1 });
    const csv = text(bytes);
    // The quirks are there to be handled.
    expect(csv).toContain('"=""978');
    expect(csv).toContain('"="""""');
    expect(csv).toMatch(/,="97[89]\d{10}",/);
    expect(csv).toMatch(/"[^"\n]*\n[^"]*"/);
    expect(books.some((b) => / \([^()]+, #\d+\)$/.test(b.title))).toBe(true);
    expect(books.some((b) => / \([^(),]+ #\d+\)$/.test(b.title))).toBe(true);
    expect(books.some((b) => b.title.includes(': '))).toBe(true);
    expect(books.some((b) => b.authors.length > 1)).toBe(true);
    expect(books.some((b) => !b.isbn13)).toBe(true);
    expect(books.some((b) => b.isbn13?.startsWith('979'))).toBe(true);
    expect(books.some((b) => (b.year ?? 0) < 0)).toBe(true);

    const rows = rowsOf(await parseImport(bytes));
    expect(rows).toHaveLength(400);
    expect(withoutLines(rows)).toEqual(books.map(goodreadsRow));
    expectIncreasingLines(rows);
    // Records, not lines: quoted newlines in reviews push later records down.
    expect(rows.at(-1)!.line).toBeGreaterThan(401);
    expectLinesStartRecords(csv, rows);
  });

  it('reads the same rows, with the same line numbers, from a BOM + CRLF file', async () => {
    const plain = rowsOf(await parseImport(goodreadsSample({ rows: 400, seed: 1 })));
    const windows = goodreadsSample({ rows: 400, seed: 1, bom: true, crlf: true });
    expect([...windows.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(windows)).toContain('\r\n');
    expect(rowsOf(await parseImport(windows))).toEqual(plain);
  });

  it('reads every StoryGraph row', async () => {
    const books = sampleBooks({ rows: 400, seed: 2 });
    const rows = rowsOf(await parseImport(storygraphSample({ rows: 400, seed: 2, crlf: true })));
    expect(rows).toHaveLength(400);
    expect(withoutLines(rows)).toEqual(
      books.map((b) => ({
        title: b.title.replace(/ \([^()]*#\d+\)$/, ''),
        year: null,
        kind: 'book',
        ...(b.isbn13 ? { isbn13: b.isbn13 } : {}),
        authors: b.authors,
        status: b.status,
      })),
    );
    expectIncreasingLines(rows);
    expect(rows.some((r) => r.status === 'did-not-finish')).toBe(true);
  });

  it('reads every row of a Letterboxd watchlist.csv', async () => {
    const films = sampleFilms({ rows: 500, seed: 4 });
    const bytes = letterboxdWatchlistCsv({ rows: 500, seed: 4, bom: true });
    const rows = rowsOf(await parseImport(bytes, 'watchlist.csv'));
    expect(withoutLines(rows)).toEqual(films.map((f) => filmRow(f, 'letterboxd')));
    expect(rows.map((r) => r.line)).toEqual(films.map((_, i) => i + 2));
    expect(films.some((f) => f.title.includes('"') || f.title.includes(','))).toBe(true);
    expect(films.some((f) => f.year === null)).toBe(true);
  });

  it.each(['current', '2017'] as const)('reads every row of an IMDb watchlist (%s export)', async (style) => {
    const films = sampleFilms({ rows: 400, seed: 5 });
    const bytes = imdbWatchlistSample({ rows: 400, seed: 5, style });
    const csv = text(bytes);
    if (style === 'current') {
      expect(csv).toContain(',TV Mini Series,');
      expect(csv).toContain(',Movie,');
    } else {
      expect(csv).toContain(',tvMiniSeries,');
      expect(csv).toContain(',movie,');
    }
    const rows = rowsOf(await parseImport(bytes));
    expect(withoutLines(rows)).toEqual(films.map((f) => filmRow(f, 'imdb', style === 'current')));
    expectIncreasingLines(rows);
    // The Const comes before the Description, which may span lines.
    expectLinesStartRecords(csv, rows, (row) => `,${row.imdbId},`);
    const kinds = new Set(rows.map((r) => r.kind));
    expect(kinds).toEqual(new Set(['movie', 'series', 'other']));
    const types = new Set(rows.map((r) => r.imdbType));
    for (const t of ['tvMiniSeries', 'tvEpisode', 'videoGame', 'short']) expect(types).toContain(t);
  });

  it('writes the same bytes for the same options, and other bytes for another seed', async () => {
    expect(goodreadsSample({ rows: 50, seed: 7 })).toEqual(goodreadsSample({ rows: 50, seed: 7 }));
    expect(letterboxdZip({ rows: 50, seed: 7 })).toEqual(letterboxdZip({ rows: 50, seed: 7 }));
    expect(imdbWatchlistSample({ rows: 50, seed: 7 })).toEqual(imdbWatchlistSample({ rows: 50, seed: 7 }));
    expect(storygraphSample({ rows: 50, seed: 7 })).not.toEqual(storygraphSample({ rows: 50, seed: 8 }));
  });
});

describe('broken records', () => {
  it('turns rows with the wrong column count into problems and keeps all the others', async () => {
    const clean = rowsOf(await parseImport(goodreadsSample({ rows: 400, seed: 1 })));
    const rows = rowsOf(await parseImport(goodreadsSample({ rows: 400, seed: 1, breakRows: [5, 200] })));
    expect(rows).toHaveLength(400);
    for (const i of [5, 200]) {
      expect(rows[i]).toMatchObject({
        line: clean[i]!.line,
        kind: 'book',
        year: null,
        problem: REASONS.cells(25, 24),
      });
    }
    expect(rows.filter((_, i) => i !== 5 && i !== 200)).toEqual(clean.filter((_, i) => i !== 5 && i !== 200));
  });

  it('contains a quote left open in the middle to its own row', async () => {
    const csv = text(fixture('goodreads_library_export.csv'));
    const broken = csv.replace(
      '8855321,"Leviathan Wakes (The Expanse, #1)"',
      '8855321,"Leviathan Wakes (The Expanse, #1)',
    );
    const clean = rowsOf(await parseImport(fixture('goodreads_library_export.csv')));
    const rows = rowsOf(await parseImport(strToU8(broken)));
    expect(rows).toHaveLength(clean.length);
    expect(rows[1]).toMatchObject({
      line: 3,
      problem: expect.stringMatching(/^cells:\d+:24$/),
    });
    expect(rows.filter((_, i) => i !== 1)).toEqual(clean.filter((_, i) => i !== 1));
  });

  it('reads on after a quote that swallows the next row', async () => {
    // A title whose opening quote has no partner on its line: the quote of the next title closes it.
    const csv = text(fixture('letterboxd_watchlist.csv')).replace(
      '2023-09-26,Past Lives',
      '2023-09-26,"Past Lives',
    );
    expect(csv.indexOf('"Past Lives')).toBeLessThan(csv.indexOf('"Taxi, An Encounter"'));
    const rows = rowsOf(await parseImport(strToU8(csv)));
    const clean = rowsOf(await parseImport(fixture('letterboxd_watchlist.csv')));
    expect(rows[0]).toEqual({ line: 2, title: '', year: null, kind: 'movie', problem: QUOTE_PROBLEM });
    expect(rows.slice(1)).toEqual(clean.slice(1));
  });

  it('reads on after a quote that is never closed', async () => {
    const lines = text(fixture('letterboxd_watchlist.csv')).split('\n');
    lines.splice(3, 0, '2023-10-06,"Mysterious Skin,2004,https://boxd.it/1UsG');
    const rows = rowsOf(await parseImport(strToU8(lines.join('\n'))));
    const clean = rowsOf(await parseImport(fixture('letterboxd_watchlist.csv')));
    expect(rows[2]).toEqual({
      line: 4,
      title: '',
      year: null,
      kind: 'movie',
      problem: QUOTE_PROBLEM,
    });
    expect(rows.filter((_, i) => i !== 2)).toEqual(
      clean.map((r) => (r.line >= 4 ? { ...r, line: r.line + 1 } : r)),
    );
  });

  it('skips blank and empty rows silently and reports a row with nothing to match on', async () => {
    const csv = [
      'Date,Name,Year,Letterboxd URI',
      '2024-01-01,Heat,1995,https://boxd.it/h1',
      '',
      ',,,',
      '2024-01-02,,1979,',
      '2024-01-03,Alien,1979,https://boxd.it/al',
      '',
    ].join('\r\n');
    expect(rowsOf(await parseImport(strToU8(csv)))).toEqual([
      { line: 2, title: 'Heat', year: 1995, kind: 'movie', letterboxdUri: 'https://boxd.it/h1' },
      { line: 5, title: '', year: 1979, kind: 'movie', problem: REASONS.noTitle },
      { line: 6, title: 'Alien', year: 1979, kind: 'movie', letterboxdUri: 'https://boxd.it/al' },
    ]);
  });

  it('accepts rows padded with empty cells', async () => {
    const csv = 'Date,Name,Year,Letterboxd URI,\n2024-01-01,Heat,1995,https://boxd.it/h1,,\n';
    expect(rowsOf(await parseImport(strToU8(csv)))).toEqual([
      { line: 2, title: 'Heat', year: 1995, kind: 'movie', letterboxdUri: 'https://boxd.it/h1' },
    ]);
  });
});

describe('limits', () => {
  it(`reads ${IMPORT_MAX_ROWS} rows and refuses one more`, async () => {
    expect(
      rowsOf(await parseImport(letterboxdWatchlistCsv({ rows: IMPORT_MAX_ROWS, seed: 9 }))),
    ).toHaveLength(IMPORT_MAX_ROWS);
    expect(await parseImport(letterboxdWatchlistCsv({ rows: IMPORT_MAX_ROWS + 1, seed: 9 }))).toEqual({
      ok: false,
      code: 'IMPORT_TOO_MANY_ROWS',
      message: english('This file has more than 20,000 rows; split it and import each part.'),
    });
  });

  it('reads a large file in pieces, giving the event loop turns between them', async () => {
    const { result, turns } = await turnsDuring(() =>
      parseImport(letterboxdWatchlistCsv({ rows: IMPORT_MAX_ROWS, seed: 9 })),
    );
    expect(rowsOf(result)).toHaveLength(IMPORT_MAX_ROWS);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('stops reading a file of broken rows once it is past the most rows, pausing as it goes', async () => {
    // Each line opens a quote the next one closes: every row is broken and restarts the reader.
    const junk = strToU8(`Date,Name,Year,Letterboxd URI\n${'a,"b\n'.repeat(IMPORT_MAX_ROWS * 3)}`);
    const { result, turns } = await turnsDuring(() => parseImport(junk, 'watchlist.csv'));
    expect(result).toMatchObject({ ok: false, code: 'IMPORT_TOO_MANY_ROWS' });
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('refuses a file over 10 MB', async () => {
    expect(await parseImport(new Uint8Array(IMPORT_MAX_BYTES + 1))).toEqual({
      ok: false,
      code: 'IMPORT_TOO_LARGE',
      message: english('This file is over 10 MB.'),
    });
  });
});

describe('text encodings', () => {
  it('reads a file Excel re-saved in the Windows code page', async () => {
    // "Y un día Nico se fue" and "Don’t Look Up" in windows-1252: 0xED is í, 0x92 is ’.
    const bytes = new Uint8Array([
      ...strToU8('Date,Name,Year,Letterboxd URI\r\n2024-01-01,Y un d'),
      0xed,
      ...strToU8('a Nico se fue,2013,https://boxd.it/ttqk\r\n2024-01-02,Don'),
      0x92,
      ...strToU8('t Look Up,2021,https://boxd.it/pz8q\r\n'),
    ]);
    expect(rowsOf(await parseImport(bytes)).map((r) => r.title)).toEqual([
      'Y un día Nico se fue',
      'Don’t Look Up',
    ]);
  });

  it('reads UTF-16 with its BOM', async () => {
    const source = text(fixture('letterboxd_watchlist.csv'));
    const utf16 = new Uint8Array(2 + source.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < source.length; i++) {
      utf16[2 + i * 2] = source.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = source.charCodeAt(i) >> 8;
    }
    expect(rowsOf(await parseImport(utf16))).toEqual(
      rowsOf(await parseImport(fixture('letterboxd_watchlist.csv'))),
    );
  });
});

describe('cleanIsbn', () => {
  it.each([
    ['="9780441172719"', '9780441172719'],
    ['="0441172717"', '0441172717'],
    ['9780441172719', '9780441172719'],
    ['978-0-441-17271-9', '9780441172719'],
    [' 0 441 17271 7 ', '0441172717'],
    ['080442957x', '080442957X'],
    ['ISBN 978-0-316-22929-6', '9780316229296'],
    ['="9798886450002"', '9798886450002'],
  ])('reads %s as %s', (cell, isbn) => {
    expect(cleanIsbn(cell)).toBe(isbn);
  });

  it.each([
    ['an empty Goodreads cell', '=""'],
    ['an empty cell', ''],
    ['nothing', undefined],
    ['a wrong ISBN-13 check digit', '9780441172710'],
    ['a wrong ISBN-10 check digit', '0441172718'],
    ['an X that is not the check digit', '04411X2717'],
    ['an EAN that is not an ISBN', '4006381333931'],
    ['an ASIN', 'B0B5F3PZ3L'],
    ['too few digits', '978044117271'],
    ['text', 'unknown'],
  ])('refuses %s', (_name, cell) => {
    expect(cleanIsbn(cell)).toBeNull();
  });

  it('turns an ISBN-10 into its ISBN-13', async () => {
    expect(isbn10To13('0441172717')).toBe('9780441172719');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
  });
});

describe('bookTitleForMatching', () => {
  it.each([
    ['Dune (Dune, #1)', 'Dune'],
    ['Leviathan Wakes (The Expanse #1)', 'Leviathan Wakes'],
    ['Abaddon’s Gate (The Expanse, #3)', 'Abaddon’s Gate'],
    ['The Colour of Magic (Discworld, #1; Rincewind #1)', 'The Colour of Magic'],
    ['The Fellowship of the Ring (The Lord of the Rings, #1-3)', 'The Fellowship of the Ring'],
    ['Sapiens: A Brief History of Humankind', 'Sapiens'],
    [
      'Before the Coffee Gets Cold: Tales from the Café (Before the Coffee Gets Cold, #2)',
      'Before the Coffee Gets Cold',
    ],
    ['  The   Odyssey  ', 'The Odyssey'],
    ['Birdman or (The Unexpected Virtue of Ignorance)', 'Birdman or (The Unexpected Virtue of Ignorance)'],
    ['Re:Zero', 'Re:Zero'],
    ['1984', '1984'],
  ])('%s -> %s', (title, expected) => {
    expect(bookTitleForMatching(title)).toBe(expected);
  });
});

describe('normaliseImdbType', () => {
  it.each([
    ['Movie', 'movie'],
    ['movie', 'movie'],
    ['Feature Film', 'movie'],
    ['TV Series', 'tvSeries'],
    ['tvSeries', 'tvSeries'],
    ['TV Mini Series', 'tvMiniSeries'],
    ['tvMiniSeries', 'tvMiniSeries'],
    ['Mini-Series', 'tvMiniSeries'],
    ['TV Movie', 'tvMovie'],
    ['TV Episode', 'tvEpisode'],
    ['TV Special', 'tvSpecial'],
    ['Short', 'short'],
    ['Video Game', 'videoGame'],
    ['videoGame', 'videoGame'],
    ['Podcast Series', 'podcastSeries'],
    ['Hologram Show', 'hologramShow'],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (value, expected) => {
    expect(normaliseImdbType(value)).toBe(expected);
  });
});
