import type { MediaType } from '@releasebell/contract/constants';
import { isMediaType } from '@releasebell/contract/constants';

const SELECTED_MEDIA_TYPE_KEY = 'selectedMediaType';
export const DEFAULT_MEDIA_TYPE: MediaType = 'tv_seasons';

/** The home tab last chosen; the default when nothing valid is stored (or storage is blocked). */
export function readSelectedMediaType(): MediaType {
  try {
    const stored = window.localStorage.getItem(SELECTED_MEDIA_TYPE_KEY);
    return isMediaType(stored) ? stored : DEFAULT_MEDIA_TYPE;
  } catch {
    return DEFAULT_MEDIA_TYPE;
  }
}

export function writeSelectedMediaType(mediaType: MediaType): void {
  try {
    window.localStorage.setItem(SELECTED_MEDIA_TYPE_KEY, mediaType);
  } catch {
    // Private mode or storage full: the choice simply is not remembered.
  }
}
