// Where to watch, as plain values (no zod): re-exported by './constants' for the web app; the
// schemas are in './watch'.
import type { MessageDescriptor } from './i18n';

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
  { label: /*i18n*/ { id: 'watch.group.stream', message: 'Stream' }, types: ['flatrate'] },
  { label: /*i18n*/ { id: 'watch.group.free', message: 'Free' }, types: ['free', 'ads'] },
  { label: /*i18n*/ { id: 'watch.group.rent', message: 'Rent' }, types: ['rent'] },
  { label: /*i18n*/ { id: 'watch.group.buy', message: 'Buy' }, types: ['buy'] },
] as const satisfies readonly { label: MessageDescriptor; types: readonly OfferType[] }[];

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

/** Where to watch, in words: `t(WATCH_TEXTS.heading, { country })`. */
export const WATCH_TEXTS = {
  heading: /*i18n*/ { id: 'watch.heading', message: 'Where to watch in {country}' },
  notYet: /*i18n*/ { id: 'watch.notYet', message: 'Not streaming in {country} yet' },
  digitalOn: /*i18n*/ { id: 'watch.digitalOn', message: 'Digital release: {date}' },
  attribution: /*i18n*/ { id: 'watch.attribution', message: 'Streaming data from JustWatch' },
  onMyServices: /*i18n*/ { id: 'watch.onMyServices', message: 'On my services' },
  yourService: /*i18n*/ { id: 'watch.yourService', message: 'Your service' },
  servicesHeading: /*i18n*/ { id: 'watch.servicesHeading', message: 'My services' },
  servicesIntro: /*i18n*/ {
    id: 'watch.servicesIntro',
    message: 'Pick the services you pay for: we tell you the day a title you track arrives on one of them.',
  },
  includeRentBuy: /*i18n*/ { id: 'watch.includeRentBuy', message: 'Also tell me when I can rent or buy it' },
  servicesSaved: /*i18n*/ { id: 'watch.servicesSaved', message: 'Your services are saved.' },
  noProviders: /*i18n*/ {
    id: 'watch.noProviders',
    message: 'No streaming services are listed for this country.',
  },
  /** An ads offer's service: "Channel 4 with ads". */
  withAds: /*i18n*/ { id: 'watch.withAds', message: '{name} with ads' },
  country: /*i18n*/ { id: 'watch.country', message: 'Country' },
  loadingServices: /*i18n*/ { id: 'watch.loadingServices', message: 'Loading your services' },
  servicesFailed: /*i18n*/ { id: 'watch.servicesFailed', message: 'Your services could not be loaded.' },
  loadingProviders: /*i18n*/ { id: 'watch.loadingProviders', message: "Loading the country's services" },
  providersFailed: /*i18n*/ {
    id: 'watch.providersFailed',
    message: "This country's services could not be loaded.",
  },
  tryAgain: /*i18n*/ { id: 'watch.tryAgain', message: 'Try again' },
  saveServices: /*i18n*/ { id: 'watch.saveServices', message: 'Save services' },
  saveFailed: /*i18n*/ {
    id: 'watch.saveFailed',
    message: 'Your services could not be saved. Please try again.',
  },
  noCountry: /*i18n*/ { id: 'watch.noCountry', message: 'No country found' },
  onService: /*i18n*/ { id: 'watch.onService', message: 'On {name}' },
  /** `kind`: the watchlist's tab, a media type or `all` ("No titles on your services right now."). */
  noneOnMyServices: /*i18n*/ {
    id: 'watch.noneOnMyServices',
    message:
      'No {kind, select, tv_seasons {TV Shows} movies {Movies} books {Books} other {titles}} on your services right now.',
  },
  newTab: /*i18n*/ { id: 'watch.newTab', message: '(opens in a new tab)' },
  channelLogLabel: /*i18n*/ { id: 'watch.channelLogLabel', message: 'On your service' },
  availableFallback: /*i18n*/ { id: 'watch.availableFallback', message: 'Now available to watch' },
} satisfies Record<string, MessageDescriptor>;
