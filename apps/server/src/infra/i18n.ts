import type { Locale } from '@releasebell/contract';
import { createTranslator } from '@releasebell/contract/i18n';
import { messages as de } from '@releasebell/contract/locales/de';
import { messages as enGB } from '@releasebell/contract/locales/en-GB';
import { messages as enUS } from '@releasebell/contract/locales/en-US';
import { messages as es } from '@releasebell/contract/locales/es';
import { messages as fr } from '@releasebell/contract/locales/fr';
import { messages as ja } from '@releasebell/contract/locales/ja';
import { messages as ptBR } from '@releasebell/contract/locales/pt-BR';

const catalogs: Record<Locale, typeof enUS> = {
  'en-US': enUS,
  'en-GB': enGB,
  es,
  fr,
  de,
  'pt-BR': ptBR,
  ja,
};

/** A message in a reader's locale: the server renders texts, mails and pushes for whoever gets them. */
export const translate = createTranslator(catalogs);
