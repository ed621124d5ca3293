import {
  availableText,
  formatDateIn,
  type Locale,
  newTitleText,
  PRODUCT_NAME,
  type ReleaseDatePrecision,
} from '@releasebell/contract';
import { translatorFor } from '../../../infra/i18n';
import { deliveryOffer, type Notice } from './channel';

const LINES = {
  outToday: /*i18n*/ { id: 'notice.released.today', message: '{title} is out today!' },
  outNow: /*i18n*/ { id: 'notice.released.late', message: '{title} is out now!' },
  announced: /*i18n*/ { id: 'notice.dateAnnounced', message: '{title} has a release date: {date}.' },
  moved: /*i18n*/ { id: 'notice.dateChanged', message: '{title} moved from {from} to {to}.' },
  undated: /*i18n*/ { id: 'notice.dateRemoved', message: '{title} no longer has a release date.' },
  reminder: /*i18n*/ {
    id: 'notice.reminder',
    message: '{title} is out {days, plural, =1 {tomorrow} other {in # days}} ({date}).',
  },
  requested: /*i18n*/ {
    id: 'notice.requestResolved',
    message: '{title}, which you asked for, is on {product} now.',
  },
  onAService: /*i18n*/ { id: 'notice.available.unknown', message: '{title} is now on one of your services.' },
  sentence: /*i18n*/ { id: 'notice.sentence', message: '{line}.' },
  tbd: /*i18n*/ { id: 'notice.tbd', message: 'TBD' },
};

/**
 * What happened to a title, in one sentence in the member's language: a text's words, a push's body, a
 * chat message's line, a webhook's `message`. `today` (the member's date as it goes out) words a
 * release day that went out late as past.
 */
export function noticeLine({ delivery, item }: Notice, locale: Locale, today?: string): string {
  const t = translatorFor(locale);
  const date = (d: string | null, p: ReleaseDatePrecision | null) =>
    formatDateIn(locale, d, p) ?? t(LINES.tbd);
  const title = item.title;
  switch (delivery.kind) {
    case 'released':
      return t(today && today !== delivery.keyDate ? LINES.outNow : LINES.outToday, { title });
    case 'date_announced':
      return t(LINES.announced, { title, date: date(delivery.newDate, delivery.newPrecision) });
    case 'date_changed':
      return delivery.newDate
        ? t(LINES.moved, {
            title,
            from: date(delivery.oldDate, delivery.oldPrecision),
            to: date(delivery.newDate, delivery.newPrecision),
          })
        : t(LINES.undated, { title });
    case 'reminder':
      return t(LINES.reminder, {
        title,
        days: delivery.reminderDays ?? 1,
        date: date(delivery.newDate, 'day'),
      });
    case 'request_resolved':
      return t(LINES.requested, { title, product: PRODUCT_NAME });
    case 'new_title': {
      const out = delivery.newDate ? date(delivery.newDate, delivery.newPrecision) : null;
      const line = newTitleText(t, { via: delivery.viaName, mediaType: item.mediaType, title, out });
      return t(LINES.sentence, { line });
    }
    case 'available': {
      const offer = deliveryOffer(delivery);
      return offer
        ? t(LINES.sentence, { line: availableText(t, { title, provider: offer.provider, type: offer.type }) })
        : t(LINES.onAService, { title });
    }
  }
}
