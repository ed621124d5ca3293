import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  creatorCredit,
  creditText,
  formatLongReleaseDate,
  formatReleaseDate,
  isMediaType,
  isSearchType,
  itemPath,
  listedCreator,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPE_ORDER,
  MEDIA_TYPE_SINGULAR,
  MEDIA_TYPES,
  mobilePreferenceProblem,
  notificationChannels,
  posterByline,
  SEARCH_TYPE_LABELS,
} from './constants';
import { createTranslator } from './i18n';
import { messages as enUS } from './locales/en-US';
import type { ReleaseDatePrecision } from './media';

/** US English, as every surface writes it by default. */
const render = createTranslator({ 'en-US': enUS });
const t = (descriptor: Parameters<typeof render>[1], values?: Parameters<typeof render>[2]) =>
  render('en-US', descriptor, values);

const people = { author: null, director: null, network_name: null, creator: null };

describe('how titles are named and linked', () => {
  it('links a title by type and slug, escaping the slug', () => {
    expect(itemPath({ media_type: 'movies', slug: 'dune-part-three' })).toBe('/media/movies/dune-part-three');
    expect(itemPath({ media_type: 'books', slug: 'a/b c' })).toBe('/media/books/a%2Fb%20c');
  });

  it('names the media types as tabs, filters and single titles do', () => {
    expect(MEDIA_TYPES.map((type) => t(MEDIA_TYPE_LABELS[type]))).toEqual(['TV Shows', 'Movies', 'Books']);
    expect(MEDIA_TYPES.map((type) => t(MEDIA_TYPE_SINGULAR[type]))).toEqual(['TV Show', 'Movie', 'Book']);
    expect(t(SEARCH_TYPE_LABELS.all)).toBe('All');
    expect(SEARCH_TYPE_LABELS.books).toBe(MEDIA_TYPE_LABELS.books);
  });

  it('credits the creator with the label the provider gave, "Creator" when it gave none', () => {
    expect(creditText(t, { creator: 'Mara Quill', creator_label: 'Director' })).toBe('Director: Mara Quill');
    expect(creatorCredit(t, { creator: 'Mara Quill', creator_label: 'Director' })).toEqual({
      label: 'Director',
      name: 'Mara Quill',
    });
    expect(creatorCredit(t, { creator: 'Ann Lee', creator_label: null })).toEqual({
      label: 'Creator',
      name: 'Ann Lee',
    });
    // A label the catalog knows no words for is shown as stored.
    expect(creatorCredit(t, { creator: 'Ann Lee', creator_label: 'Showrunner' })?.label).toBe('Showrunner');
    expect(creatorCredit(t, { creator: 'Ann Lee', creator_label: 'toString' })?.label).toBe('toString');
    expect(creatorCredit(t, { creator: null, creator_label: 'Author' })).toBeNull();
    expect(creditText(t, { creator: null, creator_label: 'Author' })).toBeNull();
  });

  it('names the author of a book, the director of a movie, the network of a season, else the creator or N/A', () => {
    expect(listedCreator(t, { ...people, media_type: 'books', author: 'Ines Varga', director: 'X' })).toBe(
      'Ines Varga',
    );
    expect(listedCreator(t, { ...people, media_type: 'movies', director: 'Mara Quill' })).toBe('Mara Quill');
    expect(listedCreator(t, { ...people, media_type: 'tv_seasons', network_name: 'NorthSky' })).toBe(
      'NorthSky',
    );
    expect(listedCreator(t, { ...people, media_type: 'movies', creator: 'Studio' })).toBe('Studio');
    expect(listedCreator(t, { ...people, media_type: 'movies' })).toBe('N/A');
  });

  it('writes the line under a title on a poster', () => {
    expect(posterByline(t, { ...people, media_type: 'books', author: 'Ines Varga' })).toBe('Ines Varga');
    expect(posterByline(t, { ...people, media_type: 'movies', director: 'Mara Quill' })).toBe(
      'Directed by Mara Quill',
    );
    expect(posterByline(t, { ...people, media_type: 'tv_seasons', network_name: 'NorthSky' })).toBe(
      'NorthSky',
    );
    expect(posterByline(t, { ...people, media_type: 'movies' })).toBeNull();
  });

  it('orders every screen over the same three media types', () => {
    for (const order of Object.values(MEDIA_TYPE_ORDER))
      expect([...order].sort()).toEqual([...MEDIA_TYPES].sort());
    expect(isMediaType('tv_seasons')).toBe(true);
    expect(isMediaType('all')).toBe(false);
    expect(isSearchType('all')).toBe(true);
    expect(isSearchType('podcasts')).toBe(false);
  });
});

describe('notification channels', () => {
  it('always includes email and adds mobile only when asked', () => {
    expect(notificationChannels(false)).toEqual(['email']);
    expect(notificationChannels(true)).toEqual(['email', 'mobile']);
  });

  it('refuses mobile without a phone number, a blank one included', () => {
    expect(t(mobilePreferenceProblem(['email', 'mobile'], '  ')!)).toBe(
      'A phone number is required for mobile notifications.',
    );
    expect(mobilePreferenceProblem(['mobile'], null)).not.toBeNull();
    expect(mobilePreferenceProblem(['email', 'mobile'], '+1 555 0100')).toBeNull();
    expect(mobilePreferenceProblem(['email'], null)).toBeNull();
  });
});

describe('release dates', () => {
  it('formats by precision, as written whatever the zone', () => {
    expect(formatReleaseDate('2026-06-15')).toBe('Jun 15, 2026');
    expect(formatReleaseDate('2026-06-15', 'day')).toBe('Jun 15, 2026');
    expect(formatReleaseDate('2026-06-01', 'month')).toBe('June 2026');
    expect(formatReleaseDate('2026-01-01', 'year')).toBe('2026');
    expect(formatReleaseDate('2026-01-01', null)).toBe('Jan 1, 2026');
  });

  it('shows N/A with no date and "Invalid Date" for one it cannot read', () => {
    expect(formatReleaseDate(null)).toBe('N/A');
    expect(formatReleaseDate('')).toBe('N/A');
    expect(formatReleaseDate('soon')).toBe('Invalid Date');
  });

  it('writes the long date mails use, TBD without one', () => {
    expect(formatLongReleaseDate('2027-03-14', 'day')).toBe('Sunday, March 14, 2027');
    expect(formatLongReleaseDate('2027-03-14', 'day', { weekday: false })).toBe('March 14, 2027');
    expect(formatLongReleaseDate('2027-03-01', 'month')).toBe('March 2027');
    expect(formatLongReleaseDate('2027-01-01', 'year')).toBe('2027');
    expect(formatLongReleaseDate('2027-01-01', null)).toBe('Friday, January 1, 2027');
    expect(formatLongReleaseDate(null, 'day')).toBe('TBD');
    expect(formatLongReleaseDate('soon', 'day')).toBe('TBD');
  });

  it("writes every day of a leap year and the next as Intl's US English does", () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    const short = intl({ year: 'numeric', month: 'short', day: 'numeric' });
    const long = intl({ year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });
    const month = intl({ year: 'numeric', month: 'long' });
    for (let t = Date.UTC(2028, 0, 1); t < Date.UTC(2030, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const iso = d.toISOString().slice(0, 10);
      expect(formatReleaseDate(iso)).toBe(short.format(d));
      expect(formatLongReleaseDate(iso)).toBe(long.format(d));
      expect(formatReleaseDate(iso, 'month')).toBe(month.format(d));
    }
  });

  it('takes the precisions the schema knows', () => {
    expectTypeOf<
      NonNullable<Parameters<typeof formatLongReleaseDate>[1]>
    >().toEqualTypeOf<ReleaseDatePrecision>();
    expectTypeOf<
      NonNullable<Parameters<typeof formatReleaseDate>[1]>
    >().toEqualTypeOf<ReleaseDatePrecision>();
  });
});
