import type { Notification } from '@releasebell/contract';
import { formatReleaseDate } from '../../lib/dates';
import { availableLine, WATCH_TEXTS } from '../../lib/watch';

/** An `available` notification without its service (not expected from the server). Not in the contract. */
const AVAILABLE_FALLBACK = WATCH_TEXTS.availableFallback;

const dateText = (date: string | null, precision: Notification['new_date_precision']) =>
  date ? formatReleaseDate(date, precision) : 'TBD';

/** What happened, in words: "Out today", "Release date announced: Mar 14, 2027", "Out in 3 days"... */
export function describeNotification(n: Notification): string {
  switch (n.kind) {
    case 'released':
      return 'Out today';
    case 'date_announced':
      return `Release date announced: ${dateText(n.new_date, n.new_date_precision)}`;
    case 'date_changed':
      return `Date changed: ${dateText(n.old_date, n.old_date_precision)} → ${dateText(n.new_date, n.new_date_precision)}`;
    case 'reminder':
      if (n.reminder_days === 1) return 'Out tomorrow';
      if (n.reminder_days && n.reminder_days > 1) return `Out in ${n.reminder_days} days`;
      return `Out ${dateText(n.new_date, n.new_date_precision)}`;
    case 'request_resolved':
      return 'Added at your request: open it and press Notify Me';
    case 'new_title': {
      const out = n.new_date ? `out ${dateText(n.new_date, n.new_date_precision)}` : 'date TBD';
      return n.via ? `New from ${n.via}, ${out}` : `Newly announced, ${out}`;
    }
    case 'available':
      return n.provider && n.offer_type
        ? availableLine({ title: n.item.title, provider: n.provider.name, type: n.offer_type })
        : AVAILABLE_FALLBACK;
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 min. ago", "yesterday", "3 weeks ago"; '' for a time that cannot be read. */
export function timeAgo(iso: string, now: Date, locale = 'en-US'): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now.getTime() - then) / 1000);
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
