import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import webProjects from './apps/web/vitest.config';
import { testsNeedingOwnModules } from './scripts/test-isolation.mjs';

/** What the server's projects share. */
const server = {
  root: './apps/server',
  environment: 'node',
  setupFiles: ['./test/setup.ts'],
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
const SERVER_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts', 'soak/**/*.test.ts'];
/** The server's tests that mock a module, stub a global or fake timers: each in a module graph of its own. */
const ownModules = testsNeedingOwnModules('apps/server', ['src', 'test', 'soak']);

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is a single worker on a 2-core machine, which leaves
    // the cores idle while tests wait on fake services, sockets and timers: one more worker than cores.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...ownModules],
          // The files share their worker's modules: isolated, each imported the whole app again, a third
          // of the suite's time. Every app a test builds is closed by that test.
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server-isolated',
          // The chaos test kills and restarts the compiled server against the clock: in a process of its
          // own, where no timer or socket left by an earlier file competes with its sends.
          include: ['chaos/**/*.test.ts', ...ownModules],
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
      ...webProjects,
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
