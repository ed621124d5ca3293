import type { MediaType } from '@releasebell/contract/constants';
import { isMediaType } from '@releasebell/contract/constants';
import { DEFAULT_HOME_MEDIA_TYPE, SELECTED_MEDIA_TYPE_COOKIE } from '@releasebell/contract/pages';
import { useCallback, useEffect, useRef, useState } from 'react';

const SELECTED_MEDIA_TYPE_KEY = 'selectedMediaType';
const DEFAULT_MEDIA_TYPE: MediaType = DEFAULT_HOME_MEDIA_TYPE;
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
 * The choice kept in local storage: its media type; the default for a value that is none (the spec:
 * invalid stored values are ignored), whatever an older cookie says; null when nothing is stored or
 * storage is blocked (the cookie is then all there is).
 */
function storedMediaType(): MediaType | null {
  try {
    const stored = window.localStorage.getItem(SELECTED_MEDIA_TYPE_KEY);
    if (stored === null) return null;
    return isMediaType(stored) ? stored : DEFAULT_MEDIA_TYPE;
  } catch {
    return null;
  }
}

/**
 * The home tab last chosen: local storage's (where the choice is remembered), else the cookie the
 * server renders with, else the default.
 */
export function readSelectedMediaType(): MediaType {
  const cookie = cookieValue(SELECTED_MEDIA_TYPE_COOKIE);
  return storedMediaType() ?? (isMediaType(cookie) ? cookie : DEFAULT_MEDIA_TYPE);
}

/**
 * The chosen media type of a page that offers the three (home tabs, leaderboard pills), and its setter
 * that remembers a choice. It starts as the page was rendered (the cookie's, so hydration matches); once
 * hydrated, a different choice in local storage wins and the cookie is brought in line with it
 * (`onRestored` lets a page show it at once, without the delay of a member's switch).
 */
export function useSelectedMediaType(
  rendered: MediaType,
  onRestored?: (mediaType: MediaType) => void,
): [MediaType, (mediaType: MediaType) => void] {
  const [selected, setSelected] = useState(rendered);
  const restored = useRef(onRestored);
  useEffect(() => {
    const stored = storedMediaType();
    if (!stored || stored === rendered) return;
    writeSelectedMediaType(stored);
    setSelected(stored);
    restored.current?.(stored);
  }, [rendered]);
  const choose = useCallback((mediaType: MediaType) => {
    writeSelectedMediaType(mediaType);
    setSelected(mediaType);
  }, []);
  return [selected, choose];
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
