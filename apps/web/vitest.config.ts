import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // A zone with an offset, so rules about the viewer's local midnight are really exercised.
    env: { TZ: 'America/New_York' },
  },
});
