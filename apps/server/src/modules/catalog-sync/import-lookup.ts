import type { Clock } from '../../lib/clock';
import { mainTitle, normaliseForSearch } from '../../lib/text';
import { booksTitled } from '../../providers/isbndb/isbndb-provider';
import { type Book, bulkBooksAnswerSchema } from '../../providers/isbndb/schemas';
import { foldEditions, normaliseWork } from '../../providers/isbndb/works';
import { findSchema, movieListSchema } from '../../providers/tmdb/schemas';
import { createTmdbProvider } from '../../providers/tmdb/tmdb-provider';
import type { NormalisedItem } from '../../providers/types';
import { type CatalogRepository, ingest, upsertItems } from '../catalog';
import type { CatalogProviders } from './providers';

/** What an import's row says of a title the catalog did not have. */
export interface LookupRow {
  kind: 'book' | 'movie' | 'series' | 'season' | 'other';
  /** Books: the title without series suffix or subtitle. */
  title: string;
  year: number | null;
  isbn13?: string;
  author?: string;
  imdbId?: string;
  /** TMDB's id: a movie's, or a series' (a season's too, with its number). */
  tmdbId?: number;
  seasonNumber?: number;
}

/** What the providers' turn brought: titles new to the catalog, and the series it found. */
export interface Brought {
  inserted: number;
  /**
   * The rows' series that TMDB knows, by IMDb id (`tt…`) or TMDB ref (`tmdb:tv:1399`): only their
   * seasons still to come (or undated) come into the catalog, so one still missing after this turn has
   * none (it is out).
   */
  seriesFound: Set<string>;
}

/** Titles fetched side by side: the clients' token buckets keep the providers' pace. */
const AT_ONCE = 8;
/** ISBNs per bulk lookup: what ISBNdb's basic plan takes (larger plans take more). */
const BULK_ISBNS = 100;
/** A title search brings at most this many films of the same name (the matcher chooses). */
const SAME_NAME = 3;

/**
 * Brings into the catalog what TMDB and ISBNdb know of rows the catalog did not have (ADR 015):
 * books by ISBN (ISBNdb's bulk lookup), else by title and first author; films, series and seasons by
 * TMDB id, else by IMDb id (`/find`), else films by title and year. Everything goes through the
 * ingestion pipeline. Answers how many titles came.
 */
export function createImportLookup(options: {
  catalog: CatalogRepository;
  providers: CatalogProviders;
  clock: Clock;
}) {
  const { catalog, providers, clock } = options;

  async function books(rows: LookupRow[]): Promise<NormalisedItem[]> {
    const isbndb = providers.isbndb;
    if (!isbndb) return [];
    // By ISBN in bulk (one request per 100, where a title search is one request per book).
    const isbns = [...new Set(rows.flatMap((r) => r.isbn13 ?? []))];
    const found: Book[] = [];
    for (let i = 0; i < isbns.length; i += BULK_ISBNS) {
      const answer = await isbndb.client.post('/books', bulkBooksAnswerSchema, {
        isbns: isbns.slice(i, i + BULK_ISBNS).join(','),
      });
      found.push(...answer.data);
    }
    const known = new Set(found.flatMap((b) => [b.isbn13, b.isbn ?? '']));
    // The rest by title and first author.
    const byTitle = async (row: LookupRow): Promise<Book[]> => {
      if (!row.author || (row.isbn13 && known.has(row.isbn13))) return [];
      const author = normaliseForSearch(row.author);
      const title = normaliseForSearch(mainTitle(row.title));
      const titled = await booksTitled(isbndb.client, row.title);
      // Only this book: a search by title also finds the author's others of a similar name.
      return titled.filter(
        (b) =>
          normaliseForSearch(b.authors?.[0] ?? '') === author &&
          normaliseForSearch(mainTitle(b.title)) === title,
      );
    };
    found.push(...(await inBatches(rows, byTitle)).flat());
    return foldEditions(found).map((editions) => normaliseWork(editions, isbndb.imageBaseUrl));
  }

  async function screen(rows: LookupRow[], seriesFound: Set<string>): Promise<number> {
    const tmdb = providers.tmdb;
    if (!tmdb) return 0;
    const movies = new Set<number>();
    const series = new Set<number>();
    const seasons = new Map<string, { series: number; season: number }>();
    const season = (id: number, n: number) => seasons.set(`${id}:${n}`, { series: id, season: n });
    // Series asked for by TMDB id: found unless TMDB answers that it has no such series.
    const seriesAsked = new Set<number>();
    await inBatches(rows, async (row) => {
      // TMDB's own id needs no lookup: the title is fetched by it.
      if (row.tmdbId !== undefined) {
        if (row.kind === 'movie') movies.add(row.tmdbId);
        else if (row.kind === 'season' && row.seasonNumber !== undefined)
          season(row.tmdbId, row.seasonNumber);
        else if (row.kind === 'series') {
          series.add(row.tmdbId);
          seriesAsked.add(row.tmdbId);
        }
        return;
      }
      if (row.imdbId) {
        const found = await tmdb.client.get(`/find/${row.imdbId}`, findSchema, {
          external_source: 'imdb_id',
        });
        for (const m of found.movie_results.slice(0, 1)) movies.add(m.id);
        for (const s of found.tv_results.slice(0, 1)) {
          if (row.kind === 'season' && row.seasonNumber !== undefined) season(s.id, row.seasonNumber);
          else {
            series.add(s.id);
            seriesFound.add(row.imdbId);
          }
        }
        if (found.movie_results.length + found.tv_results.length > 0 || row.kind !== 'movie') return;
      }
      if (row.kind !== 'movie') return;
      const query = { query: row.title, include_adult: 'false', language: tmdb.settings.language, page: 1 };
      const hits = (await tmdb.client.get('/search/movie', movieListSchema, query)).results;
      const name = normaliseForSearch(row.title);
      const near = (date: string | null | undefined) =>
        row.year === null || (!!date && Math.abs(Number(date.slice(0, 4)) - row.year) <= 1);
      for (const hit of hits
        .filter((h) => normaliseForSearch(h.title) === name && near(h.release_date))
        .slice(0, SAME_NAME))
        movies.add(hit.id);
    });
    if (movies.size + series.size + seasons.size === 0) return 0;
    const missing = new Set<string>();
    const selection = {
      movies: [...movies],
      series: [...series],
      seasons: [...seasons.values()],
      today: clock,
      onMissing: (providerId: string) => missing.add(providerId),
    };
    const result = await ingest(catalog, createTmdbProvider(tmdb.client, tmdb.settings, selection), {
      at: clock,
      analyze: false,
    });
    for (const id of seriesAsked) if (!missing.has(`tmdb:tv:${id}`)) seriesFound.add(`tmdb:tv:${id}`);
    return result.inserted;
  }

  return {
    async bring(rows: LookupRow[]): Promise<Brought> {
      const found = await books(rows.filter((r) => r.kind === 'book'));
      const written =
        found.length > 0 ? await upsertItems(catalog, found, { source: 'isbndb', at: clock() }) : null;
      const seriesFound = new Set<string>();
      const films = await screen(
        rows.filter((r) => r.kind === 'movie' || r.kind === 'series' || r.kind === 'season'),
        seriesFound,
      );
      const inserted = (written?.inserted ?? 0) + films;
      // The embedded database has no autovacuum: the matcher's next reads are planned on fresh numbers.
      if (inserted > 0) await catalog.analyze();
      return { inserted, seriesFound };
    },
  };
}
export type ImportLookup = ReturnType<typeof createImportLookup>;

async function inBatches<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += AT_ONCE)
    results.push(...(await Promise.all(items.slice(i, i + AT_ONCE).map(fn))));
  return results;
}
