import {
  formatDateIn,
  isLocale,
  MEDIA_TYPE_SINGULAR,
  type MediaType,
  type PageLocale,
  posterByline,
  posterUrl,
  TAGLINE,
  type Translate,
} from '@releasebell/contract';
import { HttpError, mediaNotFound } from '../../errors';
import { translate } from '../../infra/i18n';
import { shortHash } from '../../lib/short-hash';
import { createTtlCache } from '../../lib/ttl-cache';
import type { DemoPosters, ImageProvider, ImageProxy } from '../images';
import type { CardPoster, CardRenderer } from './og-card';
import { type FindTitlePreview, releaseText, type TitlePreview } from './titles';

/** Bump when the card's design changes: every card's ETag and address version change with it. */
const CARD_DESIGN = 1;
/** How long a card waits for its poster before drawing the placeholder instead. */
const POSTER_WAIT_MS = 4000;

export interface CardServiceOptions {
  findTitle: FindTitlePreview;
  renderer: CardRenderer;
  proxy: ImageProxy;
  demoPosters: DemoPosters;
  /** PUBLIC_URL, no trailing slash: a card's address starts with it. */
  publicUrl: string;
  posterWaitMs?: number;
  /** Rendered cards kept in memory (the least recently asked for go first). */
  maxCards?: number;
}

export interface Card {
  etag: string;
  /** Null when the caller's If-None-Match already names `etag` (nothing was drawn). */
  png: Buffer | null;
  /**
   * False when the poster could not be fetched this time (the host failed or was slow): the card
   * has the placeholder, so it is not kept, and browsers are told to ask again soon.
   */
  complete: boolean;
}

/** What a card depends on: a change to any of these is a new card (and a new ETag and address). */
const cardVersion = (row: TitlePreview) =>
  shortHash(
    [
      CARD_DESIGN,
      row.id,
      row.updatedAt.toISOString(),
      row.releaseDate ?? '',
      row.releaseDatePrecision ?? '',
    ].join('\n'),
    22,
  );

const TMDB_OR_ISBNDB = /^\/proxy-image\/(tmdb|isbndb)\/(.+)$/;

const MESSAGES = {
  releaseDate: /*i18n*/ { id: 'card.releaseDate', message: 'Release date' },
  tbd: /*i18n*/ { id: 'card.tbd', message: 'TBD' },
};

/** What a card writes besides the title, in one language. */
interface CardTexts {
  kind: string;
  releaseLabel: string;
  releaseText: string;
  byline: string | null;
  tagline: string;
}

function cardTexts(row: TitlePreview, locale: PageLocale): CardTexts {
  const t: Translate = (descriptor, values) => translate(locale, descriptor, values);
  const dateLocale = isLocale(locale) ? locale : 'en-US';
  return {
    kind: t(MEDIA_TYPE_SINGULAR[row.mediaType]),
    releaseLabel: t(MESSAGES.releaseDate),
    // US English exactly as the pages' head tags write it.
    releaseText:
      dateLocale === 'en-US'
        ? releaseText(row)
        : (formatDateIn(dateLocale, row.releaseDate, row.releaseDatePrecision, 'long') ?? t(MESSAGES.tbd)),
    byline:
      posterByline(t, {
        media_type: row.mediaType,
        author: row.author,
        director: row.director,
        network_name: row.networkName,
      }) ?? row.creator,
    tagline: t(TAGLINE),
  };
}

/** Link preview cards: a title's PNG for og:image and twitter:image, drawn on the server. */
export function createCardService(options: CardServiceOptions) {
  const { findTitle, renderer, proxy, demoPosters, publicUrl } = options;
  const posterWaitMs = options.posterWaitMs ?? POSTER_WAIT_MS;
  // Cards are keyed by their version, so a kept one is never stale: the day only bounds memory use
  // for titles no one shares any more, with the count (a card is 50-150 kB).
  const cards = createTtlCache<{ png: Buffer; complete: boolean }>(24 * 3600_000, {
    maxEntries: options.maxCards ?? 400,
  });

  /**
   * The card's words in `locale`, or in US English when the card's fonts cannot write that language
   * (Japanese): a card is in one language.
   */
  async function textsFor(
    row: TitlePreview,
    locale: PageLocale,
  ): Promise<{ locale: PageLocale; texts: CardTexts }> {
    const texts = cardTexts(row, locale);
    if (locale === 'en-US') return { locale, texts };
    const fixed = [texts.kind, texts.releaseLabel, texts.releaseText, texts.tagline];
    const drawable = await Promise.all(fixed.map((text) => renderer.drawable(text)));
    return drawable.every(Boolean) ? { locale, texts } : { locale: 'en-US', texts: cardTexts(row, 'en-US') };
  }

  /** The poster to draw: a demo poster's SVG, a proxied image, or null (the placeholder). */
  async function posterFor(
    row: TitlePreview,
    locale: PageLocale,
  ): Promise<{ poster: CardPoster | null; complete: boolean }> {
    if (!row.image) return { poster: null, complete: true };
    const t: Translate = (descriptor, values) => translate(locale, descriptor, values);
    const demo = await demoPosters.forImage(row.image, (text) => renderer.drawable(text), t);
    if (demo) return { poster: { kind: 'svg', svg: demo }, complete: true };
    const proxied = TMDB_OR_ISBNDB.exec(posterUrl(row.image, 'detail'));
    if (!proxied?.[1] || !proxied[2]) return { poster: null, complete: true };
    let timer: NodeJS.Timeout | undefined;
    try {
      const image = await Promise.race([
        proxy.get(proxied[1] as ImageProvider, proxied[2]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('poster too slow')), posterWaitMs);
        }),
      ]);
      return { poster: { kind: 'raster', data: image.body, contentType: image.contentType }, complete: true };
    } catch (error) {
      // A poster the host does not have (or a path the proxy refuses) will not come later: the
      // placeholder is the card. Anything else may pass: the card is drawn again next time.
      const lasting = error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);
      return { poster: null, complete: lasting };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The card for `key` (its version and language), drawn once however many ask at once; one drawn
   * without its poster is not kept.
   */
  async function draw(row: TitlePreview, key: string, locale: PageLocale) {
    const drawn = await cards.get(key, async () => {
      const written = await textsFor(row, locale);
      const { poster, complete } = await posterFor(row, written.locale);
      const png = await renderer.render({ title: row.title, ...written.texts, poster });
      return { png, complete };
    });
    if (!drawn.complete) cards.delete(key);
    return drawn;
  }

  return {
    /** The card's address, versioned by what it shows: a page's og:image. */
    cardUrl: (row: TitlePreview) =>
      `${publicUrl}/og/${row.mediaType}/${encodeURIComponent(row.slug)}.png?v=${cardVersion(row)}`,

    /**
     * A title's link preview card, in `locale` (the request's; US English by default). Its ETag names
     * what it depends on (the design, the title's row as last updated, its date, the language), so a
     * matching If-None-Match costs one lookup and no drawing. Drawn cards are kept in memory (least
     * recently used go first); one title drawn once at a time.
     */
    async card(
      mediaType: MediaType,
      slug: string,
      ifNoneMatch?: (etag: string) => boolean,
      locale: PageLocale = 'en-US',
    ): Promise<Card> {
      const row = await findTitle(mediaType, slug);
      if (!row) throw mediaNotFound();
      const version = cardVersion(row);
      const key = locale === 'en-US' ? version : shortHash(`${version}\n${locale}`, 22);
      const etag = `"${key}"`;
      if (ifNoneMatch?.(etag)) return { etag, png: null, complete: true };
      const { png, complete } = await draw(row, key, locale);
      return { etag, png, complete };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
