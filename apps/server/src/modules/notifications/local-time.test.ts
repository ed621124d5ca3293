import { describe, expect, it } from 'vitest';
import {
  type LocalParts,
  localParts,
  localToday,
  QUIET_END_HOUR,
  QUIET_START_HOUR,
  RELEASE_HOUR,
  releaseMessageTime,
  reminderTime,
  smsAllowedAt,
  zonedTimeToUtc,
} from './local-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const DST_ZONES = [
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Pacific/Chatham',
];
const FIXED_ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Eucla',
  'America/Sao_Paulo',
  'Asia/Tokyo',
  'UTC',
];
const ZONES = [...DST_ZONES, ...FIXED_ZONES];

// Test-side calendar arithmetic, kept apart from the module's (years 1000-9999 only).
function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

function wallMs(date: string, hour: number, minute: number): number {
  return Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
}

function wallOf(parts: LocalParts): number {
  return wallMs(parts.date, parts.hour, parts.minute);
}

/** UTC offset in minutes at an instant, read off localParts alone. */
function offsetMinutes(ms: number, zone: string): number {
  const floored = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  return (wallOf(localParts(new Date(floored), zone)) - floored) / MINUTE_MS;
}

interface Transition {
  zone: string;
  /** First minute with the new offset. */
  at: number;
  before: number;
  after: number;
  /** Local date on which the change happens. */
  date: string;
}

/** Offset changes in [from, to), found by a daily scan and a bisection to the minute. */
function findTransitions(zone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let previous = offsetMinutes(from, zone);
  for (let day = from; day < to; day += DAY_MS) {
    const next = offsetMinutes(day + DAY_MS, zone);
    if (next === previous) continue;
    let low = day;
    let high = day + DAY_MS;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(middle, zone) === previous) low = middle;
      else high = middle;
    }
    found.push({ zone, at: high, before: previous, after: next, date: localToday(new Date(high), zone) });
    previous = next;
  }
  return found;
}

const TRANSITIONS = ZONES.flatMap((zone) =>
  findTransitions(zone, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1)),
);
const transitionsOf = (zone: string) => TRANSITIONS.filter((t) => t.zone === zone);

/** The release-time property for one day: the message is at RELEASE_HOUR:00 local on that day. */
function releaseFailure(date: string, zone: string): string | undefined {
  const parts = localParts(releaseMessageTime(date, zone), zone);
  if (parts.date !== date || parts.hour !== RELEASE_HOUR || parts.minute !== 0) {
    return `${zone} ${date}: ${JSON.stringify(parts)}`;
  }
  return undefined;
}

describe('the transition scan the generated cases rely on', () => {
  it('finds two changes a year in each DST zone and none elsewhere', () => {
    for (const zone of DST_ZONES) expect(transitionsOf(zone), zone).toHaveLength(4);
    for (const zone of FIXED_ZONES) expect(transitionsOf(zone), zone).toHaveLength(0);
    expect(transitionsOf('America/New_York').map((t) => [t.date, new Date(t.at).toISOString()])).toEqual([
      ['2026-03-08', '2026-03-08T07:00:00.000Z'],
      ['2026-11-01', '2026-11-01T06:00:00.000Z'],
      ['2027-03-14', '2027-03-14T07:00:00.000Z'],
      ['2027-11-07', '2027-11-07T06:00:00.000Z'],
    ]);
    const lordHowe = transitionsOf('Australia/Lord_Howe');
    expect(lordHowe.map((t) => Math.abs(t.after - t.before))).toEqual([30, 30, 30, 30]);
  });
});

describe('localParts and localToday', () => {
  it('read the wall clock of an instant', () => {
    const instant = new Date('2027-03-13T19:00:00Z');
    expect(localParts(instant, 'Pacific/Kiritimati')).toEqual({ date: '2027-03-14', hour: 9, minute: 0 });
    expect(localParts(instant, 'Pacific/Pago_Pago')).toEqual({ date: '2027-03-13', hour: 8, minute: 0 });
    expect(localParts(instant, 'Asia/Kathmandu')).toEqual({ date: '2027-03-14', hour: 0, minute: 45 });
    expect(localParts(new Date('2027-01-01T00:00:00Z'), 'UTC')).toEqual({
      date: '2027-01-01',
      hour: 0,
      minute: 0,
    });
    expect(localToday(new Date('2027-01-01T11:59:59.999Z'), 'Etc/GMT+12')).toBe('2026-12-31');
    expect(localToday(new Date('2027-01-01T12:00:00Z'), 'Etc/GMT+12')).toBe('2027-01-01');
    expect(localToday(new Date('2026-12-31T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
  });
});

describe('zonedTimeToUtc', () => {
  it('matches independently computed instants', () => {
    const cases: [string, number, number, string, string][] = [
      ['2027-03-14', 9, 0, 'Pacific/Kiritimati', '2027-03-13T19:00:00.000Z'],
      ['2027-03-14', 9, 0, 'Asia/Kathmandu', '2027-03-14T03:15:00.000Z'],
      ['2027-03-14', 9, 0, 'Pacific/Pago_Pago', '2027-03-14T20:00:00.000Z'],
      ['2027-03-14', 9, 0, 'Etc/GMT+12', '2027-03-14T21:00:00.000Z'],
      ['2027-03-14', 9, 0, 'Asia/Kolkata', '2027-03-14T03:30:00.000Z'],
      ['2027-03-14', 9, 0, 'Australia/Eucla', '2027-03-14T00:15:00.000Z'],
      ['2027-03-14', 9, 0, 'Australia/Adelaide', '2027-03-13T22:30:00.000Z'],
      ['2027-03-14', 9, 0, 'Pacific/Chatham', '2027-03-13T19:15:00.000Z'],
      ['2027-07-14', 9, 0, 'Pacific/Chatham', '2027-07-13T20:15:00.000Z'],
      ['2027-03-14', 9, 0, 'America/St_Johns', '2027-03-14T11:30:00.000Z'],
      ['2027-01-14', 9, 0, 'America/St_Johns', '2027-01-14T12:30:00.000Z'],
      ['2027-03-14', 9, 0, 'America/Sao_Paulo', '2027-03-14T12:00:00.000Z'],
      ['2027-03-14', 9, 0, 'UTC', '2027-03-14T09:00:00.000Z'],
      // Gap: 02:30 does not exist in New York on 2027-03-14 and becomes 03:30 EDT.
      ['2027-03-14', 2, 30, 'America/New_York', '2027-03-14T07:30:00.000Z'],
      // Overlap: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
      ['2027-11-07', 1, 30, 'America/New_York', '2027-11-07T05:30:00.000Z'],
      // Lord Howe moves 02:00 -> 02:30 (+10:30 -> +11): 02:15 becomes 02:45 at +11.
      ['2026-10-04', 2, 15, 'Australia/Lord_Howe', '2026-10-03T15:45:00.000Z'],
      // ...and back 02:00 -> 01:30: 01:45 at +11 first.
      ['2027-04-04', 1, 45, 'Australia/Lord_Howe', '2027-04-03T14:45:00.000Z'],
      // Far from today: London kept +1 all year from 1968 to 1971; year 50 must not read as 1950.
      ['1970-01-01', 9, 0, 'Europe/London', '1970-01-01T08:00:00.000Z'],
      ['2100-07-04', 9, 0, 'America/New_York', '2100-07-04T13:00:00.000Z'],
      ['0050-06-15', 9, 0, 'UTC', '0050-06-15T09:00:00.000Z'],
    ];
    for (const [date, hour, minute, zone, expected] of cases) {
      expect(
        zonedTimeToUtc(date, hour, minute, zone).toISOString(),
        `${zone} ${date} ${hour}:${minute}`,
      ).toBe(expected);
    }
    expect(localParts(zonedTimeToUtc('2027-03-14', 2, 30, 'America/New_York'), 'America/New_York')).toEqual({
      date: '2027-03-14',
      hour: 3,
      minute: 30,
    });
    expect(
      localParts(zonedTimeToUtc('2026-10-04', 2, 15, 'Australia/Lord_Howe'), 'Australia/Lord_Howe'),
    ).toEqual({ date: '2026-10-04', hour: 2, minute: 45 });
  });

  it('follows the gap and overlap rules at every quarter hour around every scanned change', () => {
    // Oracle from the scan: a wall time is valid at the offset in force on its side of the change.
    const failures: string[] = [];
    for (const t of TRANSITIONS) {
      for (const date of datesBetween(shiftDate(t.date, -1), shiftDate(t.date, 1))) {
        for (let quarter = 0; quarter < 96; quarter++) {
          const hour = Math.floor(quarter / 4);
          const minute = (quarter % 4) * 15;
          const wall = wallMs(date, hour, minute);
          const valid = [wall - t.before * MINUTE_MS, wall - t.after * MINUTE_MS].filter(
            (instant, i) => (i === 0) === instant < t.at,
          );
          const inGap = valid.length === 0;
          const expected = inGap ? wall - t.before * MINUTE_MS : Math.min(...valid);
          const actual = zonedTimeToUtc(date, hour, minute, t.zone).getTime();
          const shownWall = wallOf(localParts(new Date(actual), t.zone));
          const expectedWall = inGap ? wall + (t.after - t.before) * MINUTE_MS : wall;
          if (actual !== expected || shownWall !== expectedWall) {
            failures.push(`${t.zone} ${date} ${hour}:${minute}: ${new Date(actual).toISOString()}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('round-trips every quarter hour on ordinary days, including far from today', () => {
    const failures: string[] = [];
    const dates = ['1900-01-15', '1950-07-15', '2000-01-15', '2027-06-15', '2100-01-15', '2300-07-15'];
    for (const zone of ZONES) {
      for (const date of dates) {
        for (let quarter = 0; quarter < 96; quarter++) {
          const hour = Math.floor(quarter / 4);
          const minute = (quarter % 4) * 15;
          const parts = localParts(zonedTimeToUtc(date, hour, minute, zone), zone);
          if (parts.date !== date || parts.hour !== hour || parts.minute !== minute) {
            failures.push(`${zone} ${date} ${hour}:${minute}: ${JSON.stringify(parts)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('rejects malformed or nonexistent dates and times, and unknown zones', () => {
    expect(() => zonedTimeToUtc('2027-02-29', 9, 0, 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-2-3', 9, 0, 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-03-14', 24, 0, 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-03-14', 9, 60, 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-03-14', 9.5, 0, 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2027-03-14', 9, 0, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(zonedTimeToUtc('2028-02-29', 9, 0, 'UTC').toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe('releaseMessageTime', () => {
  it('is 09:00 local on the release day, every day of 2027 and every change day of 2026-2027, in every zone', () => {
    const failures: string[] = [];
    const dates = datesBetween('2027-01-01', '2027-12-31');
    for (const zone of ZONES) {
      for (const date of dates) {
        const failure = releaseFailure(date, zone);
        if (failure) failures.push(failure);
      }
    }
    for (const t of TRANSITIONS) {
      const failure = releaseFailure(t.date, t.zone);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});

describe('reminderTime', () => {
  it('is 09:00 local the given number of calendar days earlier, also across a change', () => {
    const failures: string[] = [];
    const daysBeforeList = [0, 1, 2, 3, 7, 14, 30];
    for (const zone of ZONES) {
      const releaseDates = new Set(datesBetween('2027-01-01', '2027-12-31').filter((_, i) => i % 9 === 0));
      for (const t of transitionsOf(zone)) {
        for (const date of datesBetween(shiftDate(t.date, -1), shiftDate(t.date, 3))) releaseDates.add(date);
      }
      for (const release of releaseDates) {
        const releaseAt = releaseMessageTime(release, zone).getTime();
        for (const daysBefore of daysBeforeList) {
          const reminderAt = reminderTime(release, daysBefore, zone).getTime();
          const parts = localParts(new Date(reminderAt), zone);
          // Between the two 09:00s lie whole days less whatever the clocks were put forward meanwhile.
          const drift = (offsetMinutes(releaseAt, zone) - offsetMinutes(reminderAt, zone)) * MINUTE_MS;
          if (
            parts.date !== shiftDate(release, -daysBefore) ||
            parts.hour !== RELEASE_HOUR ||
            parts.minute !== 0 ||
            releaseAt - reminderAt !== daysBefore * DAY_MS - drift
          ) {
            failures.push(`${zone} ${release} -${daysBefore}: ${JSON.stringify(parts)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('matches independently computed instants', () => {
    // New York moves to EDT on 2027-03-14: 09:00 EST on the 13th, 09:00 EDT on the 14th and 15th.
    expect(reminderTime('2027-03-15', 0, 'America/New_York').toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(reminderTime('2027-03-15', 1, 'America/New_York').toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect(reminderTime('2027-03-15', 2, 'America/New_York').toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(reminderTime('2027-03-01', 1, 'Pacific/Kiritimati').toISOString()).toBe(
      '2027-02-27T19:00:00.000Z',
    );
    expect(reminderTime('2028-03-01', 1, 'UTC').toISOString()).toBe('2028-02-29T09:00:00.000Z');
    expect(reminderTime('2027-01-01', 1, 'Asia/Kathmandu').toISOString()).toBe('2026-12-31T03:15:00.000Z');
    expect(() => reminderTime('2027-03-15', -1, 'UTC')).toThrow(RangeError);
    expect(() => reminderTime('2027-03-15', 1.5, 'UTC')).toThrow(RangeError);
  });
});

describe('smsAllowedAt', () => {
  it('keeps allowed instants and moves quiet ones to the next 08:00 local, every 15 minutes around changes', () => {
    const failures: string[] = [];
    const sweepZones = [
      'America/New_York',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/St_Johns',
      'Europe/London',
      'Asia/Kathmandu',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
    ];
    for (const zone of sweepZones) {
      const starts = [Date.UTC(2027, 5, 10), ...transitionsOf(zone).map((t) => t.at - 2 * DAY_MS)];
      for (const start of starts) {
        // Four days in 15-minute steps, offset by 7 minutes so steps also fall off the hour in every zone.
        for (let ms = start + 7 * MINUTE_MS; ms < start + 4 * DAY_MS; ms += 15 * MINUTE_MS) {
          const input = new Date(ms);
          const local = localParts(input, zone);
          const result = smsAllowedAt(input, zone).getTime();
          const out = localParts(new Date(result), zone);
          const allowed = local.hour >= QUIET_END_HOUR && local.hour < QUIET_START_HOUR;
          const expectedDate = local.hour < QUIET_END_HOUR ? local.date : shiftDate(local.date, 1);
          const ok =
            out.hour >= QUIET_END_HOUR &&
            out.hour < QUIET_START_HOUR &&
            result >= ms &&
            (allowed
              ? result === ms
              : out.date === expectedDate &&
                out.hour === QUIET_END_HOUR &&
                out.minute === 0 &&
                result % MINUTE_MS === 0);
          if (!ok) failures.push(`${zone} ${input.toISOString()}: ${new Date(result).toISOString()}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('treats 21:00 exactly as quiet and 08:00 exactly as allowed', () => {
    const at = (iso: string) => smsAllowedAt(new Date(iso), 'America/New_York').toISOString();
    // 2027-06-10 in New York is EDT (UTC-4).
    expect(at('2027-06-11T00:59:59.999Z')).toBe('2027-06-11T00:59:59.999Z'); // 20:59:59.999
    expect(at('2027-06-11T01:00:00.000Z')).toBe('2027-06-11T12:00:00.000Z'); // 21:00 -> next 08:00
    expect(at('2027-06-11T03:59:00.000Z')).toBe('2027-06-11T12:00:00.000Z'); // 23:59
    expect(at('2027-06-11T04:00:00.000Z')).toBe('2027-06-11T12:00:00.000Z'); // 00:00, same day
    expect(at('2027-06-11T11:59:59.999Z')).toBe('2027-06-11T12:00:00.000Z'); // 07:59:59.999
    expect(at('2027-06-11T12:00:00.000Z')).toBe('2027-06-11T12:00:00.000Z'); // 08:00
    // Quiet night over the spring-forward: 22:00 EST on the 13th -> 08:00 EDT on the 14th.
    expect(at('2027-03-14T03:00:00.000Z')).toBe('2027-03-14T12:00:00.000Z');
    expect(smsAllowedAt(new Date('2027-03-14T06:00:00Z'), 'Asia/Kathmandu').toISOString()).toBe(
      '2027-03-14T06:00:00.000Z',
    );
    expect(smsAllowedAt(new Date('2027-03-14T15:30:00Z'), 'Asia/Kathmandu').toISOString()).toBe(
      '2027-03-15T02:15:00.000Z',
    );
  });
});
