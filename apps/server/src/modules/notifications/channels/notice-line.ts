import { availableLine } from '@releasebell/contract';
import { formatReleaseDate, newTitleLine, PRODUCT_NAME } from '@releasebell/contract/constants';
import { deliveryOffer, type Notice } from './channel';

/**
 * What happened to a title, in one sentence: a text's words, a push's body, a chat message's line.
 * `today` (the member's date as it goes out) words a release day that went out late as past.
 */
export function noticeLine({ delivery, item }: Notice, today?: string): string {
  const date = (d: string | null, p: typeof delivery.newPrecision) => (d ? formatReleaseDate(d, p) : 'TBD');
  switch (delivery.kind) {
    case 'released':
      return today && today !== delivery.keyDate
        ? `${item.title} is out now!`
        : `${item.title} is out today!`;
    case 'date_announced':
      return `${item.title} has a release date: ${date(delivery.newDate, delivery.newPrecision)}.`;
    case 'date_changed':
      return delivery.newDate
        ? `${item.title} moved from ${date(delivery.oldDate, delivery.oldPrecision)} to ${date(delivery.newDate, delivery.newPrecision)}.`
        : `${item.title} no longer has a release date.`;
    case 'reminder':
      return `${item.title} is out ${delivery.reminderDays === 1 ? 'tomorrow' : `in ${delivery.reminderDays} days`} (${date(delivery.newDate, 'day')}).`;
    case 'request_resolved':
      return `${item.title}, which you asked for, is on ${PRODUCT_NAME} now.`;
    case 'new_title': {
      const out = delivery.newDate ? date(delivery.newDate, delivery.newPrecision) : null;
      return `${newTitleLine({ via: delivery.viaName, mediaType: item.mediaType, title: item.title, out })}.`;
    }
    case 'available': {
      const offer = deliveryOffer(delivery);
      return offer
        ? `${availableLine({ title: item.title, provider: offer.provider, type: offer.type })}.`
        : `${item.title} is now on one of your services.`;
    }
  }
}
