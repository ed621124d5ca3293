import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { violations } from './check-boundaries.mjs';

let root;
/** A tree of files (path -> content) under a fresh root. */
function tree(files) {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('lets modules meet through their public files, and tests reach inside', () => {
  const found = violations(
    tree({
      'apps/server/src/modules/a/index.ts': "export { x } from './x';",
      'apps/server/src/modules/a/x.ts': "import { y } from './y';\nexport const x = y;",
      'apps/server/src/modules/a/y.ts': 'export const y = 1;',
      'apps/server/src/modules/b/service.ts': "import { x } from '../a';",
      'apps/server/src/modules/b/service.test.ts': "import { y } from '../a/y';",
      'apps/server/src/app.ts': "import { x } from './modules/a';",
    }),
  );
  expect(found).toEqual([]);
});

it("names every import into another module's insides, and lib/ importing the app", () => {
  const found = violations(
    tree({
      'apps/server/src/modules/a/index.ts': "export { x } from './x';",
      'apps/server/src/modules/a/x.ts': 'export const x = 1;',
      'apps/server/src/modules/b/service.ts': "import { x } from '../a/x';",
      'apps/server/src/jobs/boss.ts': "\nimport type { X } from '../modules/a/x';",
      'apps/server/src/lib/clock.ts': "import { x } from '../modules/a';",
    }),
  );
  expect(found).toEqual([
    expect.stringMatching(
      /^apps\/server\/src\/jobs\/boss\.ts:2: app\.ts, jobs, plugins and scripts use a module/,
    ),
    expect.stringMatching(/^apps\/server\/src\/lib\/clock\.ts:1: lib\/ holds helpers/),
    expect.stringMatching(
      /^apps\/server\/src\/modules\/b\/service\.ts:1: a module uses another only through/,
    ),
  ]);
});

it("keeps the web's features apart, off the server, and on the contract's zod-free values", () => {
  const found = violations(
    tree({
      'packages/contract/src/index.ts': '',
      'apps/web/src/features/home/api.ts': "import type { MediaItem } from '@releasebell/contract';",
      'apps/web/src/features/home/page.tsx':
        "import { z } from '@releasebell/contract';\nimport { a } from '../search/a';\nimport { b } from './api';",
      'apps/web/src/features/search/a.ts': 'export const a = 1;',
      'apps/web/src/lib/x.ts':
        "import { a } from '../features/search/a';\nimport { s } from '../../../server/src/app';",
    }),
  );
  expect(found).toEqual([
    expect.stringMatching(/^apps\/web\/src\/features\/home\/page\.tsx:1: the web app takes only types/),
    expect.stringMatching(/^apps\/web\/src\/features\/home\/page\.tsx:2: a feature imports no other feature/),
    expect.stringMatching(/^apps\/web\/src\/lib\/x\.ts:1: shared code/),
    expect.stringMatching(/^apps\/web\/src\/lib\/x\.ts:2: the web app never imports server code/),
  ]);
});
