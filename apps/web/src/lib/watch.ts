import type { OfferType, TitleWatch, WatchOffer } from '@releasebell/contract';
import {
  inReaderOrder,
  OFFER_GROUPS,
  STREAMING_OFFER_TYPES,
  type Translate,
  WATCH_TEXTS,
} from '@releasebell/contract/constants';

// Where to watch: the rules the item page, the quick view and the Watchlist share (the texts and
// offer groups are the contract's).
export {
  availableText,
  OFFER_GROUPS,
  STREAMING_OFFER_TYPES,
  WATCH_TEXTS,
} from '@releasebell/contract/constants';

/* ---------------------------------------------------------------- rules */

export type OfferGroupLabel = (typeof OFFER_GROUPS)[number]['label'];

export interface OfferGroup {
  label: OfferGroupLabel;
  offers: WatchOffer[];
}

/**
 * A title's offers in the contract's groups, empty groups left out, each in the reader's order (their
 * own services first), by the contract's one rule, whatever order they came in.
 */
export function groupOffers(offers: readonly WatchOffer[]): OfferGroup[] {
  const ordered = inReaderOrder(offers);
  return OFFER_GROUPS.map((group) => {
    const types: readonly OfferType[] = group.types;
    return { label: group.label, offers: ordered.filter((o) => types.includes(o.type)) };
  }).filter((group) => group.offers.length > 0);
}

/** Whether any offer streams it (subscription, free or free with ads) rather than renting or selling it. */
export function isStreaming(watch: Pick<TitleWatch, 'offers'>): boolean {
  const streaming: readonly OfferType[] = STREAMING_OFFER_TYPES;
  return watch.offers.some((o) => streaming.includes(o.type));
}

/** How an offer names its service: "Channel 4", or "Channel 4 with ads" for an ads offer. */
export function offerName(t: Translate, offer: Pick<WatchOffer, 'provider' | 'type'>): string {
  return offer.type === 'ads' ? t(WATCH_TEXTS.withAds, { name: offer.provider.name }) : offer.provider.name;
}
