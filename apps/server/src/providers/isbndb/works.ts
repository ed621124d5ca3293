import type { ReleaseDatePrecision } from '@releasebell/contract';
import { periodEnd } from '../../lib/dates';
import { shortHash } from '../../lib/short-hash';
import { normaliseForSearch, slugify } from '../../lib/text';
import type { NormalisedItem } from '../types';
import type { Book } from './schemas';

/**
 * ISBNdb's `date_published` with its precision: "2027" is a year, "2027-03" a month, "2027-03-14"
 * (with or without a time) a day; anything else is no date.
 */
export function publishedDate(value: string | number | null | undefined): {
  date: string | null;
  precision: ReleaseDatePrecision | null;
} {
  const text = String(value ?? '').trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (day && isCalendarDay(`${day[1]}-${day[2]}-${day[3]}`)) {
    return { date: `${day[1]}-${day[2]}-${day[3]}`, precision: 'day' };
  }
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (month) return { date: `${month[1]}-${month[2]}-01`, precision: 'month' };
  if (/^\d{4}$/.test(text)) return { date: `${text}-01-01`, precision: 'year' };
  return { date: null, precision: null };
}

function isCalendarDay(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

/** What makes editions one work: the title without an edition note, and the first author. */
export function workKey(book: Book): string {
  const title = book.title
    .replace(
      /\s*[([](hardcover|paperback|kindle edition|ebook|e-book|audiobook|audio cd|mass market)[^)\]]*[)\]]\s*$/i,
      '',
    )
    .trim();
  return `${normaliseForSearch(title)}|${normaliseForSearch(book.authors?.[0] ?? '')}`;
}

/**
 * Editions of one book (hardcover, paperback, ebook, audio) are one item: its id comes from the work,
 * not an ISBN, so another edition arriving later is the same title; its date is the earliest
 * edition's (a day beats a month or a year in the same period).
 */
export function foldEditions(books: Book[]): Book[][] {
  const works = new Map<string, Book[]>();
  for (const book of books) works.set(workKey(book), [...(works.get(workKey(book)) ?? []), book]);
  return [...works.values()];
}

/** The catalog id of the work a book is an edition of. */
export function workId(book: Book): string {
  return `isbndb:work:${shortHash(workKey(book), 6, 'fnv1a')}`;
}

export function normaliseWork(editions: Book[], imageBaseUrl: string): NormalisedItem {
  // The edition out first for sure: the one whose period ends first ("2027" may well be the same
  // release as "2027-03-14", so the day wins; "2026" is certainly earlier than it).
  const dated = editions
    .map((book) => ({ book, ...publishedDate(book.date_published) }))
    .sort(
      (a, b) =>
        periodEnd(a.date, a.precision).localeCompare(periodEnd(b.date, b.precision)) ||
        rank(a.precision) - rank(b.precision),
    );
  const first = dated[0]!;
  // The richest edition speaks for the work: a synopsis and a cover if any edition has them.
  const lead = editions.find((b) => b.synopsis || b.overview) ?? first.book;
  const cover = editions.find((b) => b.image)?.image ?? null;
  const author = first.book.authors?.join(', ') || null;
  return {
    providerId: workId(first.book),
    mediaType: 'books',
    title: first.book.title.trim(),
    description: (lead.synopsis || lead.overview || '').trim(),
    image: cover?.startsWith(`${imageBaseUrl}/`)
      ? `/proxy-image/isbndb${cover.slice(imageBaseUrl.length)}`
      : null,
    author,
    director: null,
    networkName: null,
    series: null,
    seriesNumber: null,
    creator: author,
    creatorLabel: 'Author',
    releaseDate: first.date,
    releaseDatePrecision: first.precision,
    language: (first.book.language ?? 'en').slice(0, 2).toLowerCase(),
    genres: [...new Set(editions.flatMap((b) => b.subjects ?? []))].slice(0, 5),
    hypeMeterPercentage: null,
    popularity: 0,
    credits: (first.book.authors ?? []).map((name) => ({ ref: authorRef(name), role: 'author', name })),
    // Every edition's ISBN-13, and those ISBNdb links to them: an import names a book by any of them.
    identifiers: editions
      .flatMap((b) => [b.isbn13, ...(b.other_isbns ?? []).map((o) => o.isbn)])
      .filter((isbn) => /^97[89]\d{10}$/.test(isbn))
      .map((value) => ({ scheme: 'isbn13' as const, value })),
  };
}

/** An author's ref: ISBNdb knows authors only by name (`/author/{name}`). */
export function authorRef(name: string): string {
  return `isbndb:author:${slugify(name)}`;
}

const rank = (p: ReleaseDatePrecision | null) => (p === 'day' ? 0 : p === 'month' ? 1 : p === 'year' ? 2 : 3);
