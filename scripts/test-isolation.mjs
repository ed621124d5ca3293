/**
 * Which of a project's test files need a module graph of their own. The server's tests share their
 * worker's modules (importing the whole app once per worker, not once per file); a file that mocks a
 * module, stubs a global or a variable, or fakes timers would leak that into the next file, so it runs
 * isolated. vitest.config.ts reads this to put such files in the isolated project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What works only in a module graph of the test file's own. */
export const NEEDS_OWN_MODULES =
  /\bvi\.(mock|doMock|unmock|doUnmock|importMock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(/;

/**
 * The test files (`*.test.ts`, `*.test.tsx`) under `dirs` of `root` whose code needs its own modules, as paths
 * relative to `root` (the form of a Vitest include pattern).
 * @param {string} root
 * @param {string[]} dirs
 */
export function testsNeedingOwnModules(root, dirs) {
  return dirs
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.test\.tsx?$/.test(f))
        .map((f) => path.join(dir, f)),
    )
    .filter((f) => NEEDS_OWN_MODULES.test(readFileSync(path.join(root, f), 'utf8')))
    .sort();
}
