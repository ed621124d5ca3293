import type { ReleaseDatePrecision } from '@releasebell/contract';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The moment a release happens for this viewer: the start of its day (or month, or year) in the
 * viewer's own time zone. Null when there is no date or it cannot be read.
 */
export function releaseMoment(releaseDate: string | null | undefined): Date | null {
  const m = releaseDate ? ISO_DATE.exec(releaseDate) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
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

/** Card countdown: "12d 4h 3m", "Released!" once out, "Coming Soon" with no date. */
export function cardCountdownText(releaseDate: string | null | undefined, now: Date): string {
  const target = releaseMoment(releaseDate);
  if (!target) return 'Coming Soon';
  const p = countdownParts(target, now);
  return p.done ? 'Released!' : `${p.days}d ${p.hours}h ${p.minutes}m`;
}

/** Detail countdown: "Releases in 12d 4h 3m", "Now Available!" once out; null with no date (TBD shows). */
export function detailCountdownText(releaseDate: string | null | undefined, now: Date): string | null {
  const target = releaseMoment(releaseDate);
  if (!target) return null;
  const p = countdownParts(target, now);
  return p.done ? 'Now Available!' : `Releases in ${p.days}d ${p.hours}h ${p.minutes}m`;
}

function utcDate(releaseDate: string): Date | null {
  const m = ISO_DATE.exec(releaseDate);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * "Jun 15, 2026", or "June 2026" / "2026" when only the month or year is known; "N/A" with no date,
 * "Invalid Date" for one that cannot be read. Calendar dates are shown as written, in any time zone.
 */
export function formatReleaseDate(
  releaseDate: string | null | undefined,
  precision: ReleaseDatePrecision | null | undefined = 'day',
  locale = 'en-US',
): string {
  if (!releaseDate) return 'N/A';
  const d = utcDate(releaseDate);
  if (!d) return 'Invalid Date';
  const options: Intl.DateTimeFormatOptions =
    precision === 'year'
      ? { year: 'numeric' }
      : precision === 'month'
        ? { year: 'numeric', month: 'long' }
        : { year: 'numeric', month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(d);
}

/** The detail modal's format: long US date in UTC ("June 15, 2026"), or "N/A". */
export function formatLongUtc(releaseDate: string | null | undefined): string {
  if (!releaseDate) return 'N/A';
  const d = utcDate(releaseDate);
  if (!d) return 'Invalid Date';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}
