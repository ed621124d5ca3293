import { describe, expect, it } from 'vitest';
import {
  cardCountdownText,
  countdownParts,
  detailCountdownText,
  formatLongUtc,
  formatReleaseDate,
  releaseMoment,
} from './dates';

// The web test project pins TZ to a zone with an offset, so local-midnight rules are really exercised.

describe('releaseMoment', () => {
  it('is the start of the release day in the local zone', () => {
    const d = releaseMoment('2026-06-15');
    expect(d?.getFullYear()).toBe(2026);
    expect(d?.getMonth()).toBe(5);
    expect(d?.getDate()).toBe(15);
    expect(d?.getHours()).toBe(0);
  });
  it('is null for missing or unreadable dates', () => {
    expect(releaseMoment(null)).toBeNull();
    expect(releaseMoment('N/A')).toBeNull();
    expect(releaseMoment('2026-13-45x')).toBeNull();
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
    expect(cardCountdownText(release, local(10, 30))).toBe('0d 13h 30m');
    expect(cardCountdownText(release, new Date(2026, 5, 15, 0, 0, 0))).toBe('Released!');
    expect(cardCountdownText(release, new Date(2026, 6, 1))).toBe('Released!');
  });
  it('shows "Coming Soon" on cards with no date', () => {
    expect(cardCountdownText(null, local(1))).toBe('Coming Soon');
    expect(cardCountdownText('N/A', local(1))).toBe('Coming Soon');
  });
  it('reads "Releases in Xd Xh Xm" on the detail page, then "Now Available!"', () => {
    expect(detailCountdownText(release, new Date(2026, 5, 10, 23, 59, 0))).toBe('Releases in 4d 0h 1m');
    expect(detailCountdownText(release, new Date(2026, 5, 16))).toBe('Now Available!');
    expect(detailCountdownText(null, local(1))).toBeNull();
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
  it('gives the long US format in UTC for the detail modal', () => {
    expect(formatLongUtc('2026-12-31')).toBe('December 31, 2026');
    expect(formatLongUtc(undefined)).toBe('N/A');
  });
});
