/**
 * The soak's verdict: which failed requests are forgiven (those during PostgreSQL's restart, and those
 * in flight on an instance as it was SIGKILLed) and which are not, what was lost, and the figures.
 */
import type { RequestRecord, StartedImport } from './load';
import type { NoticeReport } from './notices';

/** Clocks of two processes and timer turns: an answer this close to a kill counts as in flight. */
const KILL_SLACK_MS = 50;
/** How long the balancer may take to move on from a killed instance, when the soak did not see it do so. */
const KILL_OUT_MS = 2000;
/** Answers already on their way when the last instance said it was ready again. */
const PG_SLACK_MS = 1000;

export interface SoakOutcome {
  /** When the run began (its log's times count from here). */
  startedAt: number;
  records: RequestRecord[];
  kills: { name: string; at: number; outAfterMs: number | null }[];
  pgWindow: { from: number; to: number } | null;
  rolling: { from: number; to: number } | null;
  notices: NoticeReport;
  crashes: string[];
  imports: StartedImport[];
  /** Each started import's status in the database at the end. */
  importStatuses: Map<string, string>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function judge(outcome: SoakOutcome) {
  const { records, kills, pgWindow, rolling, notices } = outcome;
  const inPg = (r: RequestRecord) =>
    pgWindow !== null && r.end >= pgWindow.from && r.start <= pgWindow.to + PG_SLACK_MS;
  // The killed instance's requests: those in flight as it died, and those sent to it before HAProxy
  // took it out. HAProxy closes the client's connection without an answer when the instance's pooled
  // connection turns out dead, so that the client may send again (browsers do); a write is not retried.
  const inFlightAtKill = (r: RequestRecord) =>
    kills.some(
      (k) =>
        (r.server === null || r.server === k.name) &&
        r.start <= k.at + (k.outAfterMs ?? KILL_OUT_MS) + KILL_SLACK_MS &&
        r.end >= k.at - KILL_SLACK_MS,
    );
  const failed = records.filter((r) => r.failed);
  const duringPg = failed.filter(inPg);
  const atKills = failed.filter((r) => !inPg(r) && inFlightAtKill(r));
  const unforgiven = failed.filter((r) => !inPg(r) && !inFlightAtKill(r));
  const duringRolling = unforgiven.filter((r) => rolling && r.end >= rolling.from && r.start <= rolling.to);
  // During PostgreSQL's restart a request may fail, but fast and saying so: 503 within 5 s.
  const badPgFailures = duringPg.filter((r) => r.end - r.start > 5000 || r.status !== 503);
  const statuses = (list: RequestRecord[]) => {
    const counts = new Map<string, number>();
    for (const r of list)
      counts.set(String(r.status ?? 'no answer'), (counts.get(String(r.status ?? 'no answer')) ?? 0) + 1);
    return [...counts].map(([status, n]) => `${status} x${n}`).join(', ') || 'none';
  };

  const lostImports = outcome.imports
    .filter((i) =>
      i.applied
        ? outcome.importStatuses.get(i.id) !== 'applied'
        : outcome.importStatuses.get(i.id) !== 'ready' && outcome.importStatuses.get(i.id) !== 'applied',
    )
    .map(
      (i) =>
        `import ${i.id} of ${i.member.email}: ${outcome.importStatuses.get(i.id) ?? 'gone'}${i.applied ? ' after its apply was answered' : ''}`,
    );
  const lost = notices.lost.length + lostImports.length;

  const latencies = records.map((r) => r.end - r.start).sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const describe = (r: RequestRecord) =>
    `${r.what} on ${r.server ?? 'no instance'} at ${((r.start - outcome.startedAt) / 1000).toFixed(1)} s: ${r.status ?? r.error} after ${r.end - r.start} ms${r.status && r.error ? ` (${r.error.slice(0, 120)})` : ''}`;

  const byKind = new Map<string, number[]>();
  for (const r of records) byKind.set(r.what, [...(byKind.get(r.what) ?? []), r.end - r.start]);
  const kinds = [...byKind]
    .map(([what, times]) => ({
      what,
      n: times.length,
      p99: percentile(
        times.sort((a, b) => a - b),
        99,
      ),
    }))
    .sort((a, b) => b.p99 - a.p99);
  const details = [
    `requests: ${records.length}, p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms, max ${latencies.at(-1) ?? 0} ms`,
    `  p99 by kind: ${kinds.map((k) => `${k.what} ${k.p99} ms (${k.n})`).join(', ')}`,
    `kills: ${kills.length}, out of HAProxy after ${kills.map((k) => (k.outAfterMs === null ? '?' : `${(k.outAfterMs / 1000).toFixed(1)} s`)).join(', ') || '-'}`,
    `failed: ${failed.length}: ${atKills.length} to a SIGKILLed instance before HAProxy took it out (${statuses(atKills)}), ${duringPg.length} during the PostgreSQL restart` +
      `${pgWindow ? ` (${((pgWindow.to - pgWindow.from) / 1000).toFixed(1)} s; ${statuses(duringPg)}; slowest ${Math.max(0, ...duringPg.map((r) => r.end - r.start))} ms)` : ''}, ` +
      `${unforgiven.length} elsewhere (${duringRolling.length} during the rolling restart)`,
    ...unforgiven.slice(0, 20).map((r) => `  not forgiven: ${describe(r)}`),
    ...badPgFailures
      .slice(0, 5)
      .map((r) => `  not a 503 within 5 s during the PostgreSQL restart: ${describe(r)}`),
    `notifications: ${notices.sent} sent of ${notices.expected} expected, ${notices.lost.length} lost, ${notices.duplicates} resent with the same Message-ID, ${notices.doubles.length} doubled`,
    ...notices.lost.slice(0, 10).map((l) => `  lost: ${l}`),
    ...notices.doubles.slice(0, 10).map((l) => `  doubled: ${l}`),
    `imports: ${outcome.imports.length} started, ${outcome.imports.filter((i) => i.applied).length} applied, ${lostImports.length} lost`,
    ...lostImports.slice(0, 10).map((l) => `  lost: ${l}`),
    ...outcome.crashes.map((c) => `crash: ${c}`),
  ];
  const ok =
    lost === 0 &&
    unforgiven.length === 0 &&
    badPgFailures.length === 0 &&
    notices.doubles.length === 0 &&
    outcome.crashes.length === 0;
  return { ok, failed: failed.length, duringPg: duringPg.length, p99, lost, details };
}
