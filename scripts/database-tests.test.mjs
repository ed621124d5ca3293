import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { databaseTestFiles } from './database-tests.mjs';

let root;
/** A tree of files (path -> content) under a fresh root. */
function tree(files) {
  root = mkdtempSync(path.join(tmpdir(), 'database-tests-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The selected ones among `tests` (paths relative to the tree), relative again. */
const selected = (dir, tests) =>
  databaseTestFiles(tests.map((t) => path.join(dir, t))).map((f) => path.relative(dir, f));

const CLIENT = `import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface DatabaseHandle {
  close(): Promise<void>;
}

/** Opens one. */
export async function openDatabase(url?: string): Promise<DatabaseHandle> {
  if (url) return openPostgres(url);
  const client = await PGlite.create();
  return { close: () => client.close() };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url });
  return { close: () => pool.end() };
}

export const SCHEMA_VERSION = 3;
`;

const HELPERS = `import type { DatabaseHandle } from '../src/db/client';
import { openDatabase, SCHEMA_VERSION } from '../src/db/client';
import { buildApp } from '../src/app';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  return openDatabase(process.env.TEST_DATABASE_URL);
}

export async function buildTestApp() {
  return buildApp({ database: await openTestDatabase() });
}

/** A title for route tests that stand in a service. */
export const GLASS_HARBOR = { title: 'Glass Harbor', version: SCHEMA_VERSION };

export function cookieFrom(res: { headers: Record<string, string> }) {
  return res.headers['set-cookie'];
}
`;

it('follows the database through helpers, re-exports and aliases, and leaves pure tests out', () => {
  const dir = tree({
    'src/db/client.ts': CLIENT,
    'src/app.ts': `import { type DatabaseHandle, openDatabase } from './db/client';
export async function buildApp(options: { database?: DatabaseHandle }) {
  const database = options.database ?? (await openDatabase());
  return { database };
}
export function routes() {
  return ['/'];
}
`,
    'src/modules/a/index.ts':
      "export { createRepo as repository } from './repo';\nexport * from './rules';\n",
    'src/modules/a/repo.ts': `import { openDatabase } from '../../db/client';
export const createRepo = async () => ({ db: await openDatabase() });
`,
    'src/modules/a/rules.ts': 'export function rule(x: number) {\n  return x > 1;\n}\n',
    'test/helpers.ts': HELPERS,
    'test/world.ts': `import { buildTestApp as build } from './helpers';

/** Two apps on one database. */
export async function twoApps() {
  return [await build(), await build()];
}

export const LABEL = 'world';
`,
    // Uses the app through the test helper.
    'src/app.test.ts': `import { buildTestApp } from '../test/helpers';
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
`,
    // Only a constant and a type from the helpers: a route test with a stand-in service.
    'src/routes.test.ts': `import type { DatabaseHandle } from './db/client';
import { cookieFrom, GLASS_HARBOR } from '../test/helpers';
import { routes } from './app';

it('answers', () => {
  expect(routes()).toContain(GLASS_HARBOR.title);
  // Unlike buildTestApp(), no database: openDatabase is never called.
  expect(cookieFrom).toBeDefined();
});
`,
    // A helper of a helper, renamed on the way.
    'src/two.test.ts': `import { twoApps as both } from '../test/world';
it('runs', async () => {
  await both();
});
`,
    // Only a constant from the module that holds the helper of a helper.
    'src/label.test.ts': `import { LABEL } from '../test/world';
it('names', () => expect(LABEL).toBe('world'));
`,
    // A repository reached through the module's public file (a renamed re-export).
    'src/modules/a/repo.test.ts': `import { repository } from '.';
it('stores', async () => {
  await repository();
});
`,
    // A rule reached through the same public file (a star re-export): pure.
    'src/modules/a/rules.test.ts': `import { rule } from './index';
it('decides', () => expect(rule(2)).toBe(true));
`,
    // The database package itself.
    'src/raw.test.ts': `import pg from 'pg';
it('connects', async () => {
  const client = new pg.Client();
  await client.end();
});
`,
    // A type-only import of the package is no connection.
    'src/types.test.ts': `import type { PGlite } from '@electric-sql/pglite';
const accepts = (db: PGlite | null) => db === null;
it('types', () => expect(accepts(null)).toBe(true));
`,
    // Starts the compiled server, which opens its embedded database.
    'src/server-stop.test.ts': `import { execFile } from 'node:child_process';
const build = () => execFile(process.execPath, ['build.mjs']);
it('stops', async () => {
  await build();
});
`,
    // Loads a module after mocking, by a dynamic import.
    'src/dynamic.test.ts': `it('loads', async () => {
  const { buildApp } = await import('./app');
  await buildApp({});
});
`,
    // A local function that opens, called from a test.
    'src/local.test.ts': `import { openTestDatabase } from '../test/helpers';

async function fresh() {
  return openTestDatabase();
}

describe('x', () => {
  it('opens', async () => {
    await (await fresh()).close();
  });
});
`,
  });
  expect(
    selected(dir, [
      'src/app.test.ts',
      'src/dynamic.test.ts',
      'src/label.test.ts',
      'src/local.test.ts',
      'src/modules/a/repo.test.ts',
      'src/modules/a/rules.test.ts',
      'src/raw.test.ts',
      'src/routes.test.ts',
      'src/server-stop.test.ts',
      'src/two.test.ts',
      'src/types.test.ts',
    ]),
  ).toEqual([
    'src/app.test.ts',
    'src/dynamic.test.ts',
    'src/local.test.ts',
    'src/modules/a/repo.test.ts',
    'src/raw.test.ts',
    'src/server-stop.test.ts',
    'src/two.test.ts',
  ]);
});

it('selects every server test that calls a database helper, and leaves some out', () => {
  // A second, plainer reading of the real tests: any test calling one of the known ways to a
  // database must be among the selected (the rule may find more, never fewer).
  const serverDir = path.resolve(import.meta.dirname, '../apps/server');
  const tests = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('dist')) walk(full);
      } else if (entry.name.endsWith('.test.ts')) tests.push(full);
    }
  };
  walk(serverDir);
  const chosen = new Set(databaseTestFiles(tests));
  const calling = tests.filter((f) =>
    /\b(buildTestApp|openTestDatabase|openDatabase|buildApp)\(/.test(readFileSync(f, 'utf8')),
  );
  expect(calling.length).toBeGreaterThan(10);
  expect(calling.filter((f) => !chosen.has(f)).map((f) => path.relative(serverDir, f))).toEqual([]);
  expect(chosen.size).toBeLessThan(tests.length);
});
