import {
  isPageLocale,
  LOCALE_COOKIE,
  type Locale,
  negotiateLocale,
  type PageLocale,
  type Translate,
} from '@releasebell/contract';
import { createTranslator } from '@releasebell/contract/i18n';
import { messages as de } from '@releasebell/contract/locales/de';
import { messages as enGB } from '@releasebell/contract/locales/en-GB';
import { messages as enUS } from '@releasebell/contract/locales/en-US';
import { messages as pseudo } from '@releasebell/contract/locales/en-XA';
import { messages as es } from '@releasebell/contract/locales/es';
import { messages as fr } from '@releasebell/contract/locales/fr';
import { messages as ja } from '@releasebell/contract/locales/ja';
import { messages as ptBR } from '@releasebell/contract/locales/pt-BR';

const catalogs: Record<PageLocale, typeof enUS> = {
  'en-US': enUS,
  'en-GB': enGB,
  es,
  fr,
  de,
  'pt-BR': ptBR,
  ja,
  'en-XA': pseudo,
};

/** A message in a reader's locale: the server renders texts, mails and pushes for whoever gets them. */
export const translate = createTranslator(catalogs);

/** `translate` bound to one reader's locale: what the contract's text functions take. */
export const translatorFor =
  (locale: Locale): Translate =>
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
