import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // The profile page (its zone and country selects) takes 1-2 s to render and fill in jsdom, and
    // over 5 s on a two-core machine that is busy with the server's tests: a hung test still fails.
    testTimeout: 15_000,
    // A zone with an offset, so rules about the viewer's local midnight are really exercised.
    env: { TZ: 'America/New_York' },
  },
});
