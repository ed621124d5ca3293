import type { Notification } from '@releasebell/contract';
import { formatDateIn, type Locale } from '@releasebell/contract/constants';
import { type Translate, translateNow } from '../../lib/i18n';
import { availableText, WATCH_TEXTS } from '../../lib/watch';

const MESSAGES = {
  tbd: /*i18n*/ { id: 'notifications.text.tbd', message: 'TBD' },
  released: /*i18n*/ { id: 'notifications.text.released', message: 'Out today' },
  dateAnnounced: /*i18n*/ {
    id: 'notifications.text.dateAnnounced',
    message: 'Release date announced: {date}',
  },
  dateChanged: /*i18n*/ { id: 'notifications.text.dateChanged', message: 'Date changed: {from} → {to}' },
  outTomorrow: /*i18n*/ { id: 'notifications.text.outTomorrow', message: 'Out tomorrow' },
  outInDays: /*i18n*/ {
    id: 'notifications.text.outInDays',
    message: 'Out in {days, plural, one {# day} other {# days}}',
  },
  outOn: /*i18n*/ { id: 'notifications.text.outOn', message: 'Out {date}' },
  requestResolved: /*i18n*/ {
    id: 'notifications.text.requestResolved',
    message: 'Added at your request: open it and press Notify Me',
  },
  newFromOut: /*i18n*/ { id: 'notifications.text.newFromOut', message: 'New from {via}, out {date}' },
  newFromTbd: /*i18n*/ { id: 'notifications.text.newFromTbd', message: 'New from {via}, date TBD' },
  announcedOut: /*i18n*/ { id: 'notifications.text.announcedOut', message: 'Newly announced, out {date}' },
  announcedTbd: /*i18n*/ { id: 'notifications.text.announcedTbd', message: 'Newly announced, date TBD' },
  justNow: /*i18n*/ { id: 'notifications.text.justNow', message: 'just now' },
};

/**
 * What happened, in words: "Out today", "Release date announced: Mar 14, 2027", "Out in 3 days"...
 * In `language`, with `t` for it (the component's); US English by default.
 */
export function describeNotification(
  n: Notification,
  t: Translate = translateNow,
  language: Locale = 'en-US',
): string {
  const dateText = (date: string | null, precision: Notification['new_date_precision']) =>
    formatDateIn(language, date, precision, 'short') ?? t(MESSAGES.tbd);
  switch (n.kind) {
    case 'released':
      return t(MESSAGES.released);
    case 'date_announced':
      return t(MESSAGES.dateAnnounced, { date: dateText(n.new_date, n.new_date_precision) });
    case 'date_changed':
      return t(MESSAGES.dateChanged, {
        from: dateText(n.old_date, n.old_date_precision),
        to: dateText(n.new_date, n.new_date_precision),
      });
    case 'reminder':
      if (n.reminder_days === 1) return t(MESSAGES.outTomorrow);
      if (n.reminder_days && n.reminder_days > 1) return t(MESSAGES.outInDays, { days: n.reminder_days });
      return t(MESSAGES.outOn, { date: dateText(n.new_date, n.new_date_precision) });
    case 'request_resolved':
      return t(MESSAGES.requestResolved);
    case 'new_title': {
      const date = formatDateIn(language, n.new_date, n.new_date_precision, 'short');
      if (n.via)
        return date ? t(MESSAGES.newFromOut, { via: n.via, date }) : t(MESSAGES.newFromTbd, { via: n.via });
      return date ? t(MESSAGES.announcedOut, { date }) : t(MESSAGES.announcedTbd);
    }
    case 'available':
      return n.provider && n.offer_type
        ? availableText(t, { title: n.item.title, provider: n.provider.name, type: n.offer_type })
        : // Without its service (not expected from the server).
          t(WATCH_TEXTS.availableFallback);
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
export function timeAgo(
  iso: string,
  now: Date,
  locale: Locale = 'en-US',
  t: Translate = translateNow,
): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now.getTime() - then) / 1000);
  if (seconds < 60) return t(MESSAGES.justNow);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return t(MESSAGES.justNow);
}
