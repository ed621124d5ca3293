import { configDefaults, defineProject } from 'vitest/config';
import { testsNeedingOwnModules } from '../../scripts/test-isolation.mjs';

/** The web's tests that mock a module, stub a global or fake timers: each in a module graph of its own. */
const ownModules = testsNeedingOwnModules(import.meta.dirname, ['src']);

const web = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./test/setup.ts'],
  // The profile page (its zone and country selects) takes 1-2 s to render and fill in jsdom, and
  // over 5 s on a two-core machine that is busy with the server's tests: a hung test still fails.
  testTimeout: 15_000,
  // A zone with an offset, so rules about the viewer's local midnight are really exercised.
  env: { TZ: 'America/New_York' },
} as const;

export default [
  defineProject({
    test: {
      ...web,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...ownModules],
      // The files share their worker's modules: isolated, each imported React, Mantine and the app
      // again, a third of the project's time.
      isolate: false,
    },
  }),
  defineProject({ test: { ...web, name: 'web-isolated', include: ownModules } }),
];
