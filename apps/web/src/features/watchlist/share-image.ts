import type { PublicConfig, WatchlistEntry } from '@releasebell/contract';
import { posterUrl } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { placeholderImage } from '../../lib/media';

type ImageProxies = PublicConfig['imageProxies'];

/**
 * Where the share image loads a poster from: same-origin paths as they are; an image under one of
 * the hosts the server proxies (from /api/config, so it follows TMDB_IMAGE_BASE_URL and
 * ISBNDB_IMAGE_BASE_URL) through `/proxy-image/{provider}`; anything else is the placeholder.
 * A TMDB poster is asked for at the share image's size (contract `posterUrl(…, 'share')`).
 */
export function shareImageSource(
  entry: Pick<WatchlistEntry, 'image' | 'media_type'>,
  proxies: ImageProxies,
): string {
  const image = entry.image;
  if (!image) return placeholderImage(entry.media_type);
  if (image.startsWith('/') && !image.startsWith('//')) return posterUrl(image, 'share');
  for (const [provider, base] of Object.entries(proxies)) {
    if (base && image.startsWith(`${base}/`))
      return posterUrl(
        pathTo(ROUTES.getProxiedImage, { provider, '*': image.slice(base.length + 1) }),
        'share',
      );
  }
  return placeholderImage(entry.media_type);
}
