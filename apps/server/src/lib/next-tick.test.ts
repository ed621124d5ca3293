import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/next-tick-feedback.ts');

/** The states of the property definitions in nextTick's tick-object literal, after full collections. */
async function literalFeedback(keep: boolean): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'next-tick-'));
  // V8 prints to the C library's stdout: a file, so that nothing is lost at exit as on a non-blocking pipe.
  const out = openSync(path.join(dir, 'out'), 'w');
  try {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', fixture, ...(keep ? ['keep'] : [])],
      { stdio: ['ignore', out, 'inherit'] },
    );
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const printed = readFileSync(path.join(dir, 'out'), 'utf8');
    return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1] as string);
  } finally {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

it('keeps nextTick monomorphic through full garbage collections', { timeout: 60_000 }, async (ctx) => {
  const [plain, kept] = await Promise.all([literalFeedback(false), literalFeedback(true)]);
  // A Node whose V8 keeps this feedback (or prints it otherwise) has nothing to guard against.
  if (!plain.includes('MEGAMORPHIC')) ctx.skip();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).not.toContain('MEGAMORPHIC');
});
