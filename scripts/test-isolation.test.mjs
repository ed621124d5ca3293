import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { testsNeedingOwnModules } from './test-isolation.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('puts a test that mocks a module, stubs a global or fakes timers in a module graph of its own', () => {
  root = mkdtempSync(path.join(tmpdir(), 'test-isolation-'));
  const files = {
    'src/a/plain.test.ts': "it('adds', () => expect(1 + 1).toBe(2));",
    'src/a/mocks.test.ts': "vi.mock('../mailer');",
    'src/b/deep/clock.test.ts': "vi.useFakeTimers({ toFake: ['Date'] });",
    'test/global.test.ts': "vi.stubGlobal('fetch', fake);",
    'src/a/helper.ts': "vi.mock('./not-a-test');",
    'other/mocks.test.ts': "vi.mock('./elsewhere');",
    'src/a/spy.test.ts': "vi.spyOn(console, 'error');",
    'src/a/page.test.tsx': "vi.stubGlobal('fetch', fake);",
    'src/a/page.tsx': "vi.stubGlobal('fetch', fake);",
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  expect(testsNeedingOwnModules(root, ['src', 'test'])).toEqual([
    'src/a/mocks.test.ts',
    'src/a/page.test.tsx',
    'src/b/deep/clock.test.ts',
    'test/global.test.ts',
  ]);
});
