import { formatter } from '@lingui/format-json';

// The product's messages (ADR 021): descriptors marked /*i18n*/ in the code, catalogs per locale in the
// contract, compiled to modules by `npm run i18n`. Split so a page loads what it shows: the shared
// catalog (what every page shows), a catalog per screen or group of screens, loaded with that screen's
// code (apps/web/src/lib/i18n.tsx), and the server's texts (mails, texts, errors, the contract's texts
// only the API answers with), which no page loads.
const root = '<rootDir>/packages/contract/src/locales';
const contract = '<rootDir>/packages/contract/src';
const web = '<rootDir>/apps/web/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];
/** Each screen's catalog and the code its messages are in. */
export const SECTIONS = {
  // The account's forms (signing in, the phone, notification settings), on the screens that have them.
  account: [
    `${contract}/account-texts.ts`,
    `${web}/components/phone-code-entry.tsx`,
    `${web}/lib/phone-verification.ts`,
  ],
  auth: [`${web}/features/auth`],
  // A title's facts and where to watch it: its page, the quick view of the lists, the services.
  details: [
    `${contract}/offers.ts`,
    `${web}/components/media-facts.tsx`,
    `${web}/components/media-quick-view.tsx`,
    `${web}/components/where-to-watch.tsx`,
    `${web}/lib/watch.ts`,
  ],
  follows: [`${web}/features/follows`],
  imports: [`${web}/features/imports`],
  leaderboard: [`${web}/features/leaderboard`],
  legal: [`${web}/app/legal-pages.tsx`],
  media: [`${web}/features/media-detail`],
  notifications: [`${web}/features/notifications`],
  profile: [`${web}/features/profile`],
  requests: [`${web}/features/requests`],
  search: [
    `${web}/features/search/components/search-page.tsx`,
    `${web}/features/search/components/search-result.tsx`,
  ],
  watchlist: [`${web}/features/watchlist`],
};

export default {
  locales: ['en-US', 'en-GB', 'es', 'fr', 'de', 'pt-BR', 'ja'],
  sourceLocale: 'en-US',
  catalogs: [
    {
      path: `${root}/{locale}`,
      include: ['<rootDir>/packages/contract/src', web],
      exclude: [
        ...TESTS,
        `${contract}/api-texts.ts`,
        `${contract}/validation.ts`,
        ...Object.values(SECTIONS).flatMap((paths) => paths.map((p) => `${p}/**`).concat(paths)),
      ],
    },
    ...Object.entries(SECTIONS).map(([name, paths]) => ({
      path: `${root}/${name}/{locale}`,
      include: paths,
      exclude: TESTS,
    })),
    // The server's texts and the contract's that only the API answers with.
    {
      path: `${root}/server/{locale}`,
      include: ['<rootDir>/apps/server/src', `${contract}/api-texts.ts`, `${contract}/validation.ts`],
      exclude: TESTS,
    },
  ],
  format: formatter({ style: 'minimal', sort: true }),
  compileNamespace: 'ts',
};
