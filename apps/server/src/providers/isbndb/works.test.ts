import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { createProviderClient } from '../http/provider-client';
import { bookAnswerSchema, booksAnswerSchema } from './schemas';
import { foldEditions, normaliseWork, publishedDate } from './works';

const IMAGES = 'https://images.isbndb.com/covers';

describe('ISBNdb dates', () => {
  it('keep their precision', () => {
    expect(publishedDate('2027')).toEqual({ date: '2027-01-01', precision: 'year' });
    expect(publishedDate('2027-03')).toEqual({ date: '2027-03-01', precision: 'month' });
    expect(publishedDate('2027-03-14')).toEqual({ date: '2027-03-14', precision: 'day' });
    expect(publishedDate('2027-03-14T00:00:01Z')).toEqual({ date: '2027-03-14', precision: 'day' });
    expect(publishedDate(2027)).toEqual({ date: '2027-01-01', precision: 'year' });
    for (const none of ['', null, undefined, 'Spring 2027', '2027-02-30', '2027-13']) {
      expect(publishedDate(none), String(none)).toEqual({ date: null, precision: null });
    }
  });
});

describe('editions of one book', () => {
  const edition = (isbn13: string, binding: string, date: string, extra: object = {}) => ({
    title: 'The Long Orbit',
    isbn13,
    binding,
    date_published: date,
    authors: ['Mara Quill'],
    ...extra,
  });

  it('fold into one work with the earliest date, whatever edition comes first', () => {
    const editions = [
      edition('9780000000011', 'Paperback', '2028-01-09'),
      edition('9780000000028', 'Hardcover', '2027-03-14', { image: `${IMAGES}/28/9780000000028.jpg` }),
      edition('9780000000035', 'Kindle Edition', '2027', { synopsis: 'A ship that never lands.' }),
      { ...edition('9780000000042', 'Hardcover', '2026'), title: 'Another Book', authors: ['Someone Else'] },
    ];
    const works = foldEditions(editions);
    expect(works.map((w) => w.length)).toEqual([3, 1]);
    const item = normaliseWork(works[0]!, IMAGES);
    expect(item).toMatchObject({
      mediaType: 'books',
      title: 'The Long Orbit',
      author: 'Mara Quill',
      creatorLabel: 'Author',
      // "2027" may be the March 14 release itself: the day wins.
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
      description: 'A ship that never lands.',
      image: '/proxy-image/isbndb/28/9780000000028.jpg',
    });
    // The same work from its editions in another order (a later import) is the same item.
    expect(normaliseWork([...works[0]!].reverse(), IMAGES).providerId).toBe(item.providerId);
    // A year before the day is certainly earlier.
    const earlier = normaliseWork(
      [edition('1', 'Hardcover', '2027-03-14'), edition('2', 'Audio', '2026')],
      IMAGES,
    );
    expect(earlier).toMatchObject({ releaseDate: '2026-01-01', releaseDatePrecision: 'year' });
  });
});

describe('ISBNdb against the ISBNdb stand-in', () => {
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  beforeAll(async () => {
    isbndb = await startIsbndbFake({ rateLimit: null });
  });
  afterAll(() => isbndb.close());

  it('reads books and searches through the schemas and folds their editions', async () => {
    const client = createProviderClient({
      name: 'ISBNdb',
      baseUrl: isbndb.url,
      headers: { authorization: isbndb.apiKey },
      keyVariable: 'ISBNDB_API_KEY',
      requestsPerSecond: 50,
    });
    const all = isbndb.data.books;
    const one = await client.get(`/book/${all[0]!.isbn13}`, bookAnswerSchema);
    expect(one.book.isbn13).toBe(all[0]!.isbn13);
    const found = await client.get(`/books/${encodeURIComponent(all[0]!.title)}`, booksAnswerSchema, {
      column: 'title',
      pageSize: 100,
    });
    expect(found.books.length).toBeGreaterThan(0);
    const editions = isbndb.data.editionsOf(all[0]!.title, all[0]!.authors?.[0]);
    const works = foldEditions(found.books.filter((b) => editions.some((e) => e.isbn13 === b.isbn13)));
    expect(works).toHaveLength(1);
  });
});
