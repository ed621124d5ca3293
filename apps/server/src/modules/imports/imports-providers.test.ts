import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestUser } from '../../../test/helpers';
import { importFile } from '../../../test/imports';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { addDays } from '../../lib/dates';

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

describe('imports matched at TMDB and ISBNdb, titles the catalog did not have', () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  let member: TestUser;
  const today = new Date().toISOString().slice(0, 10);

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
      },
    });
    member = await signUp(app, { register: true });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([tmdb.close(), isbndb.close()]);
  });

  it('matches an IMDb watchlist by IMDb id through /find, a series as its seasons to come', async () => {
    const movieId = tmdb.data.seeded.movies.upcoming[0]!;
    const movie = tmdb.data.movie(movieId);
    const series = tmdb.data.addSeries({ name: 'The Long Lighthouse', imdb_id: 'tt7770001' });
    tmdb.data.addSeason(series.id, { air_date: addDays(today, 60) });
    // A series that has ended: TMDB finds it, and none of its seasons is still to come.
    const ended = tmdb.data.addSeries({ name: 'The Ended Harbour', imdb_id: 'tt7770002' });
    tmdb.data.addSeason(ended.id, { air_date: addDays(today, -800) });
    tmdb.data.addSeason(ended.id, { air_date: addDays(today, -400) });
    const rows = [
      `1,${movie.imdb_id},2026-01-01,2026-01-01,,${csvCell(movie.original_title)},${csvCell(movie.original_title)},https://www.imdb.com/title/${movie.imdb_id},Movie,7.1,120,${tmdb.data.releaseDate(movieId).slice(0, 4)},Drama,100,,,,`,
      `2,tt7770001,2026-01-01,2026-01-01,,"The Long Lighthouse","The Long Lighthouse",https://www.imdb.com/title/tt7770001,TV Series,8,50,2027,Drama,10,,,,`,
      `3,tt0000404,2026-01-01,2026-01-01,,"Nothing Here","Nothing Here",https://www.imdb.com/title/tt0000404,Movie,5,90,2027,Drama,1,,,,`,
      `4,tt7770002,2026-01-01,2026-01-01,,"The Ended Harbour","The Ended Harbour",https://www.imdb.com/title/tt7770002,TV Series,8,50,2023,Drama,10,,,,`,
    ];
    const header =
      'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated';
    const answer = await importFile(app, member, 'watchlist.csv', [header, ...rows].join('\n'));
    expect(answer.source).toBe('imdb');
    expect(answer.entries.map((e: { line: number; status: string }) => [e.line, e.status])).toEqual([
      [2, 'matched'],
      [3, 'matched'],
      [4, 'unmatched'],
      [5, 'skipped'],
    ]);
    expect(answer.entries[3]).toMatchObject({ title: 'The Ended Harbour', reason: 'already out' });
    expect(answer.entries[2]).toMatchObject({ reason: 'not found' });
    expect(answer.entries[0]?.item).toMatchObject({ media_type: 'movies' });
    expect(answer.entries[1]?.item).toMatchObject({
      title: 'The Long Lighthouse: Season 1',
      media_type: 'tv_seasons',
    });
  });

  it('suggests following a director with two films on the list', async () => {
    const director = tmdb.data.addPerson({ name: 'Marisol Eberhardt', known_for_department: 'Directing' });
    const films = ['Harrow Line', 'The Glass Season'].map((title, i) => {
      const movie = tmdb.data.addMovie({
        title,
        usTheatrical: addDays(today, 50 + i),
        imdb_id: `tt880000${i}`,
      });
      tmdb.data.creditPerson('movie', movie.id, director.id, { job: 'Director', department: 'Directing' });
      return movie;
    });
    const header =
      'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated';
    const rows = films.map(
      (m, i) =>
        `${i + 1},${m.imdb_id},2026-01-01,2026-01-01,,${csvCell(m.original_title)},${csvCell(m.original_title)},https://www.imdb.com/title/${m.imdb_id},Movie,7,100,${addDays(today, 50).slice(0, 4)},Drama,10,,Marisol Eberhardt,,`,
    );
    const answer = await importFile(app, member, 'watchlist.csv', [header, ...rows].join('\n'));
    expect(answer.matched).toBe(2);
    expect(answer.suggested_follows).toEqual([
      {
        ref: `tmdb:person:${director.id}`,
        name: 'Marisol Eberhardt',
        kind: 'person',
        because: '2 of their films are on your list',
        checked: false,
      },
    ]);
  });

  it('matches a Letterboxd watchlist by title and year through TMDB search', async () => {
    tmdb.data.addMovie({ title: 'Quiet Orchard', usTheatrical: addDays(today, 90), popularity: 20 });
    const year = addDays(today, 90).slice(0, 4);
    const csv = [
      'Date,Name,Year,Letterboxd URI',
      `2026-11-01,Quiet Orchard,${year},https://boxd.it/abcd`,
    ].join('\n');
    const answer = await importFile(app, member, 'watchlist.csv', csv);
    expect(answer.source).toBe('letterboxd');
    expect(answer.entries).toMatchObject([{ line: 2, status: 'matched', item: { title: 'Quiet Orchard' } }]);
  });

  it('matches a Goodreads shelf at ISBNdb by ISBN, and by title and first author without one', async () => {
    const byIsbn = isbndb.data.add({
      title: 'The Copper Almanac',
      authors: ['Imelda Stroud'],
      date_published: addDays(today, 100),
      binding: 'Hardcover',
      language: 'en',
    });
    isbndb.data.add({
      title: 'Lanterns Over Kessick',
      authors: ['Imelda Stroud'],
      date_published: addDays(today, 200),
      binding: 'Paperback',
      language: 'en',
    });
    const header =
      'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
    const csv = [
      header,
      `1,"The Copper Almanac (Almanacs, #1)",Imelda Stroud,"Stroud, Imelda",,"=""""","=""${byIsbn.isbn13}""",0,0,Pub,Hardcover,300,,,,2026/11/01,to-read,to-read (#1),to-read,,,,0,0`,
      `2,"Lanterns Over Kessick: A Novel",Imelda Stroud,"Stroud, Imelda",,"=""""","=""""",0,0,Pub,Paperback,300,,,,2026/11/01,to-read,to-read (#2),to-read,,,,0,0`,
    ].join('\n');
    const before = isbndb.requests.length;
    const answer = await importFile(app, member, 'goodreads_library_export.csv', csv);
    expect(answer.entries).toMatchObject([
      { line: 2, status: 'matched', item: { title: 'The Copper Almanac' } },
      { line: 3, status: 'matched', item: { title: 'Lanterns Over Kessick' } },
    ]);
    expect(answer).toMatchObject({ matched: 2, unmatched: 0 });
    // The ISBN went in one bulk request; only the book without one was searched by title.
    const asked = isbndb.requests.slice(before);
    expect(asked.filter((r) => r.method === 'POST' && r.path === '/books').map((r) => r.body)).toEqual([
      `isbns=${byIsbn.isbn13}`,
    ]);
    expect(asked.filter((r) => r.path.startsWith('/book/'))).toEqual([]);
  });
});
