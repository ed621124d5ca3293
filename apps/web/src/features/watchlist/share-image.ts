import type { WatchlistEntry } from '@releasebell/contract';
import { placeholderImage } from '../../lib/media';

/** The image hosts the server proxies, so posters are same-origin and can be drawn into the PNG. */
const PROXIED_HOSTS: Record<string, string> = {
  'image.tmdb.org': '/proxy-image/tmdb',
  'images.isbndb.com': '/proxy-image/isbndb',
};

/** Where the share image loads a poster from: same-origin paths as they are, known hosts through the proxy. */
export function shareImageSource(entry: Pick<WatchlistEntry, 'image' | 'media_type'>): string {
  const image = entry.image;
  if (!image) return placeholderImage(entry.media_type);
  if (image.startsWith('/') && !image.startsWith('//')) return image;
  try {
    const url = new URL(image);
    const proxy = PROXIED_HOSTS[url.hostname];
    if (!proxy || url.protocol !== 'https:') return placeholderImage(entry.media_type);
    // TMDB paths start with /t/p/{size}/..., which the proxy's base already holds.
    const rest =
      url.hostname === 'image.tmdb.org'
        ? url.pathname.replace(/^\/t\/p/, '')
        : url.pathname.replace(/^\/covers/, '');
    return `${proxy}${rest}`;
  } catch {
    return placeholderImage(entry.media_type);
  }
}
