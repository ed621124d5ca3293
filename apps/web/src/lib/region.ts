/**
 * The visitor's country, for the release dates pages show and the Amazon store a book links to. The
 * one place that reads a country out of a locale.
 */

/**
 * The country a locale names: "en-GB" is GB, "pt_BR" BR, "zh-Hant-TW" TW; null when it names none
 * ("en") or names a region that is not a country ("es-419", Latin America).
 */
export function regionFromLocale(locale: string | null | undefined): string | null {
  const tag = (locale ?? '').trim().replace(/_/g, '-');
  if (!tag) return null;
  let region: string | undefined;
  try {
    region = new Intl.Locale(tag).region;
  } catch {
    // Not a well-formed tag: the first two-letter subtag after the language, if any.
    region = tag
      .split('-')
      .slice(1)
      .find((part) => /^[A-Za-z]{2}$/.test(part));
  }
  return region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : null;
}

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
