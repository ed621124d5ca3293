import { formatter } from '@lingui/format-json';

// The product's messages (ADR 021): descriptors marked /*i18n*/ in the code, catalogs per locale in the
// contract, compiled to modules by `npm run i18n`. Split so a page loads what it shows: the shared
// catalog (the contract's texts, the layout, the home page and the components), a catalog per screen
// loaded with that screen's code (apps/web/src/lib/i18n.tsx), and the server's texts (mails, texts,
// errors), which no page loads.
const root = '<rootDir>/packages/contract/src/locales';
const web = '<rootDir>/apps/web/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];
/** Each screen's catalog and the code its messages are in. */
export const SECTIONS = {
  auth: [`${web}/features/auth`],
  follows: [`${web}/features/follows`],
  imports: [`${web}/features/imports`],
  leaderboard: [`${web}/features/leaderboard`],
  legal: [`${web}/app/legal-pages.tsx`],
  media: [`${web}/features/media-detail`],
  notifications: [`${web}/features/notifications`],
  profile: [`${web}/features/profile`],
  requests: [`${web}/features/requests`],
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
        ...Object.values(SECTIONS).flatMap((paths) => paths.map((p) => `${p}/**`).concat(paths)),
      ],
    },
    ...Object.entries(SECTIONS).map(([name, paths]) => ({
      path: `${root}/${name}/{locale}`,
      include: paths,
      exclude: TESTS,
    })),
    { path: `${root}/server/{locale}`, include: ['<rootDir>/apps/server/src'], exclude: TESTS },
  ],
  format: formatter({ style: 'minimal', sort: true }),
  compileNamespace: 'ts',
};
