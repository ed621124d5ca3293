// Every catalog of every locale, for what renders any page or message: the server and its page
// renderer, and the tests. The web app loads its page's own instead (apps/web/src/lib/i18n.tsx).
import type { Messages } from '../i18n';
import type { PageLocale } from '../locales';
import { messages as account_de } from './account/de';
import { messages as account_enGB } from './account/en-GB';
import { messages as account_enUS } from './account/en-US';
import { messages as account_pseudo } from './account/en-XA';
import { messages as account_es } from './account/es';
import { messages as account_fr } from './account/fr';
import { messages as account_ja } from './account/ja';
import { messages as account_ptBR } from './account/pt-BR';
import { messages as auth_de } from './auth/de';
import { messages as auth_enGB } from './auth/en-GB';
import { messages as auth_enUS } from './auth/en-US';
import { messages as auth_pseudo } from './auth/en-XA';
import { messages as auth_es } from './auth/es';
import { messages as auth_fr } from './auth/fr';
import { messages as auth_ja } from './auth/ja';
import { messages as auth_ptBR } from './auth/pt-BR';
import { messages as app_de } from './de';
import { messages as details_de } from './details/de';
import { messages as details_enGB } from './details/en-GB';
import { messages as details_enUS } from './details/en-US';
import { messages as details_pseudo } from './details/en-XA';
import { messages as details_es } from './details/es';
import { messages as details_fr } from './details/fr';
import { messages as details_ja } from './details/ja';
import { messages as details_ptBR } from './details/pt-BR';
import { messages as app_enGB } from './en-GB';
import { messages as app_enUS } from './en-US';
import { messages as app_pseudo } from './en-XA';
import { messages as app_es } from './es';
import { messages as follows_de } from './follows/de';
import { messages as follows_enGB } from './follows/en-GB';
import { messages as follows_enUS } from './follows/en-US';
import { messages as follows_pseudo } from './follows/en-XA';
import { messages as follows_es } from './follows/es';
import { messages as follows_fr } from './follows/fr';
import { messages as follows_ja } from './follows/ja';
import { messages as follows_ptBR } from './follows/pt-BR';
import { messages as app_fr } from './fr';
import { messages as imports_de } from './imports/de';
import { messages as imports_enGB } from './imports/en-GB';
import { messages as imports_enUS } from './imports/en-US';
import { messages as imports_pseudo } from './imports/en-XA';
import { messages as imports_es } from './imports/es';
import { messages as imports_fr } from './imports/fr';
import { messages as imports_ja } from './imports/ja';
import { messages as imports_ptBR } from './imports/pt-BR';
import { messages as app_ja } from './ja';
import { messages as leaderboard_de } from './leaderboard/de';
import { messages as leaderboard_enGB } from './leaderboard/en-GB';
import { messages as leaderboard_enUS } from './leaderboard/en-US';
import { messages as leaderboard_pseudo } from './leaderboard/en-XA';
import { messages as leaderboard_es } from './leaderboard/es';
import { messages as leaderboard_fr } from './leaderboard/fr';
import { messages as leaderboard_ja } from './leaderboard/ja';
import { messages as leaderboard_ptBR } from './leaderboard/pt-BR';
import { messages as legal_de } from './legal/de';
import { messages as legal_enGB } from './legal/en-GB';
import { messages as legal_enUS } from './legal/en-US';
import { messages as legal_pseudo } from './legal/en-XA';
import { messages as legal_es } from './legal/es';
import { messages as legal_fr } from './legal/fr';
import { messages as legal_ja } from './legal/ja';
import { messages as legal_ptBR } from './legal/pt-BR';
import { messages as media_de } from './media/de';
import { messages as media_enGB } from './media/en-GB';
import { messages as media_enUS } from './media/en-US';
import { messages as media_pseudo } from './media/en-XA';
import { messages as media_es } from './media/es';
import { messages as media_fr } from './media/fr';
import { messages as media_ja } from './media/ja';
import { messages as media_ptBR } from './media/pt-BR';
import { messages as notifications_de } from './notifications/de';
import { messages as notifications_enGB } from './notifications/en-GB';
import { messages as notifications_enUS } from './notifications/en-US';
import { messages as notifications_pseudo } from './notifications/en-XA';
import { messages as notifications_es } from './notifications/es';
import { messages as notifications_fr } from './notifications/fr';
import { messages as notifications_ja } from './notifications/ja';
import { messages as notifications_ptBR } from './notifications/pt-BR';
import { messages as profile_de } from './profile/de';
import { messages as profile_enGB } from './profile/en-GB';
import { messages as profile_enUS } from './profile/en-US';
import { messages as profile_pseudo } from './profile/en-XA';
import { messages as profile_es } from './profile/es';
import { messages as profile_fr } from './profile/fr';
import { messages as profile_ja } from './profile/ja';
import { messages as profile_ptBR } from './profile/pt-BR';
import { messages as app_ptBR } from './pt-BR';
import { messages as requests_de } from './requests/de';
import { messages as requests_enGB } from './requests/en-GB';
import { messages as requests_enUS } from './requests/en-US';
import { messages as requests_pseudo } from './requests/en-XA';
import { messages as requests_es } from './requests/es';
import { messages as requests_fr } from './requests/fr';
import { messages as requests_ja } from './requests/ja';
import { messages as requests_ptBR } from './requests/pt-BR';
import { messages as search_de } from './search/de';
import { messages as search_enGB } from './search/en-GB';
import { messages as search_enUS } from './search/en-US';
import { messages as search_pseudo } from './search/en-XA';
import { messages as search_es } from './search/es';
import { messages as search_fr } from './search/fr';
import { messages as search_ja } from './search/ja';
import { messages as search_ptBR } from './search/pt-BR';
import { messages as server_de } from './server/de';
import { messages as server_enGB } from './server/en-GB';
import { messages as server_enUS } from './server/en-US';
import { messages as server_pseudo } from './server/en-XA';
import { messages as server_es } from './server/es';
import { messages as server_fr } from './server/fr';
import { messages as server_ja } from './server/ja';
import { messages as server_ptBR } from './server/pt-BR';
import { messages as watchlist_de } from './watchlist/de';
import { messages as watchlist_enGB } from './watchlist/en-GB';
import { messages as watchlist_enUS } from './watchlist/en-US';
import { messages as watchlist_pseudo } from './watchlist/en-XA';
import { messages as watchlist_es } from './watchlist/es';
import { messages as watchlist_fr } from './watchlist/fr';
import { messages as watchlist_ja } from './watchlist/ja';
import { messages as watchlist_ptBR } from './watchlist/pt-BR';

const app: Record<PageLocale, Messages> = {
  'en-US': app_enUS,
  'en-GB': app_enGB,
  es: app_es,
  fr: app_fr,
  de: app_de,
  'pt-BR': app_ptBR,
  ja: app_ja,
  'en-XA': app_pseudo,
};
const account: Record<PageLocale, Messages> = {
  'en-US': account_enUS,
  'en-GB': account_enGB,
  es: account_es,
  fr: account_fr,
  de: account_de,
  'pt-BR': account_ptBR,
  ja: account_ja,
  'en-XA': account_pseudo,
};
const details: Record<PageLocale, Messages> = {
  'en-US': details_enUS,
  'en-GB': details_enGB,
  es: details_es,
  fr: details_fr,
  de: details_de,
  'pt-BR': details_ptBR,
  ja: details_ja,
  'en-XA': details_pseudo,
};
const search: Record<PageLocale, Messages> = {
  'en-US': search_enUS,
  'en-GB': search_enGB,
  es: search_es,
  fr: search_fr,
  de: search_de,
  'pt-BR': search_ptBR,
  ja: search_ja,
  'en-XA': search_pseudo,
};
const auth: Record<PageLocale, Messages> = {
  'en-US': auth_enUS,
  'en-GB': auth_enGB,
  es: auth_es,
  fr: auth_fr,
  de: auth_de,
  'pt-BR': auth_ptBR,
  ja: auth_ja,
  'en-XA': auth_pseudo,
};
const follows: Record<PageLocale, Messages> = {
  'en-US': follows_enUS,
  'en-GB': follows_enGB,
  es: follows_es,
  fr: follows_fr,
  de: follows_de,
  'pt-BR': follows_ptBR,
  ja: follows_ja,
  'en-XA': follows_pseudo,
};
const imports: Record<PageLocale, Messages> = {
  'en-US': imports_enUS,
  'en-GB': imports_enGB,
  es: imports_es,
  fr: imports_fr,
  de: imports_de,
  'pt-BR': imports_ptBR,
  ja: imports_ja,
  'en-XA': imports_pseudo,
};
const leaderboard: Record<PageLocale, Messages> = {
  'en-US': leaderboard_enUS,
  'en-GB': leaderboard_enGB,
  es: leaderboard_es,
  fr: leaderboard_fr,
  de: leaderboard_de,
  'pt-BR': leaderboard_ptBR,
  ja: leaderboard_ja,
  'en-XA': leaderboard_pseudo,
};
const legal: Record<PageLocale, Messages> = {
  'en-US': legal_enUS,
  'en-GB': legal_enGB,
  es: legal_es,
  fr: legal_fr,
  de: legal_de,
  'pt-BR': legal_ptBR,
  ja: legal_ja,
  'en-XA': legal_pseudo,
};
const media: Record<PageLocale, Messages> = {
  'en-US': media_enUS,
  'en-GB': media_enGB,
  es: media_es,
  fr: media_fr,
  de: media_de,
  'pt-BR': media_ptBR,
  ja: media_ja,
  'en-XA': media_pseudo,
};
const notifications: Record<PageLocale, Messages> = {
  'en-US': notifications_enUS,
  'en-GB': notifications_enGB,
  es: notifications_es,
  fr: notifications_fr,
  de: notifications_de,
  'pt-BR': notifications_ptBR,
  ja: notifications_ja,
  'en-XA': notifications_pseudo,
};
const profile: Record<PageLocale, Messages> = {
  'en-US': profile_enUS,
  'en-GB': profile_enGB,
  es: profile_es,
  fr: profile_fr,
  de: profile_de,
  'pt-BR': profile_ptBR,
  ja: profile_ja,
  'en-XA': profile_pseudo,
};
const requests: Record<PageLocale, Messages> = {
  'en-US': requests_enUS,
  'en-GB': requests_enGB,
  es: requests_es,
  fr: requests_fr,
  de: requests_de,
  'pt-BR': requests_ptBR,
  ja: requests_ja,
  'en-XA': requests_pseudo,
};
const watchlist: Record<PageLocale, Messages> = {
  'en-US': watchlist_enUS,
  'en-GB': watchlist_enGB,
  es: watchlist_es,
  fr: watchlist_fr,
  de: watchlist_de,
  'pt-BR': watchlist_ptBR,
  ja: watchlist_ja,
  'en-XA': watchlist_pseudo,
};
const server: Record<PageLocale, Messages> = {
  'en-US': server_enUS,
  'en-GB': server_enGB,
  es: server_es,
  fr: server_fr,
  de: server_de,
  'pt-BR': server_ptBR,
  ja: server_ja,
  'en-XA': server_pseudo,
};

/** The catalogs the web app's pages use: the shared one and each screen's. */
export const WEB_CATALOGS = [
  app,
  account,
  auth,
  details,
  follows,
  imports,
  leaderboard,
  legal,
  media,
  notifications,
  profile,
  requests,
  search,
  watchlist,
];
/** The catalogs the server renders its own messages from: the contract's texts and its own. */
export const SERVER_CATALOGS = [app, account, details, server];

/** Catalogs merged per locale (their ids never overlap: a test checks it). */
export function mergeCatalogs(groups: Record<PageLocale, Messages>[]): Record<PageLocale, Messages> {
  const merged = {} as Record<PageLocale, Messages>;
  for (const group of groups)
    for (const [locale, messages] of Object.entries(group) as [PageLocale, Messages][])
      merged[locale] = { ...merged[locale], ...messages };
  return merged;
}
