import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is a single worker on a 2-core machine, which leaves
    // the cores idle while tests wait on fake services, sockets and timers: one more worker than cores.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'chaos/**/*.test.ts', 'soak/**/*.test.ts'],
          setupFiles: ['./test/setup.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'tools',
          root: './scripts',
          environment: 'node',
          include: ['*.test.mjs'],
        },
      },
    ],
  },
});
