import type { ReleaseDatePrecision } from '@releasebell/contract';
import { formatLongReleaseDate, formatReleaseDate } from '@releasebell/contract/constants';

// Shared with the server's mails; re-exported so the app's imports stay here.
export { formatReleaseDate };

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
 * The release date in long US format, as written, whatever the viewer's time zone (it is formatted in
 * UTC): "March 14, 2027", or "March 2027" / "2027" when only the month or year is known; "N/A" with no
 * readable date. The item's quick view shows it so.
 */
export function formatLongDateOrNA(releaseDate: string | null | undefined, precision: Precision): string {
  if (releaseYear(releaseDate) === null) return 'N/A';
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

function clock(target: Date, now: Date): string {
  const p = countdownParts(target, now);
  return `${p.days}d ${p.hours}h ${p.minutes}m`;
}

/**
 * Card countdown: "12d 4h 3m" to a day, "Released!" once out, and "Coming Soon" with no date or with
 * only a month or year (the card's date line says which).
 */
export function cardCountdownText(
  releaseDate: string | null | undefined,
  precision: Precision,
  now: Date,
): string {
  const state = releaseState(releaseDate, precision, now);
  if (state === 'released') return 'Released!';
  const target = state === 'counting' ? releaseMoment(releaseDate, precision) : null;
  return target ? clock(target, now) : 'Coming Soon';
}

/**
 * Detail countdown: "Releases in 12d 4h 3m" to a day, "Releases in March 2027" / "Releases in 2027" for
 * a month or year, "Now Available!" once out; null with no date (TBD shows).
 */
export function detailCountdownText(
  releaseDate: string | null | undefined,
  precision: Precision,
  now: Date,
): string | null {
  const state = releaseState(releaseDate, precision, now);
  if (state === 'undated') return null;
  if (state === 'released') return 'Now Available!';
  if (state === 'approximate') return `Releases in ${formatReleaseDate(releaseDate, precision)}`;
  const target = releaseMoment(releaseDate, precision);
  return target ? `Releases in ${clock(target, now)}` : null;
}
