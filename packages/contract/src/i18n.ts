import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import type { Locale } from './locales';

export type { MessageDescriptor };

/** A message's values: what its ICU placeholders name. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * Renders the product's messages (ADR 021) from compiled catalogs: the server hands it every
 * locale's, the web app the active one's. A descriptor is an `{ id, message }` marked for extraction; the catalogs
 * hold every id in every locale (a test fails otherwise).
 */
export function createTranslator(catalogs: Partial<Record<Locale, Messages>>) {
  const instances = new Map<Locale, I18n>();
  return (locale: Locale, descriptor: MessageDescriptor, values?: MessageValues): string => {
    // Not named `i18n`: the extractor takes every `i18n._(...)` call for a message of its own.
    let renderer = instances.get(locale);
    if (!renderer) {
      const messages = catalogs[locale];
      if (!messages) throw new Error(`no catalog loaded for ${locale}`);
      renderer = setupI18n({ locale, messages: { [locale]: messages } });
      instances.set(locale, renderer);
    }
    return renderer._({ ...descriptor, ...(values ? { values } : {}) });
  };
}
