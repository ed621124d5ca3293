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

it('names an import cycle between modules, through any of their files, and between contract files', () => {
  const found = violations(
    tree({
      'apps/server/src/modules/a/index.ts': "export { x } from './x';",
      'apps/server/src/modules/a/x.ts': "import type { Y } from '../b';\nexport const x = 1;",
      'apps/server/src/modules/b/index.ts': "import { x } from '../a';\nexport type Y = typeof x;",
      'apps/server/src/modules/c/index.ts': "import { x } from '../a';",
      'packages/contract/src/one.ts': "import { two } from './two';\nexport const one = 1;",
      'packages/contract/src/two.ts': "export * from './one';\nexport const two = 2;",
    }),
  );
  expect(found).toEqual([
    'import cycle between modules: a -> b -> a (break it: move what both need below them)',
    'import cycle between contract files: packages/contract/src/one.ts -> packages/contract/src/two.ts -> packages/contract/src/one.ts (break it: move what both need below them)',
  ]);
});

it('keeps app.ts to wiring: a condition, a literal or a helper function there is named', () => {
  const wiring = [
    "import Fastify from 'fastify';",
    "import watchlist from './modules/watchlist/plugin';",
    '/** The options tests set. */',
    'export interface AppOptions {',
    '  clock?: () => Date;',
    '}',
    '// Fastify, the infrastructure, then the modules.',
    'export async function buildApp(config, options = {}) {',
    '  const app = Fastify(serverOptions(config));',
    '  await app.register(watchlist, { clock: options.clock });',
    '  return app;',
    '}',
  ];
  const plugin = { 'apps/server/src/modules/watchlist/plugin.ts': 'export default 1;' };
  expect(violations(tree({ ...plugin, 'apps/server/src/app.ts': wiring.join('\n') }))).toEqual([]);
  rmSync(root, { recursive: true, force: true });

  const withRules = [
    ...wiring.slice(0, -2),
    "  if (config.tmdb) app.log.info('tmdb on');",
    '  const region = config.tmdb?.region ?? DEFAULT_REGION;',
    '  app.addHook(`onReady`, async () => {});',
    '  return app;',
    '}',
  ];
  expect(violations(tree({ ...plugin, 'apps/server/src/app.ts': withRules.join('\n') }))).toEqual([
    expect.stringMatching(
      /^apps\/server\/src\/app\.ts:11: app\.ts wires plugins and holds no rule: move a condition/,
    ),
    expect.stringMatching(/^apps\/server\/src\/app\.ts:12: .* move a condition/),
    expect.stringMatching(/^apps\/server\/src\/app\.ts:13: .* move a function besides buildApp/),
  ]);
  rmSync(root, { recursive: true, force: true });

  const long = [
    ...wiring.slice(0, -2),
    ...Array(140).fill('  await app.register(watchlist);'),
    '  return app;',
    '}',
  ];
  expect(violations(tree({ ...plugin, 'apps/server/src/app.ts': long.join('\n') }))).toEqual([
    'apps/server/src/app.ts:151: app.ts wires plugins in at most 150 lines (it has 152)',
  ]);
});

it("lets only app.ts register a module's plugin, and keeps infra/ below the modules", () => {
  const found = violations(
    tree({
      'apps/server/src/app.ts': "import a from './modules/a/plugin';",
      'apps/server/src/modules/a/plugin.ts': 'export default 1;',
      'apps/server/src/modules/a/index.ts': 'export const x = 1;',
      'apps/server/src/plugins/http.ts': "import a from '../modules/a/plugin';",
      'apps/server/src/infra/mail/mailer.ts': "import { x } from '../../modules/a';",
    }),
  );
  expect(found).toEqual([
    expect.stringMatching(/^apps\/server\/src\/infra\/mail\/mailer\.ts:1: infra\/ is what modules share/),
    expect.stringMatching(
      /^apps\/server\/src\/plugins\/http\.ts:1: only app\.ts registers a module's plugin/,
    ),
  ]);
});
