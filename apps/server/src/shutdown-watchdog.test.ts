import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, it } from 'vitest';

const fixture = path.resolve(import.meta.dirname, '../test/fixtures/stuck-after-arming.ts');
const DEADLINE_MS = 300;

it('ends the process at the deadline even though its main thread is blocked', {
  timeout: 30_000,
}, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, String(DEADLINE_MS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [armedChunk] = (await once(child.stdout, 'data')) as [Buffer];
    expect(armedChunk.toString()).toContain('armed');
    const armedAt = Date.now();

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    // Generous for a busy machine; without the watchdog it would never end.
    expect(Date.now() - armedAt).toBeLessThan(DEADLINE_MS + 5_000);
    expect(stderr).toContain(`shutdown did not finish within ${DEADLINE_MS} ms`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
});
