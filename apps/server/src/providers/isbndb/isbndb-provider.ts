import type { Config } from '../../config';
import {
  createProviderClient,
  type ProviderClient,
  ProviderNotFoundError,
  type ProviderTime,
} from '../http/provider-client';
import type { MetadataProvider } from '../types';
import { authorAnswerSchema, type Book, bookAnswerSchema, booksAnswerSchema } from './schemas';
import { foldEditions, normaliseWork, workId, workKey } from './works';

export type IsbndbSettings = NonNullable<Config['isbndb']>;

/**
 * ISBNdb counts requests as they arrive, a second at a time: paced at exactly the plan's rate, a few
 * land inside one second and draw a 429 without Retry-After (about a second lost each). Staying 5%
 * under costs less than those.
 */
const PACE_MARGIN = 0.95;

export function createIsbndbClient(settings: IsbndbSettings, time: ProviderTime = {}): ProviderClient {
  return createProviderClient({
    name: 'ISBNdb',
    baseUrl: settings.apiUrl,
    // ISBNdb takes the bare key, no "Bearer".
    headers: { authorization: settings.apiKey },
    keyVariable: 'ISBNDB_API_KEY',
    requestsPerSecond: settings.requestsPerSecond * PACE_MARGIN,
    ...time,
  });
}

/** The books a title search finds (ISBNdb answers a search that finds nothing with a 404). */
export async function booksTitled(client: ProviderClient, title: string): Promise<Book[]> {
  try {
    const found = await client.get(`/books/${encodeURIComponent(title)}`, booksAnswerSchema, {
      column: 'title',
      pageSize: 100,
    });
    return found.books;
  } catch (err) {
    if (err instanceof ProviderNotFoundError) return [];
    throw err;
  }
}

/** Most books an author's page holds; ISBNdb allows up to 1,000. */
const AUTHOR_PAGE_SIZE = 1000;
/** An author's books are read this many pages deep at most. */
const AUTHOR_PAGES = 5;

/**
 * An author's name as ISBNdb spells it and their works (each with every edition of it by them), or
 * null when ISBNdb knows no such author.
 */
export async function authorWorks(
  client: ProviderClient,
  name: string,
): Promise<{ name: string; works: Book[][] } | null> {
  const books: Book[] = [];
  let spelled: string | null = null;
  for (let page = 1; page <= AUTHOR_PAGES; page++) {
    try {
      const found = await client.get(`/author/${encodeURIComponent(name)}`, authorAnswerSchema, {
        page,
        pageSize: AUTHOR_PAGE_SIZE,
      });
      spelled ??= found.author ?? name;
      books.push(...found.books);
      if (found.books.length < AUTHOR_PAGE_SIZE) break;
    } catch (err) {
      if (err instanceof ProviderNotFoundError) break;
      throw err;
    }
  }
  return spelled === null ? null : { name: spelled, works: foldEditions(books) };
}

/** A book and every edition of the same work that a title search finds. */
async function editionsOf(client: ProviderClient, book: Book): Promise<Book[]> {
  const key = workKey(book);
  const others = (await booksTitled(client, book.title)).filter(
    (b) => b.isbn13 !== book.isbn13 && workKey(b) === key,
  );
  return [book, ...others];
}

/** Books published in `year` (ISBNdb's `date_published` search), up to `pages` pages of 100. */
async function publishedIn(client: ProviderClient, year: string, pages: number): Promise<Book[]> {
  const books: Book[] = [];
  for (let page = 1; page <= pages; page++) {
    try {
      const found = await client.get(`/books/${year}`, booksAnswerSchema, {
        column: 'date_published',
        page,
        pageSize: 100,
      });
      books.push(...found.books);
      if (found.books.length < 100) break;
    } catch (err) {
      // ISBNdb answers a search with nothing (more) to show with a 404.
      if (err instanceof ProviderNotFoundError) break;
      throw err;
    }
  }
  return books;
}

/**
 * Books through the ingestion pipeline, each folded with its editions into one work: the ones named
 * by ISBN (`catalog:import -- isbn:9780441172719`), or those published in the given years (the sync).
 */
export function createIsbndbProvider(
  client: ProviderClient,
  options: {
    isbns?: string[];
    /** Works in the catalog, refreshed by a title search (their editions are matched by work id). */
    works?: { providerId: string; title: string }[];
    years?: string[];
    pages?: number;
    imageBaseUrl: string;
    onMissing?: (providerId: string) => void;
  },
): MetadataProvider<Book[]> {
  return {
    name: 'isbndb',
    async *fetch() {
      const works = new Map<string, Book[]>();
      const found = new Map<string, Book>();
      for (const year of options.years ?? []) {
        for (const book of await publishedIn(client, year, options.pages ?? 10)) {
          if (!found.has(workKey(book))) found.set(workKey(book), book);
        }
      }
      // Every edition of each work, not only those of these years: the date is the earliest
      // edition's, and a partial set would make a later import look like a moved date.
      for (const [key, book] of found) works.set(key, await editionsOf(client, book));
      for (const isbn of options.isbns ?? []) {
        try {
          const { book } = await client.get(`/book/${isbn}`, bookAnswerSchema);
          if (!works.has(workKey(book))) works.set(workKey(book), await editionsOf(client, book));
        } catch (err) {
          if (!(err instanceof ProviderNotFoundError)) throw err;
          options.onMissing?.(`isbn:${isbn}`);
        }
      }
      for (const work of options.works ?? []) {
        const editions = (await booksTitled(client, work.title)).filter((b) => workId(b) === work.providerId);
        if (editions.length > 0) works.set(work.providerId, editions);
        else options.onMissing?.(work.providerId);
      }
      yield [...works.values()];
    },
    normalise: (editions) => normaliseWork(editions, options.imageBaseUrl),
  };
}
