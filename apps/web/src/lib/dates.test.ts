import { describe, expect, it } from 'vitest';
import {
  cardCountdownText,
  countdownParts,
  detailCountdownText,
  formatLongDateOrNA,
  formatReleaseDate,
  isReleased,
  releaseMoment,
  releaseState,
  releaseYear,
} from './dates';

// The web test project pins TZ to a zone with an offset, so local-midnight rules are really exercised.

describe('releaseMoment', () => {
  it('is the start of the release day in the local zone', () => {
    const d = releaseMoment('2026-06-15', 'day');
    expect(d?.getFullYear()).toBe(2026);
    expect(d?.getMonth()).toBe(5);
    expect(d?.getDate()).toBe(15);
    expect(d?.getHours()).toBe(0);
  });
  it('reads a date without a precision as a day', () => {
    expect(releaseMoment('2026-06-15', null)).toEqual(new Date(2026, 5, 15));
  });
  it('is the start of the next month or year, locally, for a month or year date', () => {
    expect(releaseMoment('2027-03-01', 'month')).toEqual(new Date(2027, 3, 1));
    expect(releaseMoment('2027-12-01', 'month')).toEqual(new Date(2028, 0, 1));
    expect(releaseMoment('2028-01-01', 'year')).toEqual(new Date(2029, 0, 1));
  });
  it('is null for missing or unreadable dates', () => {
    expect(releaseMoment(null, null)).toBeNull();
    expect(releaseMoment('N/A', 'day')).toBeNull();
    expect(releaseMoment('2026-13-45x', 'day')).toBeNull();
  });
});

describe('releaseState', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);

  it('counts down to a day still to come, and is out once that day begins', () => {
    expect(releaseState('2026-11-24', 'day', now)).toBe('counting');
    expect(releaseState('2026-11-23', 'day', now)).toBe('released');
    expect(releaseState('2026-11-24', 'day', new Date(2026, 10, 24, 0, 0, 0))).toBe('released');
  });
  it('keeps a year date upcoming, with no clock, until the year is over', () => {
    expect(releaseState('2026-01-01', 'year', now)).toBe('approximate');
    expect(releaseState('2028-01-01', 'year', now)).toBe('approximate');
    // "2028" is not out on 1 January 2028, only on 1 January 2029.
    expect(releaseState('2028-01-01', 'year', new Date(2028, 0, 1, 0, 0, 0))).toBe('approximate');
    expect(releaseState('2028-01-01', 'year', new Date(2028, 11, 31, 23, 59, 59))).toBe('approximate');
    expect(releaseState('2028-01-01', 'year', new Date(2029, 0, 1, 0, 0, 0))).toBe('released');
    expect(releaseState('2025-01-01', 'year', now)).toBe('released');
  });
  it('keeps a month date upcoming until the month is over', () => {
    expect(releaseState('2026-11-01', 'month', now)).toBe('approximate');
    expect(releaseState('2026-11-01', 'month', new Date(2026, 10, 30, 23, 59, 59))).toBe('approximate');
    expect(releaseState('2026-11-01', 'month', new Date(2026, 11, 1, 0, 0, 0))).toBe('released');
    expect(releaseState('2026-10-01', 'month', now)).toBe('released');
  });
  it('is undated with no date', () => {
    expect(releaseState(null, null, now)).toBe('undated');
    expect(releaseState('N/A', 'day', now)).toBe('undated');
  });
  it('says released only once out', () => {
    expect(isReleased('2026-01-01', 'year', now)).toBe(false);
    expect(isReleased('2026-11-23', 'day', now)).toBe(true);
    expect(isReleased(null, null, now)).toBe(false);
  });
});

describe('releaseYear', () => {
  it('is the calendar year as written, or null', () => {
    expect(releaseYear('2027-01-01')).toBe(2027);
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear('soon')).toBeNull();
  });
});

describe('countdowns', () => {
  const release = '2026-06-15';
  const local = (h: number, m = 0, s = 0) => new Date(2026, 5, 14, h, m, s);

  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(new Date(2026, 5, 15), new Date(2026, 5, 12, 21, 58, 30))).toEqual({
      days: 2,
      hours: 2,
      minutes: 1,
      seconds: 30,
      done: false,
    });
  });
  it('shows days, hours and minutes on cards and "Released!" once the day has begun', () => {
    expect(cardCountdownText(release, 'day', local(10, 30))).toBe('0d 13h 30m');
    expect(cardCountdownText(release, 'day', new Date(2026, 5, 15, 0, 0, 0))).toBe('Released!');
    expect(cardCountdownText(release, 'day', new Date(2026, 6, 1))).toBe('Released!');
  });
  it('shows "Coming Soon" on cards with no date', () => {
    expect(cardCountdownText(null, null, local(1))).toBe('Coming Soon');
    expect(cardCountdownText('N/A', 'day', local(1))).toBe('Coming Soon');
  });
  it('shows no clock on cards for a month or year date, then "Released!" once it is over', () => {
    expect(cardCountdownText('2026-06-01', 'month', local(1))).toBe('Coming Soon');
    expect(cardCountdownText('2026-06-01', 'month', new Date(2026, 6, 1))).toBe('Released!');
    expect(cardCountdownText('2028-01-01', 'year', new Date(2028, 0, 1))).toBe('Coming Soon');
    expect(cardCountdownText('2028-01-01', 'year', new Date(2029, 0, 1))).toBe('Released!');
  });
  it('reads "Releases in Xd Xh Xm" on the detail page, then "Now Available!"', () => {
    expect(detailCountdownText(release, 'day', new Date(2026, 5, 10, 23, 59, 0))).toBe(
      'Releases in 4d 0h 1m',
    );
    expect(detailCountdownText(release, 'day', new Date(2026, 5, 16))).toBe('Now Available!');
    expect(detailCountdownText(null, null, local(1))).toBeNull();
  });
  it('names the month or year on the detail page instead of a clock', () => {
    expect(detailCountdownText('2027-03-01', 'month', local(1))).toBe('Releases in March 2027');
    expect(detailCountdownText('2027-01-01', 'year', local(1))).toBe('Releases in 2027');
    expect(detailCountdownText('2028-01-01', 'year', new Date(2028, 5, 1))).toBe('Releases in 2028');
    expect(detailCountdownText('2028-01-01', 'year', new Date(2029, 0, 1))).toBe('Now Available!');
  });
});

describe('formatReleaseDate', () => {
  it('formats by precision', () => {
    expect(formatReleaseDate('2026-06-05', 'day')).toBe('Jun 5, 2026');
    expect(formatReleaseDate('2026-06-01', 'month')).toBe('June 2026');
    expect(formatReleaseDate('2027-01-01', 'year')).toBe('2027');
  });
  it('shows the calendar date as written whatever the zone', () => {
    expect(formatReleaseDate('2026-01-01')).toBe('Jan 1, 2026');
  });
  it('shows N/A with no date and "Invalid Date" for garbage', () => {
    expect(formatReleaseDate(null)).toBe('N/A');
    expect(formatReleaseDate('soon')).toBe('Invalid Date');
  });
});

describe('formatLongDateOrNA', () => {
  it('writes the day in long US format as the date says, in UTC, whatever the local zone', () => {
    // The test zone is behind UTC: a local reading of 2027-03-14 would be the 13th.
    expect(formatLongDateOrNA('2027-03-14', 'day')).toBe('March 14, 2027');
    expect(formatLongDateOrNA('2027-01-01', null)).toBe('January 1, 2027');
  });
  it('names only the month or the year when that is all that is known', () => {
    expect(formatLongDateOrNA('2027-03-01', 'month')).toBe('March 2027');
    expect(formatLongDateOrNA('2027-01-01', 'year')).toBe('2027');
  });
  it('is "N/A" without a readable date', () => {
    expect(formatLongDateOrNA(null, null)).toBe('N/A');
    expect(formatLongDateOrNA(undefined, 'day')).toBe('N/A');
    expect(formatLongDateOrNA('', 'day')).toBe('N/A');
    expect(formatLongDateOrNA('soon', 'day')).toBe('N/A');
  });
});
