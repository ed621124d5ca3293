import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const child = path.join(import.meta.dirname, 'next-tick-child.ts');

export interface NextTickResult {
  /** process.nextTick after full collections, ns per call (the median of 15 batches). */
  plainNs: number;
  /** The same with lib/next-tick.ts's keepNextTickFast(), as the app runs. */
  keptNs: number;
}

async function nsPerCall(keep: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    child,
    ...(keep ? ['keep'] : []),
  ]);
  return (JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { nsPerCall: number }).nsPerCall;
}

/**
 * What lib/next-tick.ts is for: nextTick's cost once the start's full garbage collections have run,
 * without and with it, alternately in fresh processes (3 each, the median kept).
 */
export async function measureNextTick(): Promise<NextTickResult> {
  const plain: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < 3; i++) {
    plain.push(await nsPerCall(false));
    kept.push(await nsPerCall(true));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? Number.NaN;
  return { plainNs: median(plain), keptNs: median(kept) };
}
