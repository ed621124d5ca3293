// Where to watch, as plain values (no zod): re-exported by './constants' for the web app; the
// schemas are in './watch'.

/**
 * The kinds of offer TMDB (from JustWatch) lists for a title in a country, in the order a page shows
 * them: on a subscription, free, free with ads, to rent, to buy.
 */
export const OFFER_TYPES = ['flatrate', 'free', 'ads', 'rent', 'buy'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
/** What counts as "streaming" for a member: the offers that cost nothing more than the service. */
export const STREAMING_OFFER_TYPES = ['flatrate', 'free', 'ads'] as const satisfies readonly OfferType[];
/** Offers a member is told about only when they asked ("Also tell me when I can rent or buy it"). */
export const RENT_BUY_OFFER_TYPES = ['rent', 'buy'] as const satisfies readonly OfferType[];

/** Whether an offer of this type is one a member with these settings is told about and sees marked. */
export function offerCounts(type: OfferType, includeRentBuy: boolean): boolean {
  return (STREAMING_OFFER_TYPES as readonly string[]).includes(type) || includeRentBuy;
}

/** Services a member may pick. */
export const MAX_SERVICES = 50;
/** An offer that returns after a gap shorter than this is the same offer (no second alert). */
export const OFFER_GAP_DAYS = 7;

/** The groups a title's page lists offers in, and the offer types each holds. */
export const OFFER_GROUPS = [
  { label: 'Stream', types: ['flatrate'] },
  { label: 'Free', types: ['free', 'ads'] },
  { label: 'Rent', types: ['rent'] },
  { label: 'Buy', types: ['buy'] },
] as const satisfies readonly { label: string; types: readonly OfferType[] }[];

/**
 * Offers in the order a reader sees them: by group (Stream, Free, Rent, Buy), the reader's own services
 * first within each, TMDB's order otherwise (the sort is stable).
 */
export function inReaderOrder<T extends { type: OfferType; on_my_services: boolean }>(
  offers: readonly T[],
): T[] {
  const rank = (o: T) =>
    OFFER_GROUPS.findIndex((g) => (g.types as readonly OfferType[]).includes(o.type)) * 2 +
    (o.on_my_services ? 0 : 1);
  return [...offers].sort((a, b) => rank(a) - rank(b));
}

export const WATCH_TEXTS = {
  heading: (country: string) => `Where to watch in ${country}`,
  notYet: (country: string) => `Not streaming in ${country} yet`,
  digitalOn: (date: string) => `Digital release: ${date}`,
  attribution: 'Streaming data from JustWatch',
  onMyServices: 'On my services',
  yourService: 'Your service',
  servicesHeading: 'My services',
  servicesIntro:
    'Pick the services you pay for: we tell you the day a title you track arrives on one of them.',
  includeRentBuy: 'Also tell me when I can rent or buy it',
  servicesSaved: 'Your services are saved.',
  noProviders: 'No streaming services are listed for this country.',
  adsSuffix: 'with ads',
  country: 'Country',
  loadingServices: 'Loading your services',
  servicesFailed: 'Your services could not be loaded.',
  loadingProviders: "Loading the country's services",
  providersFailed: "This country's services could not be loaded.",
  tryAgain: 'Try again',
  saveServices: 'Save services',
  saveFailed: 'Your services could not be saved. Please try again.',
  noCountry: 'No country found',
  onService: (name: string) => `On ${name}`,
  noneOnMyServices: (titles: string) => `No ${titles} on your services right now.`,
  newTab: '(opens in a new tab)',
  channelLogLabel: 'On your service',
  availableFallback: 'Now available to watch',
} as const;

/** The sentence a member is told when a title arrives on one of their services. */
export function availableLine(notice: { title: string; provider: string; type: OfferType }): string {
  switch (notice.type) {
    case 'flatrate':
      return `${notice.title} is now streaming on ${notice.provider}`;
    case 'free':
      return `${notice.title} is now free on ${notice.provider}`;
    case 'ads':
      return `${notice.title} is now free with ads on ${notice.provider}`;
    case 'rent':
      return `${notice.title} can now be rented on ${notice.provider}`;
    case 'buy':
      return `${notice.title} can now be bought on ${notice.provider}`;
  }
}
