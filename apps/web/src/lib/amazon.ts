import { regionFromLocale } from './region';

/** Amazon's regional stores, by ISO country code. */
const STORES: Record<string, string> = {
  US: 'amazon.com',
  GB: 'amazon.co.uk',
  DE: 'amazon.de',
  FR: 'amazon.fr',
  IT: 'amazon.it',
  ES: 'amazon.es',
  CA: 'amazon.ca',
  JP: 'amazon.co.jp',
  AU: 'amazon.com.au',
  IN: 'amazon.in',
  MX: 'amazon.com.mx',
  BR: 'amazon.com.br',
  NL: 'amazon.nl',
  SG: 'amazon.sg',
  AE: 'amazon.ae',
  EG: 'amazon.eg',
  CN: 'amazon.cn',
};

/** When the locale names only a language ("de"), the store of the country most associated with it. */
const BY_LANGUAGE: Record<string, string> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  ja: 'JP',
  nl: 'NL',
  pt: 'BR',
  zh: 'CN',
  ar: 'AE',
  hi: 'IN',
};

/** The store for a browser locale such as "en-GB", "fr" or "pt_BR"; the US store when unknown. */
export function amazonStoreForLocale(locale: string | null | undefined): string {
  const byRegion = STORES[regionFromLocale(locale) ?? ''];
  if (byRegion) return byRegion;
  const language = (locale ?? '').trim().split(/[-_]/)[0] ?? '';
  const country = BY_LANGUAGE[language.toLowerCase()];
  return (country && STORES[country]) || 'amazon.com';
}

/** A search for the book in the viewer's store, with our affiliate tag when one is configured. */
export function amazonSearchUrl(
  book: { title: string; author: string | null },
  locale: string | null | undefined,
  affiliateTag: string | null,
): string {
  const url = new URL(`https://www.${amazonStoreForLocale(locale)}/s`);
  url.searchParams.set('k', [book.title, book.author].filter(Boolean).join(' '));
  url.searchParams.set('i', 'stripbooks');
  if (affiliateTag) url.searchParams.set('tag', affiliateTag);
  return url.toString();
}
