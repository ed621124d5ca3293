import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ISBNDB_ERRORS, type IsbndbBook, type IsbndbFake, startIsbndbFake, toIsbn10 } from './isbndb-fake';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

let fake: IsbndbFake;

beforeAll(async () => {
  fake = await startIsbndbFake({ now: NOW, rateLimit: null });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.data.reset();
  fake.requests.length = 0;
  fake.setRateLimit(null);
});

const get = (path: string, authorization: string | null = fake.apiKey) =>
  fetch(`${fake.url}${path}`, { headers: authorization === null ? {} : { authorization } });

async function json<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await get(path);
  return { status: res.status, body: (await res.json()) as T };
}

type BookPage = { total: number; books: IsbndbBook[] };

describe('auth', () => {
  it('wants the key itself in the Authorization header', async () => {
    const missing = await get('/book/9781600000003', null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(ISBNDB_ERRORS.unauthorized);

    const wrong = await get('/book/9781600000003', 'not-the-key');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: 'User is not authorized to access this resource with an explicit deny',
    });

    expect((await get('/book/9781600000003', `Bearer ${fake.apiKey}`)).status).toBe(403);
    // A key in the query string does not count, as the docs warn.
    const inQuery = await get(`/book/9781600000003?Authorization=${fake.apiKey}`, null);
    expect(inQuery.status).toBe(401);

    expect((await get('/book/9781600000003')).status).toBe(200);
  });

  it('answers an unknown path like API Gateway, before auth', async () => {
    const res = await get('/nope/1', null);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Missing Authentication Token' });
  });
});

describe('GET /book/{isbn}', () => {
  it('finds a book by ISBN-13 and by ISBN-10, with the full shape', async () => {
    const salt = fake.data.editionsOf('The Salt Orchard', 'Mara Ellison');
    const hardcover = salt.find((b) => b.binding === 'Hardcover')!;
    const isbn10 = toIsbn10(hardcover.isbn13)!;
    expect(hardcover.isbn).toBe(isbn10);

    const by13 = await json<{ book: IsbndbBook }>(`/book/${hardcover.isbn13}`);
    const by10 = await json<{ book: IsbndbBook }>(`/book/${isbn10}`);
    expect(by13.status).toBe(200);
    expect(by10.body).toEqual(by13.body);
    const { book } = by13.body;
    expect(book).toMatchObject({
      title: 'The Salt Orchard',
      title_long: 'The Salt Orchard: A Novel',
      isbn: isbn10,
      isbn13: hardcover.isbn13,
      binding: 'Hardcover',
      publisher: 'Harbor Lane Press',
      language: 'en',
      date_published: new Date(NOW.getTime() - 400 * DAY).toISOString().slice(0, 10),
      edition: '1',
      pages: 384,
      authors: ['Mara Ellison'],
      reviews: [expect.any(String)],
      related: { type: 'print' },
    });
    expect(book.image).toBe(
      `https://images.isbndb.com/covers/${hardcover.isbn13.slice(9, 11)}/${hardcover.isbn13.slice(11)}/${hardcover.isbn13}.jpg`,
    );
    expect(book.subjects).toContain('Fiction');
    expect(book.dimensions_structured?.height).toEqual({ unit: 'inches', value: 9.5 });
    expect(book.other_isbns).toHaveLength(3);
  });

  it('answers 404 with ISBNdb body for an unknown ISBN', async () => {
    const res = await get('/book/9780000000002');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ errorMessage: 'Not Found' });
  });
});

describe('GET /books/{query}', () => {
  it('searches titles, with every word when shouldMatchAll=1', async () => {
    const all = await json<BookPage>('/books/salt%20orchard?column=title&shouldMatchAll=1');
    expect(all.body.total).toBe(4);
    expect(new Set(all.body.books.map((b) => b.title))).toEqual(new Set(['The Salt Orchard']));
    expect(new Set(all.body.books.map((b) => b.isbn13)).size).toBe(4);

    // Without it any word will do, the full matches first.
    const any = await json<BookPage>('/books/salt%20orchard?column=title');
    expect(any.body.total).toBeGreaterThan(4);
    expect(any.body.books.slice(0, 4).every((b) => b.title === 'The Salt Orchard')).toBe(true);
  });

  it('pages with page and pageSize', async () => {
    const first = await json<BookPage>('/books/the?column=title&page=1&pageSize=5');
    const second = await json<BookPage>('/books/the?column=title&page=2&pageSize=5');
    expect(first.body.total).toBeGreaterThan(10);
    expect(second.body.total).toBe(first.body.total);
    expect(first.body.books).toHaveLength(5);
    expect(second.body.books).toHaveLength(5);
    const firstIsbns = first.body.books.map((b) => b.isbn13);
    expect(second.body.books.some((b) => firstIsbns.includes(b.isbn13))).toBe(false);

    const defaultPage = await json<BookPage>('/books/the?column=title');
    expect(defaultPage.body.books).toHaveLength(Math.min(20, defaultPage.body.total));
    const past = await json<BookPage>('/books/the?column=title&page=99&pageSize=5');
    expect(past).toEqual({ status: 200, body: { total: first.body.total, books: [] } });
  });

  it('searches authors and publication years', async () => {
    const reyne = await json<BookPage>('/books/tobias%20reyne?column=author&shouldMatchAll=1&pageSize=50');
    const hisBooks = fake.data.books.filter((b) => b.authors?.includes('Tobias Reyne'));
    expect(hisBooks.length).toBeGreaterThanOrEqual(9);
    expect(reyne.body.total).toBe(hisBooks.length);
    expect(reyne.body.books.every((b) => b.authors?.includes('Tobias Reyne'))).toBe(true);

    const year = String(NOW.getUTCFullYear() + 1);
    const upcoming = await json<BookPage>(`/books/${year}?column=date_published&pageSize=100`);
    expect(upcoming.body.total).toBeGreaterThan(0);
    expect(upcoming.body.books.every((b) => b.date_published?.startsWith(year))).toBe(true);

    const french = await json<BookPage>('/books/maison?language=fr');
    expect(french.body.books.map((b) => b.language)).toEqual(['fr', 'fr']);
  });

  it('answers 404 when nothing matches', async () => {
    const res = await get('/books/xylophonic%20zeppelins');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errorMessage: 'Not Found' });
  });
});

describe('authors, publishers, search and bulk', () => {
  it('lists an author with their books, and searches authors', async () => {
    const author = await json<{ author: string; books: IsbndbBook[] }>('/author/mara_ellison?pageSize=3');
    expect(author.body.author).toBe('Mara Ellison');
    expect(author.body.books).toHaveLength(3);
    expect(author.body).not.toHaveProperty('total');
    expect((await json('/author/mara%20ellison?page=2&pageSize=3')).body).toMatchObject({
      books: expect.any(Array),
    });
    expect((await get('/author/nobody_at_all')).status).toBe(404);

    const authors = await json<{ total: number; authors: string[] }>('/authors/lindqvist');
    expect(authors.body).toEqual({ total: 1, authors: ['Sofia Lindqvist'] });
  });

  it('lists a publisher and searches books by field', async () => {
    const publisher = await json<{ publisher: string; books: IsbndbBook[] }>('/publisher/blackline');
    expect(publisher.body.publisher).toBe('Blackline');
    expect(publisher.body.books.every((b) => b.publisher === 'Blackline')).toBe(true);

    const search = await json<{ total: number; data: IsbndbBook[] }>(
      '/search/books?text=dead%20reckoning&author=jonah%20albright',
    );
    expect(search.body.total).toBe(4);
    expect(search.body.data.map((b) => b.binding)).toContain('Kindle Edition');
  });

  it('looks up many ISBNs with POST /books, leaving out unknown ones', async () => {
    const [a, b] = fake.data.books;
    const res = await fetch(`${fake.url}/books`, {
      method: 'POST',
      headers: { authorization: fake.apiKey, 'content-type': 'application/json' },
      body: `isbns=${a!.isbn13},${b!.isbn},9780000000002`,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; requested: number; data: IsbndbBook[] };
    expect(body.total).toBe(2);
    expect(body.requested).toBe(3);
    expect(body.data.map((x) => x.isbn13)).toEqual([a!.isbn13, b!.isbn13]);

    const asJson = await fetch(`${fake.url}/books`, {
      method: 'POST',
      headers: { authorization: fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ isbns: [a!.isbn13] }),
    });
    expect(((await asJson.json()) as { total: number }).total).toBe(1);
  });
});

describe('the seed', () => {
  it('has about 80 books: editions, partial dates, upcoming books and missing fields', () => {
    const { books } = fake.data;
    expect(books.length).toBeGreaterThanOrEqual(75);
    expect(new Set(books.map((b) => b.isbn13)).size).toBe(books.length);

    const salt = fake.data.editionsOf('The Salt Orchard', 'Mara Ellison');
    expect(new Set(salt.map((b) => b.binding))).toEqual(
      new Set(['Hardcover', 'Paperback', 'Kindle Edition', 'Audible Audiobook']),
    );
    expect(new Set(salt.map((b) => b.date_published)).size).toBeGreaterThan(1);

    const dates = books.flatMap((b) => (b.date_published ? [b.date_published] : []));
    expect(dates.some((d) => /^\d{4}$/.test(d))).toBe(true);
    expect(dates.some((d) => /^\d{4}-\d{2}$/.test(d))).toBe(true);
    expect(dates.some((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(dates.some((d) => /^\d{4}-\d{2}-\d{2}T/.test(d))).toBe(true);

    const inAYear = new Date(NOW.getTime() + 365 * DAY).toISOString().slice(0, 10);
    const today = NOW.toISOString().slice(0, 10);
    const upcoming = dates.filter(
      (d) => d.length >= 10 && d.slice(0, 10) > today && d.slice(0, 10) < inAYear,
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(10);

    expect(books.some((b) => b.date_published === undefined)).toBe(true);
    expect(books.some((b) => b.authors === undefined || b.authors.length === 0)).toBe(true);
    expect(books.some((b) => b.image === undefined)).toBe(true);
    expect(books.some((b) => b.isbn13.startsWith('979') && b.isbn === b.isbn13 && !b.isbn10)).toBe(true);
  });
});

describe('failures', () => {
  it('answers 429 Limit Exceeded above the rate, without Retry-After', async () => {
    let t = 0;
    const limited = await startIsbndbFake({ now: NOW, rateLimit: 2, clock: () => t });
    try {
      const call = () =>
        fetch(`${limited.url}/book/9781600000003`, { headers: { authorization: limited.apiKey } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: 'Limit Exceeded' });
      expect(refused.headers.get('retry-after')).toBeNull();
      t += 1001;
      expect((await call()).status).toBe(200);
      limited.setRateLimit(null);
      const burst = await Promise.all(Array.from({ length: 5 }, call));
      expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });

  it('defaults to the basic plan: 1 request per second', async () => {
    const basic = await startIsbndbFake({ now: NOW, clock: () => 0 });
    try {
      const call = () =>
        fetch(`${basic.url}/book/9781600000003`, { headers: { authorization: basic.apiKey } });
      expect([(await call()).status, (await call()).status]).toEqual([200, 429]);
    } finally {
      await basic.close();
    }
  });

  it('forces answers with failNext: statuses, bodies, Retry-After', async () => {
    fake.failNext(1, { status: 503 });
    fake.failNext(1, { status: 429, retryAfter: 7 });
    fake.failNext(1, { status: 500, body: 'upstream exploded' });
    const unavailable = await get('/book/9781600000003');
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ message: 'Service Unavailable' });
    const limited = await get('/book/9781600000003');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toEqual(ISBNDB_ERRORS.limitExceeded);
    const broken = await get('/book/9781600000003', null);
    expect([broken.status, await broken.text()]).toEqual([500, 'upstream exploded']);
    expect((await get('/book/9781600000003')).status).toBe(200);
  });

  it("forces 'drop' and 'hang'", async () => {
    fake.failNext(1, 'drop');
    await expect(get('/book/9781600000003')).rejects.toThrow();

    fake.failNext(1, 'hang');
    const controller = new AbortController();
    const hanging = fetch(`${fake.url}/book/9781600000003`, {
      headers: { authorization: fake.apiKey },
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(2));
    controller.abort();
    await expect(hanging).rejects.toThrow();
    expect(fake.requests.map((r) => r.status)).toEqual([null, null]);

    expect((await get('/book/9781600000003')).status).toBe(200);
  });
});

describe('data', () => {
  it('shows mutations in the answers', async () => {
    const [hardcover] = fake.data.editionsOf('Dead Reckoning');
    fake.data.setDatePublished(hardcover!.isbn13, '2030-01');
    expect((await json<{ book: IsbndbBook }>(`/book/${hardcover!.isbn13}`)).body.book.date_published).toBe(
      '2030-01',
    );

    const audio = fake.data.addEdition(hardcover!.isbn13, {
      binding: 'Audio CD',
      date_published: '2030-02-02',
    });
    expect(audio.isbn13).not.toBe(hardcover!.isbn13);
    const found = await json<BookPage>('/books/dead%20reckoning?column=title&shouldMatchAll=1');
    expect(found.body.total).toBe(5);
    expect(
      (await json<{ book: IsbndbBook }>(`/book/${hardcover!.isbn13}`)).body.book.other_isbns,
    ).toContainEqual({ isbn: audio.isbn13, binding: 'Audio CD' });

    const added = fake.data.add({
      title: 'A Brand New Book',
      authors: ['New Author'],
      date_published: '2027',
    });
    expect((await json<{ book: IsbndbBook }>(`/book/${added.isbn}`)).body.book.title).toBe(
      'A Brand New Book',
    );

    expect(fake.data.remove(audio.isbn13)).toBe(true);
    expect((await get(`/book/${audio.isbn13}`)).status).toBe(404);

    fake.data.reset();
    expect(fake.data.get(hardcover!.isbn13)?.date_published).not.toBe('2030-01');
    expect(fake.data.get(added.isbn13)).toBeUndefined();
  });

  it('logs requests with their auth header and status', async () => {
    await get('/books/salt?pageSize=2');
    await get('/book/9780000000002', 'wrong');
    expect(fake.requests).toEqual([
      {
        method: 'GET',
        path: '/books/salt',
        query: { pageSize: '2' },
        authorization: fake.apiKey,
        body: '',
        status: 200,
      },
      {
        method: 'GET',
        path: '/book/9780000000002',
        query: {},
        authorization: 'wrong',
        body: '',
        status: 403,
      },
    ]);
  });
});
