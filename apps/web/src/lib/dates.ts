import type { ReleaseDatePrecision } from '@releasebell/contract';
import {
  formatCountdownIn,
  formatDateIn,
  formatLongReleaseDate,
  formatReleaseDate as formatUsReleaseDate,
  type Locale,
} from '@releasebell/contract/constants';
import { translateNow } from './i18n';

const MESSAGES = {
  notAvailable: /*i18n*/ { id: 'lib.dates.notAvailable', message: 'N/A' },
  released: /*i18n*/ { id: 'lib.dates.released', message: 'Released!' },
  comingSoon: /*i18n*/ { id: 'lib.dates.comingSoon', message: 'Coming Soon' },
  nowAvailable: /*i18n*/ { id: 'lib.dates.nowAvailable', message: 'Now Available!' },
  // Three messages with the same US English: other languages say "in 3 days", "in March" and "in 2027"
  // each their own way.
  releasesInTime: /*i18n*/ { id: 'lib.dates.releasesInTime', message: 'Releases in {time}' },
  releasesInMonth: /*i18n*/ { id: 'lib.dates.releasesInMonth', message: 'Releases in {month}' },
  releasesInYear: /*i18n*/ { id: 'lib.dates.releasesInYear', message: 'Releases in {year}' },
};

// The texts below take the page's `language` where a component passes it (their words then come in the
// app's language, through translateNow); without one they are today's US English, word for word.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Precision = ReleaseDatePrecision | null | undefined;

function parts(releaseDate: string | null | undefined): [number, number, number] | null {
  const m = releaseDate ? ISO_DATE.exec(releaseDate) : null;
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * The moment a release counts as out for this viewer, in the viewer's own time zone: the start of its
 * day; for a month or year date (no exact day yet), the start of the next month or year, so it stays
 * upcoming until its month or year is over. A missing precision is read as a day. Null when there is
 * no date or it cannot be read.
 */
export function releaseMoment(releaseDate: string | null | undefined, precision: Precision): Date | null {
  const p = parts(releaseDate);
  if (!p) return null;
  const [year, month, day] = p;
  const d =
    precision === 'year'
      ? new Date(year + 1, 0, 1)
      : precision === 'month'
        ? new Date(year, month, 1)
        : new Date(year, month - 1, day);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A release date as cards write it: "Jun 15, 2026", or "June 2026" / "2026" when only the month or
 * year is known. In `language` when given (the contract's formatter, shared with the server's mails),
 * "N/A" when there is no readable date; without one, the spec's US English ("Invalid Date" for one
 * that cannot be read).
 */
export function formatReleaseDate(
  releaseDate: string | null | undefined,
  precision: Precision = 'day',
  language?: Locale,
): string {
  if (!language) return formatUsReleaseDate(releaseDate, precision);
  return formatDateIn(language, releaseDate, precision, 'short') ?? translateNow(MESSAGES.notAvailable);
}

/**
 * The release date in long US format, as written, whatever the viewer's time zone (it is formatted in
 * UTC): "March 14, 2027", or "March 2027" / "2027" when only the month or year is known; "N/A" with no
 * readable date. The item's quick view shows it so; in `language`'s own long format when given.
 */
export function formatLongDateOrNA(
  releaseDate: string | null | undefined,
  precision: Precision,
  language?: Locale,
): string {
  if (language)
    return formatDateIn(language, releaseDate, precision, 'long') ?? translateNow(MESSAGES.notAvailable);
  if (releaseYear(releaseDate) === null) return MESSAGES.notAvailable.message;
  return formatLongReleaseDate(releaseDate, precision, { weekday: false });
}

/** The calendar year of a release date ("2027-03-01" is 2027), or null without a readable one. */
export function releaseYear(releaseDate: string | null | undefined): number | null {
  return parts(releaseDate)?.[0] ?? null;
}

/**
 * Where a release stands: no date; a day still to come (a countdown runs); a month or year still to
 * come or under way (no exact day, so no countdown); or out.
 */
export type ReleaseState = 'undated' | 'counting' | 'approximate' | 'released';

export function releaseState(
  releaseDate: string | null | undefined,
  precision: Precision,
  now: Date,
): ReleaseState {
  const moment = releaseMoment(releaseDate, precision);
  if (!moment) return 'undated';
  if (moment.getTime() <= now.getTime()) return 'released';
  return precision === 'month' || precision === 'year' ? 'approximate' : 'counting';
}

/** Out once its day has begun, or its month or year is over; no date counts as still to come. */
export function isReleased(releaseDate: string | null | undefined, precision: Precision, now: Date): boolean {
  return releaseState(releaseDate, precision, now) === 'released';
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function countdownParts(target: Date, now: Date): CountdownParts {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: false,
  };
}

function clock(target: Date, now: Date, language: Locale | undefined): string {
  const p = countdownParts(target, now);
  // US English keeps its own text, without Intl (no locale data to load, no "1,000d").
  if (!language || language === 'en-US') return `${p.days}d ${p.hours}h ${p.minutes}m`;
  return formatCountdownIn(language, p);
}

/**
 * Card countdown: "12d 4h 3m" to a day, "Released!" once out, and "Coming Soon" with no date or with
 * only a month or year (the card's date line says which). In `language` when given.
 */
export function cardCountdownText(
  releaseDate: string | null | undefined,
  precision: Precision,
  now: Date,
  language?: Locale,
): string {
  const state = releaseState(releaseDate, precision, now);
  if (state === 'released') return language ? translateNow(MESSAGES.released) : MESSAGES.released.message;
  const target = state === 'counting' ? releaseMoment(releaseDate, precision) : null;
  if (target) return clock(target, now, language);
  return language ? translateNow(MESSAGES.comingSoon) : MESSAGES.comingSoon.message;
}

/**
 * Detail countdown: "Releases in 12d 4h 3m" to a day, "Releases in March 2027" / "Releases in 2027" for
 * a month or year, "Now Available!" once out; null with no date (TBD shows). In `language` when given.
 */
export function detailCountdownText(
  releaseDate: string | null | undefined,
  precision: Precision,
  now: Date,
  language?: Locale,
): string | null {
  const state = releaseState(releaseDate, precision, now);
  if (state === 'undated') return null;
  if (state === 'released')
    return language ? translateNow(MESSAGES.nowAvailable) : MESSAGES.nowAvailable.message;
  if (state === 'approximate') {
    const date = formatReleaseDate(releaseDate, precision, language);
    if (!language) return `Releases in ${date}`;
    return precision === 'year'
      ? translateNow(MESSAGES.releasesInYear, { year: date })
      : translateNow(MESSAGES.releasesInMonth, { month: date });
  }
  const target = releaseMoment(releaseDate, precision);
  if (!target) return null;
  const time = clock(target, now, language);
  return language ? translateNow(MESSAGES.releasesInTime, { time }) : `Releases in ${time}`;
}
