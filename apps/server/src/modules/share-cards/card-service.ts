import { type MediaType, posterByline, posterUrl } from '@releasebell/contract';
import { HttpError, mediaNotFound } from '../../errors';
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

/** Link preview cards: a title's PNG for og:image and twitter:image, drawn on the server. */
export function createCardService(options: CardServiceOptions) {
  const { findTitle, renderer, proxy, demoPosters, publicUrl } = options;
  const posterWaitMs = options.posterWaitMs ?? POSTER_WAIT_MS;
  // Cards are keyed by their version, so a kept one is never stale: the day only bounds memory use
  // for titles no one shares any more, with the count (a card is 50-150 kB).
  const cards = createTtlCache<{ png: Buffer; complete: boolean }>(24 * 3600_000, {
    maxEntries: options.maxCards ?? 400,
  });

  /** The poster to draw: a demo poster's SVG, a proxied image, or null (the placeholder). */
  async function posterFor(row: TitlePreview): Promise<{ poster: CardPoster | null; complete: boolean }> {
    if (!row.image) return { poster: null, complete: true };
    const demo = await demoPosters.forImage(row.image, (text) => renderer.drawable(text));
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

  /** The card for `version`, drawn once however many ask at once; one drawn without its poster is not kept. */
  async function draw(row: TitlePreview, version: string) {
    const drawn = await cards.get(version, async () => {
      const { poster, complete } = await posterFor(row);
      const png = await renderer.render({
        title: row.title,
        mediaType: row.mediaType,
        releaseText: releaseText(row),
        byline:
          posterByline({
            media_type: row.mediaType,
            author: row.author,
            director: row.director,
            network_name: row.networkName,
          }) ?? row.creator,
        poster,
      });
      return { png, complete };
    });
    if (!drawn.complete) cards.delete(version);
    return drawn;
  }

  return {
    /** The card's address, versioned by what it shows: a page's og:image. */
    cardUrl: (row: TitlePreview) =>
      `${publicUrl}/og/${row.mediaType}/${encodeURIComponent(row.slug)}.png?v=${cardVersion(row)}`,

    /**
     * A title's link preview card. Its ETag names what it depends on (the design, the title's row as
     * last updated, its date), so a matching If-None-Match costs one lookup and no drawing. Drawn
     * cards are kept in memory (least recently used go first); one title drawn once at a time.
     */
    async card(mediaType: MediaType, slug: string, ifNoneMatch?: (etag: string) => boolean): Promise<Card> {
      const row = await findTitle(mediaType, slug);
      if (!row) throw mediaNotFound();
      const version = cardVersion(row);
      const etag = `"${version}"`;
      if (ifNoneMatch?.(etag)) return { etag, png: null, complete: true };
      const { png, complete } = await draw(row, version);
      return { etag, png, complete };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
