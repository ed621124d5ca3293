/**
 * The visitor's country, for the release dates pages show and the Amazon store a book links to. The
 * rule that reads a country out of a locale is the contract's (the server reads Accept-Language by it).
 */
import { regionFromLocale } from '@releasebell/contract/constants';

export { regionFromLocale };

/** The browser's preferred locale: the first of its languages (as the visitor ordered them). */
export function browserLocale(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.[0] ?? navigator.language;
}

/** The country of the browser's preferred locale, or null (then the server's default region). */
export function browserRegion(): string | null {
  return regionFromLocale(browserLocale());
}

let names: Intl.DisplayNames | null | undefined;

/** "United Kingdom" for GB, in English like the rest of the product; the code itself when unknown. */
export function regionName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
