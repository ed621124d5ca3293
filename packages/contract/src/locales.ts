// The languages the product speaks, and how a reader's one is chosen. Plain values (no zod),
// re-exported by './constants'.

import type { MessageDescriptor } from './message-types';

/** Every locale, the default first. */
export const LOCALES = ['en-US', 'en-GB', 'es', 'fr', 'de', 'pt-BR', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/**
 * The pseudo-locale: every message accented, marked and 40% longer (scripts/pseudo-locale.mjs). Pages
 * take it from the `rb_locale` cookie, so a browser test sees English left in a page and layouts that
 * break when a language runs long; it is no member's language (profiles take LOCALES only), and its
 * dates and numbers are US English.
 */
export const PSEUDO_LOCALE = 'en-XA';
/** The languages a page can be written in. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;
export function isPageLocale(value: unknown): value is PageLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}
/** The locale a page's dates and numbers are written in. */
export const formatLocaleOf = (locale: PageLocale): Locale => (locale === PSEUDO_LOCALE ? 'en-US' : locale);

/** Each locale's name in its own language, as a language picker lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
};
/** The cookie a visitor's choice (the footer's picker) is kept in. */
export const LOCALE_COOKIE = 'rb_locale';
export const LOCALE_MESSAGES = {
  badLocale: /*i18n*/ {
    id: 'validation.locale',
    message: 'must be one of: {locales}',
    values: { locales: LOCALES.join(', ') },
  },
} satisfies Record<string, MessageDescriptor>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Where English is written the British way (spelling, day-month dates): en-GB serves them. */
const BRITISH_ENGLISH = new Set(['GB', 'IE', 'AU', 'NZ', 'IN', 'ZA', 'SG', 'HK', 'MT', 'CY', 'KE', 'NG']);

/**
 * The locale that serves a language tag best, or null: the same tag ("pt-BR"), else the language's
 * own ("fr-CA" is fr, "es-419" es, "pt-PT" pt-BR), English by its region (en-AU is en-GB, en and
 * en-CA en-US). Case and `_` are taken as browsers and headers write them.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const parts = (tag ?? '').trim().replace(/_/g, '-').split('-');
  const language = parts[0]?.toLowerCase() ?? '';
  const region = parts
    .slice(1)
    .find((p) => /^[A-Za-z]{2}$/.test(p))
    ?.toUpperCase();
  switch (language) {
    case 'en':
      return region && BRITISH_ENGLISH.has(region) ? 'en-GB' : 'en-US';
    case 'es':
    case 'fr':
    case 'de':
    case 'ja':
      return language;
    case 'pt':
      return 'pt-BR';
    default:
      return null;
  }
}

/**
 * The best locale for an `Accept-Language` header: its languages by their weight (`q`, 1 when
 * absent; 0 is "not this"), in the order given among equals, the first one served; else the default.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.weight > 0 && Number.isFinite(e.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
