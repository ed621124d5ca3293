import { isLocale } from './locales';
import type { MessageDescriptor, MessageValues } from './message-types';

export type { MessageDescriptor, MessageValues } from './message-types';

/**
 * A message as `lingui compile` writes it (ADR 021): text, `[name]` for a value, and
 * `[name, 'plural' | 'selectordinal' | 'select', { case: tokens }]` for a choice.
 */
export type CompiledToken = string | [name: string, type?: string, format?: unknown];
export type CompiledMessage = string | CompiledToken[];
/** A locale's compiled catalog: every message by id. */
export type Messages = Record<string, CompiledMessage>;

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralRule(locale: string, ordinal: boolean): Intl.PluralRules {
  const key = `${locale} ${ordinal}`;
  let rule = rules.get(key);
  if (!rule) {
    rule = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' });
    rules.set(key, rule);
  }
  return rule;
}

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numbers.set(locale, format);
  }
  return format;
}

/**
 * A number the locale's way. Each product locale writes a whole number under 1,000 as its bare Latin
 * digits, so those skip Intl: a page's first count then loads no number data (a long task on a phone).
 */
function formatNumber(locale: string, n: number): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000 && isLocale(locale)) return String(n);
  return numberFormat(locale).format(n);
}

/** Renders compiled tokens; `#` stands for the nearest plural's number, written the locale's way. */
export function renderCompiled(
  tokens: CompiledToken[],
  values: MessageValues,
  locale: string,
  count?: string,
): string {
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const { offset = 0, ...cases } = format as Record<string, CompiledToken[]> & { offset?: number };
      const n = Number(value) - offset;
      const branch =
        cases[String(value)] ?? cases[pluralRule(locale, type !== 'plural').select(n)] ?? cases.other;
      out += renderCompiled(branch ?? [], values, locale, formatNumber(locale, n));
    } else if (type === 'select') {
      const cases = format as Record<string, CompiledToken[]>;
      out += renderCompiled(cases[String(value)] ?? cases.other ?? [], values, locale, count);
    } else if (type === 'number' && typeof value === 'number') {
      out += formatNumber(locale, value);
    } else if (value !== null && value !== undefined) {
      out += String(value);
    }
  }
  return out;
}

/**
 * Renders the product's messages from compiled catalogs: the server hands it every locale's, the web
 * app the active one's. A message a catalog lacks is its descriptor's own (US English) text.
 */
export function createTranslator<L extends string>(catalogs: Partial<Record<L, Messages>>) {
  return (locale: L, descriptor: MessageDescriptor, values?: MessageValues): string => {
    const compiled: CompiledMessage =
      catalogs[locale]?.[descriptor.id] ??
      (descriptor.message as CompiledMessage | undefined) ??
      descriptor.id;
    if (typeof compiled === 'string') return compiled;
    return renderCompiled(compiled, { ...descriptor.values, ...values }, locale);
  };
}
