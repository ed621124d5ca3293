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
