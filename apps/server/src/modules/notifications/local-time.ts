/**
 * The local-time rules of release notifications: which instant a member's wall clock shows a given
 * time, and quiet hours for texts. Zone data comes from the runtime's ICU through Intl only.
 */

/** Release messages and reminders go out at this local hour. */
export const RELEASE_HOUR = 9;
/** Texts are not sent from this local hour on... */
export const QUIET_START_HOUR = 21;
/** ...until this local hour. */
export const QUIET_END_HOUR = 8;

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, so nothing invalid is cached.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeChrist = false;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case 'era':
        beforeChrist = part.value === 'BC';
        break;
      case 'year':
      case 'month':
      case 'day':
      case 'minute':
      case 'second':
        wall[part.type] = Number(part.value);
        break;
      case 'hour':
        // Guards against runtimes that print midnight as 24 despite h23.
        wall.hour = Number(part.value) % 24;
        break;
    }
  }
  if (beforeChrist) wall.year = 1 - wall.year;
  return wall;
}

/** Milliseconds since the epoch of a UTC date and time; unlike Date.UTC, years 0-99 are taken literally. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The zone's UTC offset at an instant, in milliseconds (whole seconds: old local mean times have them). */
function offsetMs(ms: number, timeZone: string): number {
  const floored = Math.floor(ms / 1000) * 1000;
  const wall = wallClock(floored, timeZone);
  return utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second) - floored;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatDate(year: number, month: number, day: number): string {
  // Outside 0000-9999 the ISO 8601 expanded form, which parseDate rejects.
  const yearText =
    year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? '-' : '+'}${pad(Math.abs(year), 6)}`;
  return `${yearText}-${pad(month, 2)}-${pad(day, 2)}`;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(date);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const check = new Date(utcMs(year, month, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Invalid date (expected an existing YYYY-MM-DD): ${date}`);
}

function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  const shifted = new Date(utcMs(year, month, day + days));
  return formatDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`Invalid ${name} (expected an integer from ${min} to ${max}): ${value}`);
  }
}

/** The wall-clock date and time of an instant in a zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const wall = wallClock(instant.getTime(), timeZone);
  return { date: formatDate(wall.year, wall.month, wall.day), hour: wall.hour, minute: wall.minute };
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localToday(instant: Date, timeZone: string): string {
  return localParts(instant, timeZone).date;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `hour`:`minute`. A time skipped by a
 * forward change (a DST gap) is shifted forward by the gap's length (02:30 becomes 03:30 when 02:00 jumps
 * to 03:00); a time that happens twice (a DST overlap) is the earlier instant.
 */
export function zonedTimeToUtc(date: string, hour: number, minute: number, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  checkInteger('hour', hour, 0, 23);
  checkInteger('minute', minute, 0, 59);
  const wall = utcMs(year, month, day, hour, minute);
  // Offsets stay within about ±15 h, so the offsets a day either side are those before and after any
  // transition near the wanted instant.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  let earliest: number | undefined;
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = wall - offset;
    if (offsetMs(candidate, timeZone) === offset && (earliest === undefined || candidate < earliest)) {
      earliest = candidate;
    }
  }
  // No instant shows the time, so it is in a gap: read with the offset from before the change, it lands
  // as far past the change as the time is past the gap's start.
  return new Date(earliest ?? wall - before);
}

/** When the release message goes out: RELEASE_HOUR:00 local on the release day. */
export function releaseMessageTime(releaseDate: string, timeZone: string): Date {
  return zonedTimeToUtc(releaseDate, RELEASE_HOUR, 0, timeZone);
}

/** When a reminder goes out: RELEASE_HOUR:00 local, `daysBefore` (an integer >= 0) calendar days before the release day. */
export function reminderTime(releaseDate: string, daysBefore: number, timeZone: string): Date {
  checkInteger('daysBefore', daysBefore, 0, Number.MAX_SAFE_INTEGER);
  return zonedTimeToUtc(addDays(releaseDate, -daysBefore), RELEASE_HOUR, 0, timeZone);
}

/**
 * The earliest instant from `instant` on at which a text may be sent: unchanged (as a new Date) outside
 * quiet hours, else the next QUIET_END_HOUR:00 local. QUIET_START_HOUR:00 exactly is quiet; QUIET_END_HOUR:00 is not.
 */
export function smsAllowedAt(instant: Date, timeZone: string): Date {
  const local = localParts(instant, timeZone);
  if (local.hour >= QUIET_END_HOUR && local.hour < QUIET_START_HOUR) return new Date(instant.getTime());
  const day = local.hour < QUIET_END_HOUR ? local.date : addDays(local.date, 1);
  return zonedTimeToUtc(day, QUIET_END_HOUR, 0, timeZone);
}
