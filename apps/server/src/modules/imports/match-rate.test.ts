import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, instantProviderTime, signUp, type TestUser } from '../../../test/helpers';
import {
  goodreadsSample,
  imdbWatchlistSample,
  letterboxdZip,
  sampleBooks,
  sampleFilms,
  storygraphSample,
} from '../../../test/import-samples';
import { importFile } from '../../../test/imports';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { addDays } from '../../lib/dates';
import { normaliseForSearch } from '../../lib/text';
import { bookTitleForMatching } from './parse';

interface Entry {
  line: number;
  title: string;
  status: string;
  reason?: string;
  item?: { title: string; media_type: string };
}

/** Found: on the list to add, already tracked, or known and out already. */
const identified = (e: Entry) =>
  e.status === 'matched' ||
  e.status === 'already_tracked' ||
  (e.status === 'skipped' && e.reason === 'already out');

/**
 * Realistic exports of several hundred rows, their titles known to the stand-ins as the real services
 * would know them: at least 95% of the rows that are titles to wait for are found, and none wrongly.
 */
describe('how much of a realistic export is matched', () => {
  const today = new Date().toISOString().slice(0, 10);
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  let member: TestUser;

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    isbndb = await startIsbndbFake({ rateLimit: null, books: [] });
    app = await buildTestApp({
      // TMDB's pacing (40 requests a second) takes no real time: the stand-ins limit nothing.
      providerTime: instantProviderTime(),
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

  const imported = async (name: string, content: Uint8Array) =>
    (await importFile(app, member, name, content)).entries as Entry[];

  it('finds 95% of a Goodreads shelf to read, by ISBN or by title and author, and no book wrongly', async () => {
    const books = sampleBooks({ rows: 400, seed: 7 });
    // ISBNdb names a book without the series Goodreads appends; half the time with its subtitle.
    books.forEach((b, i) => {
      const title =
        i % 2 === 0 ? bookTitleForMatching(b.title) : b.title.replace(/\s*\([^()]*#\s*\d[^()]*\)$/, '');
      isbndb.data.add({
        title,
        authors: b.authors,
        ...(b.isbn13 ? { isbn13: b.isbn13 } : {}),
        date_published: i % 3 === 0 ? '2015-04-01' : addDays(today, 30 + i),
        binding: 'Paperback',
        language: 'en',
      });
    });
    const entries = await imported('goodreads_library_export.csv', goodreadsSample({ rows: 400, seed: 7 }));
    const wanted = entries.filter((e) => !(e.status === 'skipped' && e.reason?.startsWith('on your')));
    const found = wanted.filter(identified);
    expect(found.length / wanted.length).toBeGreaterThanOrEqual(0.95);
    const wrong = found.filter(
      (e) =>
        e.item &&
        normaliseForSearch(bookTitleForMatching(e.item.title)) !==
          normaliseForSearch(bookTitleForMatching(e.title)),
    );
    expect(wrong).toEqual([]);

    // The same library exported from StoryGraph: its books are in the catalog now.
    const storygraph = await imported('storygraph.csv', storygraphSample({ rows: 400, seed: 7 }));
    const storyWanted = storygraph.filter(
      (e) => !(e.status === 'skipped' && e.reason?.startsWith('on your')),
    );
    expect(storyWanted.filter(identified).length / storyWanted.length).toBeGreaterThanOrEqual(0.95);
  });

  it('finds 95% of an IMDb watchlist and of a Letterboxd export, and no title wrongly', async () => {
    const films = sampleFilms({ rows: 200, seed: 11 });
    for (const [i, f] of films.entries()) {
      // TMDB's title is the English one; the original title beside it.
      const release = f.year === null ? null : i % 2 === 0 ? `${f.year}-06-01` : addDays(today, 20 + i);
      if (f.type === 'movie') {
        tmdb.data.addMovie({
          title: f.title,
          original_title: f.originalTitle,
          imdb_id: f.imdbId,
          usTheatrical: release === null || release.startsWith(String(f.year)) ? release : `${f.year}-06-01`,
        });
      } else if (f.type === 'tvSeries' || f.type === 'tvMiniSeries') {
        const series = tmdb.data.addSeries({ name: f.title, imdb_id: f.imdbId });
        tmdb.data.addSeason(series.id, { air_date: i % 2 === 0 ? null : addDays(today, 40) });
      }
    }
    const screen = (entries: Entry[]) =>
      entries.filter((e) => !(e.status === 'skipped' && e.reason === 'not a movie, series or book'));
    const imdb = screen(await imported('watchlist.csv', imdbWatchlistSample({ rows: 200, seed: 11 })));
    expect(imdb.filter(identified).length / imdb.length).toBeGreaterThanOrEqual(0.95);

    // Letterboxd lists films only, by name and year (its export has no IMDb id).
    for (const f of sampleFilms({ rows: 200, seed: 12 }))
      tmdb.data.addMovie({ title: f.title, usTheatrical: f.year === null ? null : `${f.year}-06-01` });
    const letterboxd = await imported('letterboxd.zip', letterboxdZip({ rows: 200, seed: 12 }));
    expect(letterboxd.filter(identified).length / letterboxd.length).toBeGreaterThanOrEqual(0.95);

    for (const e of [...imdb, ...letterboxd].filter(identified).filter((x) => x.item)) {
      const item = normaliseForSearch(e.item!.title);
      const title = normaliseForSearch(e.title);
      expect(item === title || item.startsWith(`${title} season`), `${e.title} -> ${e.item!.title}`).toBe(
        true,
      );
    }
  });
});
