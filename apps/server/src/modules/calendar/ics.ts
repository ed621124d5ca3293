/**
 * iCalendar text (RFC 5545) for the feed: all-day events only, so a small writer is enough, and a
 * general library's writer was too slow for a member tracking a thousand titles (ADR 016). The tests
 * read what this one writes with two independent parsers.
 */

export interface IcsEvent {
  uid: string;
  /** `YYYY-MM-DD`: the event is that whole day (DTEND is the next day, as RFC 5545 wants). */
  date: string;
  end: string;
  summary: string;
  description: string;
  url: string;
  categories: string[];
  sequence: number;
  /** DTSTAMP and LAST-MODIFIED. */
  lastModified: Date;
}

export interface IcsCalendar {
  name: string;
  prodId: string;
  /** How often calendar apps should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds. */
  refreshSeconds: number;
  events: IcsEvent[];
}

/**
 * Control characters a title or a provider's text may carry: C0 but tab and newlines (RFC 5545 allows
 * none raw), DEL, C1 and the Unicode line and paragraph separators (calendar apps break lines or stop
 * reading at them). Newlines stay: TEXT escapes them.
 */
const CONTROLS = /(?![\t\n\r])[\p{Cc}\u2028\u2029]/gu;

/** Every value written goes through here, so no control character reaches the feed. */
const clean = (value: string) => value.replace(CONTROLS, '');

/** TEXT values: controls dropped; backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
const text = (value: string) =>
  clean(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');

const day = (iso: string) => iso.replaceAll('-', '');
const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** `PT1H`, `PT90M`, `PT45S`: a DURATION of whole hours, minutes or seconds. */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `PT${seconds / 3600}H`;
  if (seconds % 60 === 0) return `PT${seconds / 60}M`;
  return `PT${seconds}S`;
}

/** A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  let out = '';
  let width = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (width + bytes > 75) {
      out += '\r\n ';
      width = 1;
    }
    out += char;
    width += bytes;
  }
  return out;
}

export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    `NAME:${text(calendar.name)}`,
    `X-WR-CALNAME:${text(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${duration(calendar.refreshSeconds)}`,
    `X-PUBLISHED-TTL:${duration(calendar.refreshSeconds)}`,
  ];
  for (const e of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${text(e.uid)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTAMP:${stamp(e.lastModified)}`,
      `LAST-MODIFIED:${stamp(e.lastModified)}`,
      `DTSTART;VALUE=DATE:${day(e.date)}`,
      `DTEND;VALUE=DATE:${day(e.end)}`,
      `SUMMARY:${text(e.summary)}`,
      `DESCRIPTION:${text(e.description)}`,
      `URL;VALUE=URI:${clean(e.url)}`,
      `CATEGORIES:${e.categories.map(text).join(',')}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
