/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC so a server's zone never shifts a date. */

export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return toIsoDate(d);
}

/** First day of the month `months` after the month of `isoDate`. */
export function addMonthsStart(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return toIsoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

/** 1 January of the year `years` after the year of `isoDate`. */
export function addYearsStart(isoDate: string, years: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return toIsoDate(new Date(Date.UTC(d.getUTCFullYear() + years, 0, 1)));
}

export function monthStart(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

export function yearStart(isoDate: string): string {
  return `${isoDate.slice(0, 4)}-01-01`;
}

/** The last day of a date's period (`9999` for no date, so any dated period ends first). */
export function periodEnd(date: string | null, precision: 'day' | 'month' | 'year' | null): string {
  if (!date) return '9999';
  if (precision === 'year') return `${date.slice(0, 4)}-12-31`;
  if (precision === 'month') {
    const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1, 0);
    return d.toISOString().slice(0, 10);
  }
  return date;
}

/** Whether a title with this date is still to come on `today`: undated, or its period not over. */
export function stillToComeOn(
  date: string | null,
  precision: 'day' | 'month' | 'year' | null,
  today: string,
): boolean {
  return periodEnd(date, precision) >= today;
}
