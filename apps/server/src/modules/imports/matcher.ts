import type { ImportEntryStatus } from '@releasebell/contract';
import type { MediaItemRow } from '../../db/schema';
import { stillToComeOn } from '../../lib/dates';
import { normaliseForSearch } from '../../lib/text';
import type { CatalogRepository } from '../catalog';
import { SIMKL_WANTED } from './json-exports';
import { bookTitleForMatching, type ImportRow, isbn10To13 } from './parse';
import { REASONS, type ReasonCode } from './reasons';

/** What became of one row. */
export interface MatchOutcome {
  status: Exclude<ImportEntryStatus, 'pending'>;
  /** The titles the row brings (a series: its seasons still to come), the one to show first. */
  itemIds: string[];
  /** Ambiguous rows: the candidates, best first. */
  candidateIds: string[];
  reason?: ReasonCode;
}

/** Shelves whose books a member waits for; the others (read, reading) only count for suggestions. */
const WANTED_SHELVES = new Set(['to-read']);

/** TMDB's key of a row's title in the catalog: a movie's, a season's, or a series' ref (its seasons). */
function tmdbKey(row: ImportRow): string | undefined {
  if (row.tmdbId === undefined) return undefined;
  if (row.kind === 'movie') return `tmdb:movie:${row.tmdbId}`;
  if (row.kind === 'season' && row.seasonNumber !== undefined)
    return `tmdb:tv:${row.tmdbId}:${row.seasonNumber}`;
  if (row.kind === 'series') return `tmdb:tv:${row.tmdbId}`;
  return undefined;
}

const yearOf = (item: MediaItemRow) => (item.releaseDate ? Number(item.releaseDate.slice(0, 4)) : null);
/** Within a year of the row's (any, when the row has none). */
const nearYear = (row: ImportRow) => (item: MediaItemRow) =>
  row.year === null || (yearOf(item) !== null && Math.abs(yearOf(item)! - row.year) <= 1);
const firstAuthor = (item: MediaItemRow) => normaliseForSearch((item.author ?? '').split(',')[0] ?? '');

/**
 * Matches read rows against the catalog (ADR 015): a Releasebell export's rows by the catalog's own key
 * first; books by ISBN-13 (an ISBN-10 as its ISBN-13), then title without series suffix or subtitle and
 * first author (or year, without one); movies, series and seasons by TMDB id (a series: its seasons),
 * then IMDb id, then title and year (+-1). A row that finds nothing here is `unmatched` for the
 * providers' turn.
 */
export function createCatalogMatcher(
  catalog: Pick<
    CatalogRepository,
    'byIdentifier' | 'byNormalisedTitle' | 'booksTitledFrom' | 'byProviderIds' | 'seasonsOf'
  >,
) {
  return {
    async match(rows: ImportRow[], context: { today: string; tracked: ReadonlySet<string> }) {
      const outcomes = new Map<number, MatchOutcome>();
      const wanted: ImportRow[] = [];
      for (const row of rows) {
        const skipped = skipReason(row);
        if (skipped) outcomes.set(row.line, skipped);
        else wanted.push(row);
      }
      const isbnOf = (row: ImportRow) => row.isbn13 ?? (row.isbn10 ? isbn10To13(row.isbn10) : undefined);
      const books = wanted.filter((r) => r.kind === 'book');
      const screen = wanted.filter((r) => r.kind !== 'book');
      const series = screen.filter((r) => r.kind === 'series');
      const [byKey, seasonsOf, byIsbn, byImdb, bookTitles, movieTitles, seasonTitles] = await Promise.all([
        catalog.byProviderIds(
          wanted.flatMap((r) => [r.providerId, r.kind === 'series' ? undefined : tmdbKey(r)].filter(isText)),
        ),
        catalog.seasonsOf(series.flatMap((r) => tmdbKey(r) ?? [])),
        catalog.byIdentifier(
          'isbn13',
          books.flatMap((r) => isbnOf(r) ?? []),
        ),
        catalog.byIdentifier(
          'imdb',
          screen.flatMap((r) => r.imdbId ?? []),
        ),
        catalog.booksTitledFrom(books.map((r) => normaliseForSearch(bookTitleForMatching(r.title)))),
        catalog.byNormalisedTitle(
          'movies',
          screen.filter((r) => r.kind === 'movie').flatMap((r) => titlesOf(r)),
        ),
        catalog.byNormalisedTitle(
          'tv_seasons',
          screen.filter((r) => r.kind === 'season').flatMap((r) => titlesOf(r)),
        ),
      ]);
      /** The title a row names by key: its catalog key (a Releasebell export), then its TMDB id. */
      const keyed = (row: ImportRow): MediaItemRow[] => {
        const item =
          (row.providerId ? byKey.get(row.providerId) : undefined) ??
          (row.kind === 'series' ? undefined : byKey.get(tmdbKey(row) ?? ''));
        return item ? [item] : [];
      };

      const decide = (row: ImportRow, found: MediaItemRow[]): MatchOutcome => {
        if (found.length === 0)
          return { status: 'unmatched', itemIds: [], candidateIds: [], reason: REASONS.notFound };
        const toCome = found.filter((i) =>
          stillToComeOn(i.releaseDate, i.releaseDatePrecision, context.today),
        );
        if (row.kind === 'series') {
          // A series is its seasons still to come or undated.
          if (toCome.length === 0)
            return { status: 'skipped', itemIds: [], candidateIds: [], reason: REASONS.alreadyOut };
          const ids = toCome.map((i) => i.id);
          const status = ids.every((id) => context.tracked.has(id)) ? 'already_tracked' : 'matched';
          return { status, itemIds: ids, candidateIds: [] };
        }
        if (found.length > 1) {
          return { status: 'ambiguous', itemIds: [], candidateIds: found.slice(0, 5).map((i) => i.id) };
        }
        const [item] = found;
        if (context.tracked.has(item!.id))
          return { status: 'already_tracked', itemIds: [item!.id], candidateIds: [] };
        if (toCome.length === 0) {
          return { status: 'skipped', itemIds: [item!.id], candidateIds: [], reason: REASONS.alreadyOut };
        }
        return { status: 'matched', itemIds: [item!.id], candidateIds: [] };
      };

      for (const row of books) {
        const isbn = isbnOf(row);
        const exact = keyed(row).concat(isbn ? (byIsbn.get(isbn) ?? []) : []);
        if (exact.length > 0) {
          outcomes.set(row.line, decide(row, exact.slice(0, 1)));
          continue;
        }
        const author = normaliseForSearch(row.authors?.[0] ?? '');
        const title = normaliseForSearch(bookTitleForMatching(row.title));
        // The catalog's title may carry a subtitle the row does not, or the other way round.
        const titled = bookTitles.filter((i) => normaliseForSearch(bookTitleForMatching(i.title)) === title);
        // Without an author (a Releasebell export names none), the year tells editions of a name apart.
        outcomes.set(
          row.line,
          decide(
            row,
            author ? titled.filter((i) => firstAuthor(i) === author) : titled.filter(nearYear(row)),
          ),
        );
      }
      for (const row of screen) {
        const key = keyed(row);
        if (key.length > 0) {
          outcomes.set(row.line, decide(row, key));
          continue;
        }
        // A series by TMDB id: the seasons the catalog holds of it.
        const seasons = row.kind === 'series' ? (seasonsOf.get(tmdbKey(row) ?? '') ?? []) : [];
        if (seasons.length > 0) {
          outcomes.set(row.line, decide(row, seasons));
          continue;
        }
        let exact = row.imdbId ? (byImdb.get(row.imdbId) ?? []) : [];
        // A season by its series' IMDb id (each season carries it): the one with its number.
        if (row.kind === 'season') exact = exact.filter((i) => i.seriesNumber === row.seasonNumber);
        if (exact.length > 0 || row.kind === 'series') {
          outcomes.set(row.line, decide(row, row.kind === 'series' ? exact : exact.slice(0, 1)));
          continue;
        }
        const titles = row.kind === 'season' ? seasonTitles : movieTitles;
        const titled = titlesOf(row).flatMap((t) => titles.get(t) ?? []);
        // A season's year is not its series' (an export names the series' first).
        const near = row.kind === 'season' ? titled : titled.filter(nearYear(row));
        outcomes.set(row.line, decide(row, [...new Map(near.map((i) => [i.id, i])).values()]));
      }
      return outcomes;
    },
  };
}

const isText = (value: string | undefined): value is string => Boolean(value);

/**
 * A row that is not a title to wait for: unreadable, on a read shelf or a Simkl list other than planned
 * or watching, or not a movie, series or book.
 */
function skipReason(row: ImportRow): MatchOutcome | null {
  const none = { itemIds: [], candidateIds: [] };
  if (row.problem) return { status: 'unmatched', ...none, reason: row.problem };
  if (row.kind === 'other') return { status: 'skipped', ...none, reason: REASONS.notATitle };
  if (row.kind === 'book' && row.status && !WANTED_SHELVES.has(row.status)) {
    return { status: 'skipped', ...none, reason: REASONS.shelf(row.status) };
  }
  if (row.kind !== 'book' && row.status && !SIMKL_WANTED.has(row.status)) {
    return { status: 'skipped', ...none, reason: REASONS.simklStatus(row.status) };
  }
  return null;
}

/** A film's names as an export may give them: its title and its original title. */
function titlesOf(row: ImportRow): string[] {
  return [...new Set([row.title, row.originalTitle ?? ''].filter(Boolean).map(normaliseForSearch))];
}
