import {
  DEFAULT_LOCALE,
  formatLocaleOf,
  isPageLocale,
  LOCALE_COOKIE,
  type Locale,
  negotiateLocale,
  type PageLocale,
} from '@releasebell/contract/constants';
import type { MessageDescriptor, Messages } from '@releasebell/contract/i18n';
import { createTranslator, type MessageValues } from '@releasebell/contract/i18n';
import { createContext, Fragment, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * The app's messages (ADR 021): descriptors marked `/*i18n*\/` in the components, rendered in the
 * page's language. A page loads its language's shared catalog, and a screen's own catalog with the
 * screen's code (`loadSection`); US English is compiled into the code. The server's renderer and the
 * tests register every catalog.
 */

const catalogs: Partial<Record<PageLocale, Messages>> = {};
const translate = createTranslator(catalogs);

/** Screens whose messages load with their code (lingui.config.js keeps them in catalogs of their own). */
export type Section =
  | 'account'
  | 'auth'
  | 'details'
  | 'follows'
  | 'imports'
  | 'leaderboard'
  | 'legal'
  | 'media'
  | 'notifications'
  | 'profile'
  | 'requests'
  | 'search'
  | 'watchlist';

/** What a screen shows beside its own messages: the account's forms, a title's facts and services. */
const NEEDS: Partial<Record<Section, Section[]>> = {
  auth: ['account'],
  leaderboard: ['details'],
  media: ['details'],
  notifications: ['account', 'details'],
  profile: ['account', 'details'],
  search: ['requests'],
  watchlist: ['details'],
};

// One chunk per catalog and locale: the bundler splits each off, and a page fetches only its own.
const LOCALES_DIR = '../../../../packages/contract/src/locales/';
// Every locale but US English, whose messages are in the code; the server's catalog is no page's.
const SHARED = import.meta.glob<Messages>(
  '../../../../packages/contract/src/locales/{de,en-GB,en-XA,es,fr,ja,pt-BR}.ts',
  { import: 'messages' },
);
const SECTIONS = import.meta.glob<Messages>(
  '../../../../packages/contract/src/locales/{account,auth,details,follows,imports,leaderboard,legal,media,notifications,profile,requests,search,watchlist}/{de,en-GB,en-XA,es,fr,ja,pt-BR}.ts',
  { import: 'messages' },
);

const loaded = new Set<string>();
const sectionsShown = new Set<Section>();
/** Set when every catalog is at hand (the server's renderer, the tests): nothing is loaded. */
let everything = false;

async function load(locale: PageLocale, section: Section | null): Promise<void> {
  const file = section ? `${LOCALES_DIR}${section}/${locale}.ts` : `${LOCALES_DIR}${locale}.ts`;
  // US English is every message's own text, compiled into the code by the build (vite.config.ts).
  if (everything || locale === DEFAULT_LOCALE || loaded.has(file)) return;
  const loader = (section ? SECTIONS : SHARED)[file];
  const messages = loader ? await loader() : {};
  catalogs[locale] = { ...catalogs[locale], ...messages };
  loaded.add(file);
}

/** Loads `locale`'s shared catalog and those of the screens shown so far; the app renders in it after. */
export async function loadMessages(locale: PageLocale): Promise<void> {
  current ??= locale;
  await Promise.all([load(locale, null), ...[...sectionsShown].map((section) => load(locale, section))]);
}

/** A screen's messages in the page's language: loaded beside the screen's code, before it renders. */
export async function loadSection(section: Section): Promise<void> {
  const sections = [section, ...(NEEDS[section] ?? [])];
  for (const name of sections) sectionsShown.add(name);
  const locale = current ?? browserLanguage();
  await Promise.all(sections.map((name) => load(locale, name)));
}

/** Catalogs already at hand (the server's renderer and the tests import them all). */
export function registerMessages(all: Partial<Record<PageLocale, Messages>>): void {
  Object.assign(catalogs, all);
  everything = true;
}

/** The visitor's chosen language (the footer's picker, or the profile's at sign-in), if any. */
export function chosenLanguage(): PageLocale | null {
  if (typeof document === 'undefined') return null;
  const value = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isPageLocale(value) ? value : null;
}

/** The language a page opened here is written in: the visitor's choice, else their browser's best. */
export function browserLanguage(): PageLocale {
  if (typeof navigator === 'undefined') return negotiateLocale(null);
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return chosenLanguage() ?? negotiateLocale(languages.filter(Boolean).join(','));
}

export type Translate = (descriptor: MessageDescriptor, values?: MessageValues) => string;

interface LanguageState {
  /** The language the page's dates and numbers are written in. */
  language: Locale;
  /** The catalog its messages come from: the language, or the pseudo-locale. */
  pageLocale: PageLocale;
  /** Loads the language's messages, keeps the choice in the cookie and redraws the app in it. */
  setLanguage: (locale: PageLocale) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** The app's language now, for messages made outside a component (a toast raised by a mutation). */
let current: PageLocale | null = null;

/**
 * Forgets the language the app was set to, as a page opens without one. Test files share this module,
 * so each test starts from here rather than in the language an earlier file chose.
 */
export function forgetAppLanguage(): void {
  current = null;
}

/** Renders a message in the app's language from outside a component; in a component, use `useT`. */
export const translateNow: Translate = (descriptor, values) =>
  translate(current ?? browserLanguage(), descriptor, values);

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function LanguageProvider({ initial, children }: { initial: PageLocale; children: ReactNode }) {
  const [pageLocale, setState] = useState(() => {
    current = initial;
    return initial;
  });
  const setLanguage = useCallback(async (locale: PageLocale) => {
    await loadMessages(locale);
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads it to render pages in this language.
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    document.documentElement.lang = locale;
    current = locale;
    setState(locale);
  }, []);
  const value = useMemo(
    () => ({ language: formatLocaleOf(pageLocale), pageLocale, setLanguage }),
    [pageLocale, setLanguage],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** Outside the app's providers (a component tested on its own): the browser's language, fixed. */
const standalone: LanguageState = {
  get language() {
    return formatLocaleOf(browserLanguage());
  },
  get pageLocale() {
    return browserLanguage();
  },
  setLanguage: async () => undefined,
};

export function useLanguage(): LanguageState {
  return useContext(LanguageContext) ?? standalone;
}

/**
 * The `lang` the catalog's reads take for this page: its language, or none for US English (the
 * catalog's own titles), so those addresses stay as they were.
 */
export function useCatalogLang(): Locale | undefined {
  const { language } = useLanguage();
  return language === DEFAULT_LOCALE ? undefined : language;
}

/** Renders a message in the page's language: `t(MESSAGES.title, { count })`. */
export function useT(): Translate {
  const { pageLocale } = useLanguage();
  return useCallback((descriptor, values) => translate(pageLocale, descriptor, values), [pageLocale]);
}

/** Stands for an element in a translated sentence until the sentence is cut at it. */
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * A message with elements (a link, a name in bold, a code sample) where its placeholders of the same
 * names are, wherever each language puts them: `<Message message={M.agree} parts={{ terms: <a…/> }} />`.
 */
export function Message({
  message,
  values,
  parts,
}: {
  message: MessageDescriptor;
  values?: MessageValues;
  parts: Record<string, ReactNode>;
}) {
  const t = useT();
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  // split() with a group: the text, then each part's name followed by the text after it.
  const pieces = t(message, { ...values, ...marks }).split(MARKED);
  return (
    <>{pieces.map((piece, i) => (i % 2 === 1 ? <Fragment key={piece}>{parts[piece]}</Fragment> : piece))}</>
  );
}
