// What a member is told about a title, in words the server's messages and the web's bell share.
// Descriptors (ADR 021): the English is the source, every locale's text is in ./locales.
import type { MessageDescriptor, MessageValues } from './i18n';
import type { MediaType } from './media-types';
import type { OfferType } from './offers';

/** A message rendered in the reader's locale: `t(MESSAGE, values)`. */
export type Translate = (descriptor: MessageDescriptor, values?: MessageValues) => string;

const NEW_TITLE = {
  via: /*i18n*/ {
    id: 'notice.newTitle.via',
    message: '{via} has a new {kind, select, movies {movie} books {book} other {season}}: {title}',
  },
  viaOut: /*i18n*/ {
    id: 'notice.newTitle.viaOut',
    message: '{via} has a new {kind, select, movies {movie} books {book} other {season}}: {title}, out {out}',
  },
  announced: /*i18n*/ { id: 'notice.newTitle.announced', message: '{title} is announced' },
  announcedOut: /*i18n*/ { id: 'notice.newTitle.announcedOut', message: '{title} is announced, out {out}' },
};

/**
 * A new title of something followed, in a line (email subject, text): "Orla Penhallow has a new book:
 * The Salt Cartographer, out March 14, 2027", or for a series' season "Severance: Season 3 is announced".
 * `out` is the release date already in the reader's words.
 */
export function newTitleText(
  t: Translate,
  notice: { via: string | null; mediaType: MediaType; title: string; out: string | null },
): string {
  const values = { via: notice.via, kind: notice.mediaType, title: notice.title, out: notice.out };
  if (notice.via) return t(notice.out ? NEW_TITLE.viaOut : NEW_TITLE.via, values);
  return t(notice.out ? NEW_TITLE.announcedOut : NEW_TITLE.announced, values);
}

const AVAILABLE: Record<OfferType, MessageDescriptor> = {
  flatrate: /*i18n*/ { id: 'notice.available.flatrate', message: '{title} is now streaming on {provider}' },
  free: /*i18n*/ { id: 'notice.available.free', message: '{title} is now free on {provider}' },
  ads: /*i18n*/ { id: 'notice.available.ads', message: '{title} is now free with ads on {provider}' },
  rent: /*i18n*/ { id: 'notice.available.rent', message: '{title} can now be rented on {provider}' },
  buy: /*i18n*/ { id: 'notice.available.buy', message: '{title} can now be bought on {provider}' },
};

/** The line a member is told when a title arrives on one of their services. */
export function availableText(
  t: Translate,
  notice: { title: string; provider: string; type: OfferType },
): string {
  return t(AVAILABLE[notice.type], { title: notice.title, provider: notice.provider });
}

const CREDITS: Record<string, MessageDescriptor> = {
  Author: /*i18n*/ { id: 'credit.author', message: 'Author' },
  Director: /*i18n*/ { id: 'credit.director', message: 'Director' },
  Creator: /*i18n*/ { id: 'credit.creator', message: 'Creator' },
};
/** "{label}: {name}", for a surface that sets the name apart (bold): `t(CREDIT_LINE, { label, name })`. */
export const CREDIT_LINE: MessageDescriptor = /*i18n*/ { id: 'credit.line', message: '{label}: {name}' };

/**
 * A creator's label ("Director", "Author", ...) in the reader's words; "Creator" when there is none.
 * The catalog's labels are English words: the known ones are translated, any other is shown as stored.
 */
export function creditLabel(t: Translate, label: string | null): string {
  const stored = label ?? 'Creator';
  const known = Object.hasOwn(CREDITS, stored) ? CREDITS[stored] : undefined;
  return known ? t(known) : stored;
}

/** "Director: Mara Quill" in the reader's words; null when the title has no known creator. */
export function creditText(
  t: Translate,
  item: { creator: string | null; creator_label: string | null },
): string | null {
  if (!item.creator) return null;
  return t(CREDIT_LINE, { label: creditLabel(t, item.creator_label), name: item.creator });
}
