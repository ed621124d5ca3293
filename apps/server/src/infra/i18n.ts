import {
  isPageLocale,
  LOCALE_COOKIE,
  negotiateLocale,
  type PageLocale,
  type Translate,
} from '@releasebell/contract';
import { createTranslator } from '@releasebell/contract/i18n';
import { mergeCatalogs, SERVER_CATALOGS } from '@releasebell/contract/locales/all';

/** A message in a reader's locale: the server renders texts, mails and pushes for whoever gets them. */
export const translate = createTranslator(mergeCatalogs(SERVER_CATALOGS));

/** `translate` bound to one reader's locale (or a page's pseudo-locale): what the contract's text functions take. */
export const translatorFor =
  (locale: PageLocale): Translate =>
  (descriptor, values) =>
    translate(locale, descriptor, values);

const CHOSEN = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/**
 * The language a request is answered in: the visitor's choice (the footer's `rb_locale` cookie), else
 * the best match of its Accept-Language, else the default.
 */
export function requestLocale(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): PageLocale {
  const chosen = CHOSEN.exec(headers.cookie ?? '')?.[1];
  return isPageLocale(chosen) ? chosen : negotiateLocale(headers['accept-language']);
}

/** `translate` bound to the language a request is answered in. */
export const requestTranslator = (headers: Parameters<typeof requestLocale>[0]): Translate =>
  translatorFor(requestLocale(headers));
