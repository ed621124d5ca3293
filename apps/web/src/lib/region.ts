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

/** One `Intl.DisplayNames` a language (null where the browser has none for it). */
const namers = new Map<string, Intl.DisplayNames | null>();

function namerFor(language: string): Intl.DisplayNames | null {
  let namer = namers.get(language);
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      namer = null;
    }
    namers.set(language, namer);
  }
  return namer;
}

/**
 * "United Kingdom" for GB: in `language` (the page's, e.g. "Royaume-Uni" in fr), in English when none is
 * given; the code itself when unknown.
 */
export function regionName(code: string, language = 'en'): string {
  // US English is the product's own: named as it always was, by the plain 'en' names.
  const namer = namerFor(language === 'en-US' ? 'en' : language);
  try {
    return namer?.of(code) ?? code;
  } catch {
    return code;
  }
}
