import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  type CreatePageRenderer,
  DEFAULT_HOME_MEDIA_TYPE,
  isMediaType,
  isPagePublicRead,
  type PageRenderer,
  type PageViewer,
  type RenderFetchAnswer,
  SELECTED_MEDIA_TYPE_COOKIE,
} from '@releasebell/contract';
import { requestLocale } from '../../infra/i18n';

/**
 * Loads the web app's server entry (built by `npm run build` into apps/web/dist-server/); null when it
 * is not built, and pages are then rendered by the browser alone. `read` answers a public API read
 * (the app's own routes, through inject).
 */
export async function loadPageRenderer(
  file: string,
  read: (path: string) => Promise<RenderFetchAnswer>,
): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as { createPageRenderer: CreatePageRenderer };
  return entry.createPageRenderer(async (path) => (isPagePublicRead(path) ? read(path) : null));
}

const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * What the server knows of a visitor before any script runs: the first language they accept (as the
 * browser's navigator.languages[0]), the product language they chose (its cookie) or accept best, and
 * the home page's media type they last chose (its cookie).
 */
export function viewerOf(headers: { 'accept-language'?: string; cookie?: string }): PageViewer {
  const first = headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const cookie = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(headers.cookie ?? '')?.[1];
  const mediaType = cookie(SELECTED_MEDIA_TYPE_COOKIE);
  return {
    locale: LOCALE.test(first) ? first : null,
    language: requestLocale(headers),
    mediaType: isMediaType(mediaType) ? mediaType : DEFAULT_HOME_MEDIA_TYPE,
  };
}
