// How the product names and links media types and titles, in one place for the web app, the server's
// mails and pages. Plain values (no zod), re-exported by './constants'.
import type { MessageDescriptor } from './i18n';
import { MEDIA_TYPES, type MediaType, SEARCH_TYPES, type SearchType } from './media-types';
import { creditLabel, type Translate } from './notice-texts';

/** Tab and filter names, as the product shows them. */
export const MEDIA_TYPE_LABELS: Record<MediaType, MessageDescriptor> = {
  tv_seasons: /*i18n*/ { id: 'media.type.tvSeasons', message: 'TV Shows' },
  movies: /*i18n*/ { id: 'media.type.movies', message: 'Movies' },
  books: /*i18n*/ { id: 'media.type.books', message: 'Books' },
};

/** One title's kind, in the singular ("Movie", not the filter's "Movies"). */
export const MEDIA_TYPE_SINGULAR: Record<MediaType, MessageDescriptor> = {
  tv_seasons: /*i18n*/ { id: 'media.singular.tvSeasons', message: 'TV Show' },
  movies: /*i18n*/ { id: 'media.singular.movies', message: 'Movie' },
  books: /*i18n*/ { id: 'media.singular.books', message: 'Book' },
};

export const SEARCH_TYPE_LABELS: Record<SearchType, MessageDescriptor> = {
  all: /*i18n*/ { id: 'search.type.all', message: 'All' },
  ...MEDIA_TYPE_LABELS,
};

/**
 * The orders the spec gives, screen by screen. `MEDIA_TYPES` itself is the home tabs' and the
 * leaderboard pills' order (TV Shows, Movies, Books).
 */
export const MEDIA_TYPE_ORDER = {
  /** Header search select, watchlist tabs and the request form: Books, TV Shows, Movies. */
  lists: ['books', 'tv_seasons', 'movies'],
  /** The search page's filters: Movies, TV Shows, Books. */
  searchPage: ['movies', 'tv_seasons', 'books'],
} as const satisfies Record<string, readonly MediaType[]>;

export function isMediaType(value: unknown): value is MediaType {
  return typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);
}

export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** A title's page, relative to the site: `/media/movies/dune-part-three`. */
export function itemPath(item: { media_type: MediaType; slug: string }): string {
  return `/media/${item.media_type}/${encodeURIComponent(item.slug)}`;
}

/**
 * The credit a title shows beside its creator ("Director", "Author", ...) in the reader's words;
 * "Creator" when unnamed; null when the title has no known creator.
 */
export function creatorCredit(
  t: Translate,
  item: { creator: string | null; creator_label: string | null },
): { label: string; name: string } | null {
  return item.creator ? { label: creditLabel(t, item.creator_label), name: item.creator } : null;
}

const BYLINE = {
  none: /*i18n*/ { id: 'credit.none', message: 'N/A' },
  directedBy: /*i18n*/ { id: 'credit.directedBy', message: 'Directed by {name}' },
};

/**
 * The name a watchlist card shows: the author of a book, the director of a movie, the network of a TV
 * season, else the creator, else "N/A".
 */
export function listedCreator(
  t: Translate,
  item: {
    media_type: MediaType;
    author: string | null;
    director: string | null;
    network_name: string | null;
    creator: string | null;
  },
): string {
  const name =
    item.media_type === 'books'
      ? item.author
      : item.media_type === 'movies'
        ? item.director
        : item.network_name;
  return name ?? item.creator ?? t(BYLINE.none);
}

/**
 * The line under a title on a poster or a link preview card: the author of a book, "Directed by …" for
 * a movie, the network of a TV season; null when that is not known.
 */
export function posterByline(
  t: Translate,
  item: {
    media_type: MediaType;
    author: string | null;
    director: string | null;
    network_name: string | null;
  },
): string | null {
  if (item.media_type === 'books') return item.author;
  if (item.media_type === 'movies')
    return item.director ? t(BYLINE.directedBy, { name: item.director }) : null;
  return item.network_name;
}

/** A release date's precision; media.ts's schema names the same three (declared here to stay zod-free). */
type DatePrecision = 'day' | 'month' | 'year';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` date as UTC midnight, so formatting in UTC shows the calendar date as written. */
function utcDate(releaseDate: string): Date | null {
  const m = ISO_DATE.exec(releaseDate);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The app writes dates in US English only, so it spells them out itself: Intl's first formatter loads
 * locale data that would cost a phone a long task as the page hydrates. Same text as Intl's en-US.
 */
function writeUtc(
  d: Date,
  precision: DatePrecision | null | undefined,
  long: boolean,
  weekday: boolean,
): string {
  const year = String(d.getUTCFullYear());
  const month = MONTHS[d.getUTCMonth()] as string;
  if (precision === 'year') return year;
  if (precision === 'month') return `${month} ${year}`;
  const day = `${long ? month : month.slice(0, 3)} ${d.getUTCDate()}, ${year}`;
  return weekday ? `${WEEKDAYS[d.getUTCDay()]}, ${day}` : day;
}

/**
 * "Jun 15, 2026", or "June 2026" / "2026" when only the month or year is known; "N/A" with no date,
 * "Invalid Date" for one that cannot be read. Calendar dates are shown as written, in any time zone.
 */
export function formatReleaseDate(
  releaseDate: string | null | undefined,
  precision: DatePrecision | null | undefined = 'day',
): string {
  if (!releaseDate) return 'N/A';
  const d = utcDate(releaseDate);
  if (!d) return 'Invalid Date';
  return writeUtc(d, precision, false, false);
}

/**
 * The date as mails write it: "Sunday, March 14, 2027" (or "March 14, 2027" with `weekday: false`),
 * "March 2027", "2027"; "TBD" with no readable date. A missing precision is read as a day.
 */
export function formatLongReleaseDate(
  releaseDate: string | null | undefined,
  precision: DatePrecision | null | undefined = 'day',
  { weekday = true }: { weekday?: boolean } = {},
): string {
  const d = releaseDate ? utcDate(releaseDate) : null;
  if (!d) return 'TBD';
  return writeUtc(d, precision, true, weekday);
}
