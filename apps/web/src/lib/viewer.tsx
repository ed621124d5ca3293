import type { MediaType, PageLocale } from '@releasebell/contract/constants';
import { createContext, useContext } from 'react';
import { browserLanguage } from './i18n';
import { browserLocale } from './region';
import { readSelectedMediaType } from './storage';

/**
 * What a page knows of its visitor before any script runs, so the server renders what the browser then
 * hydrates: the browser's locale (Accept-Language on the server, navigator.languages here) and the
 * media type last chosen on the home page (its cookie). The server names the values it used in the
 * page's data, and the browser hydrates with those.
 */
export interface Viewer {
  /** "en-GB"; null when unknown (the server's default region then). */
  locale: string | null;
  /** The language pages are written in: the visitor's choice (its cookie), else their browser's best. */
  language: PageLocale;
  mediaType: MediaType;
}

const ViewerContext = createContext<Viewer | null>(null);

export const ViewerProvider = ViewerContext.Provider;

/** The browser's own values (a page the server did not render, or a test). */
export const browserViewer = (): Viewer => ({
  locale: browserLocale() ?? null,
  language: browserLanguage(),
  mediaType: readSelectedMediaType(),
});

export function useViewer(): Viewer {
  return useContext(ViewerContext) ?? browserViewer();
}
