/**
 * `npm run chaos` in small: the compiled server SIGKILLed at random instants while it sends release
 * emails to a flaky SMTP server loses none of them (docs/decisions/008).
 */
import { expect, inject, it } from 'vitest';
import { runChaos } from './chaos-run';

it('loses no release email when the worker is killed at random instants', { timeout: 55_000 }, async () => {
  const lines: string[] = [];
  const report = await runChaos({
    deliveries: 300,
    kills: 4,
    seed: 7,
    pgliteSnapshot: inject('pgliteSnapshot'),
    timeoutMs: 50_000,
    log: (line) => lines.push(line),
  });
  const context = [...lines, ...report.lostExamples, ...report.crashes].join('\n');
  expect(report.timedOut, context).toBe(false);
  expect(report.kills).toBe(4);
  expect(report.lost, context).toBe(0);
  expect(report.statuses, context).toEqual({ sent: 300 });
  expect(report.sent).toBe(300);
});
