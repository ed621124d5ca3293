/**
 * Run with --expose-gc: warms `process.nextTick`, runs full collections while no tick object is alive
 * (as the app's start does), then prints nextTick's cost in ns per call as one JSON line. `keep` as
 * the first argument calls keepNextTickFast() first, as the app does.
 */
import { keepNextTickFast } from '../src/lib/next-tick';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const noop = () => {};
const turn = () => new Promise((resolve) => setImmediate(resolve));

if (process.argv[2] === 'keep') keepNextTickFast();
for (let t = 0; t < 20; t++) {
  for (let i = 0; i < 1000; i++) process.nextTick(noop);
  await turn();
}
for (let i = 0; i < 8; i++) {
  await turn();
  gc();
  gc();
}
const samples: number[] = [];
for (let run = 0; run < 15; run++) {
  const calls = 100_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) process.nextTick(noop);
  samples.push(Number(process.hrtime.bigint() - started) / calls);
  await turn();
}
samples.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ nsPerCall: samples[Math.floor(samples.length / 2)] })}\n`);
