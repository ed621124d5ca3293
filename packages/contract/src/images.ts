// Which poster file a screen asks for. Plain values (no zod), re-exported by './constants', so the
// web app and the server's image proxy share one list of TMDB sizes and one rule.

/**
 * The poster widths TMDB's image CDN serves (`/t/p/{size}/{file}`); any other size is a 404 there.
 * The image proxy refuses every other first segment under `/proxy-image/tmdb/`.
 */
export const TMDB_POSTER_SIZES = ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'] as const;
export type TmdbPosterSize = (typeof TMDB_POSTER_SIZES)[number];

/** Where a poster is drawn: a card or thumbnail, the item page's (or hero's) poster, the share image. */
export const POSTER_USES = ['card', 'detail', 'share'] as const;
export type PosterUse = (typeof POSTER_USES)[number];

/**
 * The TMDB size each use asks for: the smallest width at least as wide as the poster is drawn, with
 * room for high-density screens where it matters.
 */
export const TMDB_POSTER_SIZE_FOR: Record<PosterUse, TmdbPosterSize> = {
  // Cards draw posters 220 px wide (thumbnails in lists, search and the leaderboard smaller still):
  // 342 covers the card at about 1.5x, and every small thumbnail reuses the same cached file.
  card: 'w342',
  // The item page draws its poster 320 px wide (the home hero 260 px): 500 is sharp at about 1.5x.
  detail: 'w500',
  // The share image draws each poster at exactly 300x450 and is rendered at pixelRatio 1, so the
  // PNG holds 300 device pixels per poster: w342 is the smallest TMDB width that is only ever scaled
  // down there (w185 would be blown up and blurred; w500/w780 add bytes and nothing visible). It is
  // also the file the cards already loaded, so the preload usually comes from the browser's cache.
  share: 'w342',
};

const TMDB_PROXIED_WIDTH = /^\/proxy-image\/tmdb\/w\d+\//;

/**
 * An item's stored image at the size that fits `use`. Only TMDB posters through the proxy with a
 * width (`/proxy-image/tmdb/w<N>/...`) are rewritten; ISBNdb covers (one size only), demo posters
 * (SVG), `original`, anything else and null pass through unchanged.
 */
export function posterUrl(image: string, use: PosterUse): string;
export function posterUrl(image: string | null | undefined, use: PosterUse): string | null;
export function posterUrl(image: string | null | undefined, use: PosterUse): string | null {
  if (!image) return image ?? null;
  return TMDB_PROXIED_WIDTH.test(image)
    ? image.replace(TMDB_PROXIED_WIDTH, `/proxy-image/tmdb/${TMDB_POSTER_SIZE_FOR[use]}/`)
    : image;
}
