/**
 * `npm run chaos` in small: the compiled server SIGKILLed at random instants while it sends release
 * emails, web pushes and webhooks to a flaky SMTP server, push service and webhook receiver loses none
 * of them (docs/decisions/008).
 */
import { describe, expect, inject, it } from 'vitest';
import { CHAOS_CHANNELS, releaseSetting, runChaos } from './run';

describe('npm run chaos', () => {
  it('loses no release email, push or webhook when the worker is killed at random instants', {
    timeout: 125_000,
  }, async () => {
    const lines: string[] = [];
    const report = await runChaos({
      deliveries: 300,
      kills: 4,
      seed: 7,
      pgliteSnapshot: inject('pgliteSnapshot'),
      // Five starts of the compiled server on PGlite: on a busy two-core machine each takes seconds.
      timeoutMs: 120_000,
      log: (line) => lines.push(line),
    });
    const context = [
      ...lines,
      ...CHAOS_CHANNELS.flatMap((c) => report.channels[c].lostExamples.map((l) => `${c}: ${l}`)),
      ...report.crashes,
    ].join('\n');
    expect(report.timedOut, context).toBe(false);
    expect(report.kills).toBe(4);
    expect(report.crashes, context).toEqual([]);
    for (const channel of CHAOS_CHANNELS) {
      const c = report.channels[channel];
      expect(c.lost, `${channel}\n${context}`).toBe(0);
      expect(c.statuses, `${channel}\n${context}`).toEqual({ sent: 300 });
      // A resend after a kill is the same message (same Message-ID, Topic or delivery id), never another.
      expect(c.doubleSends, `${channel}\n${context}`).toEqual([]);
    }
    expect(report.badSignatures, context).toEqual([]);
    expect(report.malformedPushes, context).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.sent).toBe(900);
  });

  it('makes the release messages due the asked number of hours ago, at any hour of the day', () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 10, 25, hour, 40));
      for (const lateHours of [0, 30]) {
        const { dueAt, timeZone } = releaseSetting(now, lateHours);
        const late = (now.getTime() - dueAt.getTime()) / 3_600_000;
        expect(late, `${now.toISOString()} ${timeZone}`).toBeGreaterThanOrEqual(lateHours);
        expect(late).toBeLessThan(lateHours + 1);
      }
    }
  });
});
