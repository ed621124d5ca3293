import type { MediaType } from '@releasebell/contract/constants';
import { isMediaType } from '@releasebell/contract/constants';
import { DEFAULT_HOME_MEDIA_TYPE, SELECTED_MEDIA_TYPE_COOKIE } from '@releasebell/contract/pages';

const SELECTED_MEDIA_TYPE_KEY = 'selectedMediaType';
export const DEFAULT_MEDIA_TYPE: MediaType = DEFAULT_HOME_MEDIA_TYPE;
/** A year: the choice is a preference, not a session. */
const COOKIE_MAX_AGE = 365 * 24 * 3600;

function cookieValue(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The home tab last chosen; the default when nothing valid is stored (or storage is blocked). The
 * cookie comes first: it is what the server rendered the page with.
 */
export function readSelectedMediaType(): MediaType {
  const cookie = cookieValue(SELECTED_MEDIA_TYPE_COOKIE);
  if (isMediaType(cookie)) return cookie;
  try {
    const stored = window.localStorage.getItem(SELECTED_MEDIA_TYPE_KEY);
    return isMediaType(stored) ? stored : DEFAULT_MEDIA_TYPE;
  } catch {
    return DEFAULT_MEDIA_TYPE;
  }
}

/** Remembers the choice in local storage (the spec's key) and in a cookie the server reads. */
export function writeSelectedMediaType(mediaType: MediaType): void {
  try {
    window.localStorage.setItem(SELECTED_MEDIA_TYPE_KEY, mediaType);
  } catch {
    // Private mode or storage full: the choice simply is not remembered.
  }
  if (typeof document !== 'undefined')
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
    document.cookie = `${SELECTED_MEDIA_TYPE_COOKIE}=${mediaType}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${
      window.location.protocol === 'https:' ? '; Secure' : ''
    }`;
}
