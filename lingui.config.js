import { formatter } from '@lingui/format-json';

// The product's messages (ADR 021): descriptors marked /*i18n*/ in the code, one catalog per locale in
// the contract. `npm run i18n` extracts them (dropping the unused) and compiles each catalog to a module.
export default {
  locales: ['en-US', 'en-GB', 'es', 'fr', 'de', 'pt-BR', 'ja'],
  sourceLocale: 'en-US',
  catalogs: [
    {
      path: '<rootDir>/packages/contract/src/locales/{locale}',
      include: ['<rootDir>/packages/contract/src', '<rootDir>/apps/server/src', '<rootDir>/apps/web/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  format: formatter({ style: 'minimal', sort: true }),
  compileNamespace: 'ts',
};
