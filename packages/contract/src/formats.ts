// Dates and counts as a reader of each locale writes them. Plain values (no zod), re-exported by
// './constants'. US English keeps the spec's own texts, spelled out in display.ts without Intl.

import { formatLongReleaseDate, formatReleaseDate } from './display';
import type { Locale } from './locales';

type DatePrecision = 'day' | 'month' | 'year';
/** `short`: "14 mars 2027" on cards; `long`: the month in full; `weekday`: with the day's name (mails). */
export type DateStyle = 'short' | 'long' | 'weekday';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** One formatter per locale and options: making one loads locale data, reusing it costs nothing. */
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    formatters.set(key, format);
  }
  return format;
}
function unitFormat(locale: Locale, unit: string, display: 'narrow' | 'short'): Intl.NumberFormat {
  const key = `u ${locale} ${unit} ${display}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    // No grouping: a countdown reads "1200d", as the spec writes it, not "1,200d".
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display, useGrouping: false });
    formatters.set(key, format);
  }
  return format;
}

const DATE_OPTIONS: Record<DatePrecision | 'dayLong' | 'dayWeekday', Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dayLong: { day: 'numeric', month: 'long', year: 'numeric' },
  dayWeekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

/**
 * A release date by its precision in the reader's language: "14 mars 2027", "mars 2027", "2027" in
 * French; "14. März 2027" in German; "2027年3月14日" in Japanese. Null with no readable date (the
 * caller says "TBD" or "N/A" in its own words). A missing precision is read as a day.
 */
export function formatDateIn(
  locale: Locale,
  isoDate: string | null | undefined,
  precision: DatePrecision | null | undefined = 'day',
  style: DateStyle = 'short',
): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? '');
  if (!m) return null;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // Date.UTC rolls a 13th month or a 45th day over into the next: such a date is not one.
  if (at.getUTCMonth() !== Number(m[2]) - 1 || at.getUTCDate() !== Number(m[3])) return null;
  if (locale === 'en-US') {
    return style === 'short'
      ? formatReleaseDate(isoDate, precision)
      : formatLongReleaseDate(isoDate, precision, { weekday: style === 'weekday' });
  }
  const options =
    precision === 'year' || precision === 'month'
      ? DATE_OPTIONS[precision]
      : DATE_OPTIONS[style === 'short' ? 'day' : style === 'long' ? 'dayLong' : 'dayWeekday'];
  return dateFormat(locale, options).format(at);
}

/**
 * How a countdown's units are written: narrow where the language has short symbols readers know
 * ("12d 4h 3m", "12j 4h 3min"), short words where a letter would puzzle ("12 Tg. 4 Std. 3 Min.").
 */
const COUNTDOWN_UNITS: Record<Locale, 'narrow' | 'short'> = {
  'en-US': 'narrow',
  'en-GB': 'narrow',
  es: 'narrow',
  fr: 'narrow',
  de: 'short',
  'pt-BR': 'short',
  ja: 'short',
};

/** Time left as a card's countdown shows it: "12d 4h 3m" in US English, "12 Tg. 4 Std. 3 Min." in German. */
export function formatCountdownIn(
  locale: Locale,
  left: { days: number; hours: number; minutes: number },
): string {
  const display = COUNTDOWN_UNITS[locale];
  return [
    unitFormat(locale, 'day', display).format(left.days),
    unitFormat(locale, 'hour', display).format(left.hours),
    unitFormat(locale, 'minute', display).format(left.minutes),
  ].join(' ');
}

/** A number of days in words: "3 days", "3 Tage", "1 jour" (the plural rules are the locale's). */
export function formatDaysIn(locale: Locale, days: number): string {
  const key = `days ${locale}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' });
    formatters.set(key, format);
  }
  return format.format(days);
}
