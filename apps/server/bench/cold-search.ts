/**
 * Search when every query is new: distinct queries made from the catalog's own titles, none asked
 * twice, so no answer the app keeps is ever hit and every search costs the database. Sequential (one
 * connection, the latency a person typing sees) and under load (wrk walking a list of distinct paths).
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import { type LatencySummary, round, summarise } from './stats';

export const COLD_KINDS = ['prefixes', 'two words', 'misspelt'] as const;
export type ColdKind = (typeof COLD_KINDS)[number];

export interface ColdQuery {
  q: string;
  kind: ColdKind;
}

/** Titles sampled to draw words from: enough for hundreds of thousands of distinct queries. */
const SAMPLE_TITLES = 250_000;

/**
 * Normalised titles sampled from the catalog (the same ones for the same data and seed), read before
 * the app starts: the embedded database allows one process at a time.
 */
export async function readCatalogTitles(env: Record<string, string>, seed: number): Promise<string[]> {
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
  try {
    const counted = await handle.executeSql('select count(*)::int as n from media_items');
    const total = Number((counted.rows[0] as { n: number } | undefined)?.n ?? 0);
    const perMillion = Math.ceil((1e6 * SAMPLE_TITLES) / Math.max(1, total));
    // By a hash of the id rather than TABLESAMPLE, whose picks move when the app rewrites a row.
    const { rows } = await handle.executeSql(
      'select search_text from media_items where abs(hashtext(id::text || $1::text)) % 1000000 < $2',
      [seed, perMillion],
    );
    return (rows as { search_text: string }[]).map((r) => r.search_text).sort();
  } finally {
    await handle.close();
  }
}

/** Shares of the kinds: one query in ten misspelt, the rest mostly one word being typed. */
const SHARES: Record<ColdKind, number> = { prefixes: 0.6, 'two words': 0.3, misspelt: 0.1 };

/**
 * `count` distinct queries from these titles' words, deterministic for a seed, none in `exclude`:
 * - prefixes: the first 3-8 letters of a word of the titles, each distinct one once, in a shuffled order
 *   (so the mix does not drift from common words to rare ones along the list);
 * - two words: a title's word in full, a space, and the first 2-6 letters of a later word of it;
 * - misspelt: one of the two shapes with the whole word typed wrong (a letter changed, dropped, or two
 *   neighbours swapped), in a word of 5+ letters.
 * The list ends early when a kind runs out of new queries, so every stretch of it keeps the same mix.
 */
export function buildColdQueries(
  titles: string[],
  seed: number,
  count: number,
  exclude: ReadonlySet<string> = new Set(),
): ColdQuery[] {
  const rng = mulberry32(seed ^ 0xc01d5ea);
  const titleWords = titles.map((t) => t.split(' ').filter(Boolean)).filter((ws) => ws.length > 0);
  const longWords = titleWords.filter((ws) => ws.some((w) => isLong(w)));
  const pairs = titleWords.filter((ws) => ws.length >= 2);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const prefix = (w: string, min: number, max: number) => w.slice(0, Math.min(w.length, between(min, max)));

  const prefixes = [
    ...new Set(
      titleWords
        .flat()
        .flatMap((w) => [3, 4, 5, 6, 7, 8].filter((n) => n <= w.length).map((n) => w.slice(0, n))),
    ),
  ].sort();
  for (let i = prefixes.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [prefixes[i], prefixes[j]] = [prefixes[j] as string, prefixes[i] as string];
  }
  let nextPrefix = 0;
  const prefixQuery = (): string | null => prefixes[nextPrefix++] ?? null;
  const twoWords = (): string | null => {
    const ws = pick(pairs);
    const i = Math.floor(rng() * (ws.length - 1));
    const j = between(i + 1, ws.length - 1);
    return `${ws[i]} ${prefix(ws[j] as string, 2, 6)}`;
  };
  const misspelt = (): string | null => {
    const ws = pick(longWords);
    const i = pick(ws.flatMap((w, at) => (isLong(w) ? [at] : [])));
    const word = typo(ws[i] as string, rng);
    if (!word) return null;
    const later = i + 1 < ws.length ? ws[between(i + 1, ws.length - 1)] : undefined;
    // Two words a third of the time, when the title has a word after the misspelt one.
    return later && rng() < 1 / 3 ? `${word} ${prefix(later, 2, 6)}` : word;
  };
  const makers: Record<ColdKind, () => string | null> = {
    prefixes: prefixQuery,
    'two words': twoWords,
    misspelt,
  };

  const seen = new Set(exclude);
  const queries: ColdQuery[] = [];
  while (queries.length < count) {
    const x = rng();
    let upTo = 0;
    const kind =
      COLD_KINDS.find((k) => {
        upTo += SHARES[k];
        return x < upTo;
      }) ?? 'prefixes';
    let made: string | null = null;
    for (let tries = 0; tries < 200 && !made && nextPrefix <= prefixes.length; tries++) {
      const q = makers[kind]();
      if (q && !seen.has(q)) made = q;
    }
    if (!made) break;
    seen.add(made);
    queries.push({ q: made, kind });
  }
  return queries;
}

const isLong = (w: string) => w.length >= 5 && /^[a-z]+$/.test(w);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The word with one typo: a letter changed, dropped, or two different neighbours swapped. */
function typo(word: string, rng: () => number): string | null {
  const at = Math.floor(rng() * word.length);
  const edit = rng();
  if (edit < 1 / 3) {
    const replacement = LETTERS[Math.floor(rng() * LETTERS.length)] as string;
    return replacement === word[at] ? null : word.slice(0, at) + replacement + word.slice(at + 1);
  }
  if (edit < 2 / 3) return word.slice(0, at) + word.slice(at + 1);
  const i = Math.min(at, word.length - 2);
  if (word[i] === word[i + 1]) return null;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

export interface ColdSequential {
  overall: LatencySummary;
  byKind: Partial<Record<ColdKind, LatencySummary & { meanResults: number; emptyShare: number }>>;
  slowest: { q: string; kind: ColdKind; ms: number; results: number }[];
}

export interface ColdLoadRound {
  requests: number;
  requestsPerSec: number;
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
  /** Answers of 400 or more, and socket errors and timeouts. */
  failed: number;
  /** Share of one core the app used. */
  appCpu: number | null;
  /** Share of the whole machine in use (the app, PostgreSQL, wrk and anything else running). */
  machineCpu: number | null;
  /** Where in the list this round started. */
  offset: number;
}

/** The load through HAProxy in front of this many instances. */
export interface ColdScaleStep {
  instances: number;
  rounds: ColdLoadRound[];
  median: ColdLoadRound;
}

/** HAProxy in front of `k` instances, for the load: its address, and the CPU those instances used. */
export interface ScaleFront {
  base: string;
  appCpuSeconds: () => number | null;
  close(): Promise<void>;
}

export interface ColdSearchResult {
  queries: { sequential: number; list: number; byKind: Record<string, number> };
  sequential: ColdSequential;
  load: {
    rounds: ColdLoadRound[];
    median: ColdLoadRound;
    /** Requests asked beyond the list's end (which then starts again): 0 when no query repeated. */
    repeated: number;
  } | null;
  /** Why the load was not measured. */
  loadSkipped?: string;
  /** The same load through HAProxy in front of 1, 2... instances, none pinned (`scaleOut`). */
  scaled: ColdScaleStep[];
}

export interface ColdSearchOptions {
  base: string;
  titles: string[];
  seed: number;
  /** Normalised queries the app may already keep answers for (the ordinary search's). */
  exclude: ReadonlySet<string>;
  sequentialQueries: number;
  /** Distinct paths wrk walks through, after the sequential ones. */
  listLength: number;
  connections: number;
  durationSeconds: number;
  rounds: number;
  wrk: { path: string; pinned: boolean } | null;
  appCpuSeconds: () => number | null;
  /** Waits until the app (or the balancer at this address) answers quickly again after a load. */
  settle: (base: string) => Promise<void>;
  /** After the one instance: the load again through HAProxy in front of 1 to `instances` instances. */
  scaleOut?: { instances: number; front(instances: number): Promise<ScaleFront> };
  log: (message: string) => void;
}

const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

/** One connection, one new query at a time. */
async function measureSequential(base: string, queries: ColdQuery[]): Promise<ColdSequential> {
  const rows: { q: string; kind: ColdKind; ms: number; results: number }[] = [];
  for (const query of queries) {
    const started = performance.now();
    const res = await fetch(`${base}${searchPath(query.q)}`);
    const body = (await res.json()) as unknown[];
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`search "${query.q}": ${res.status}`);
    rows.push({ ...query, ms, results: body.length });
  }
  const byKind: ColdSequential['byKind'] = {};
  for (const kind of COLD_KINDS) {
    const of = rows.filter((r) => r.kind === kind);
    if (of.length === 0) continue;
    byKind[kind] = {
      ...summarise(of.map((r) => r.ms)),
      meanResults: round(of.reduce((a, r) => a + r.results, 0) / of.length),
      emptyShare: round(of.filter((r) => r.results === 0).length / of.length, 3),
    };
  }
  return {
    overall: summarise(rows.map((r) => r.ms)),
    byKind,
    slowest: [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((r) => ({ ...r, ms: round(r.ms) })),
  };
}

/** How long each connection's first request waits, so that the app has taken every connection first. */
const RAMP_MS = 50;

/**
 * wrk reads the list from a file (too long to write into the script) and starts at the offset given.
 * Its connections are all opened before the load starts: a saturated Node server takes one new
 * connection per turn of its event loop, so a load begun on 50 fresh connections leaves the last ones
 * waiting for 50 turns, and wrk's correction for coordinated omission multiplies those few answers
 * into the tail. The figures are then those of 50 connections, not of their opening.
 */
function walkScript(listFile: string, connections: number): string {
  return `local paths = {}
for line in io.lines(${JSON.stringify(listFile)}) do paths[#paths + 1] = line end
local n = #paths
local i = 0
-- wrk runs one thread here (wrkRound), so this one count covers every connection's first request.
local opening = ${connections}
init = function(args)
  i = tonumber(args[1]) or 0
end
delay = function()
  if opening > 0 then
    opening = opening - 1
    return ${RAMP_MS}
  end
  return 0
end
request = function()
  i = i + 1
  if i > n then i = 1 end
  return wrk.format(nil, paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"wrk":{"requests":%.0f,"durationUs":%.0f,"failed":%.0f,"mean":%.1f,"p50":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f}}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;
}

/** Busy and total jiffies of the whole machine (Linux), or null. */
function machineJiffies(): { busy: number; total: number } | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
    const n = fields.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

async function wrkRound(
  options: ColdSearchOptions,
  script: string,
  offset: number,
): Promise<Omit<ColdLoadRound, 'offset'>> {
  const wrk = options.wrk as { path: string; pinned: boolean };
  const args = [
    '--threads',
    '1',
    '--connections',
    String(options.connections),
    '--duration',
    `${options.durationSeconds}s`,
    '--timeout',
    '10s',
    '--latency',
    '--header',
    'Accept-Encoding: gzip, deflate, br',
    '--script',
    script,
    options.base,
    '--',
    String(offset),
  ];
  const [command, argv] = wrk.pinned ? ['taskset', ['-c', '1', wrk.path, ...args]] : [wrk.path, args];
  const appBefore = options.appCpuSeconds();
  const machineBefore = machineJiffies();
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(command, argv, { encoding: 'utf8', maxBuffer: 1 << 20 }, (err, out, errOut) => {
      if (err) reject(new Error(`wrk failed: ${err.message}\n${errOut}`));
      else resolve(out);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const appAfter = options.appCpuSeconds();
  const machineAfter = machineJiffies();
  const doneLine = stdout.split('\n').find((l) => l.startsWith('{"wrk":'));
  const requestsPerSec = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(stdout)?.[1]);
  if (!doneLine || !Number.isFinite(requestsPerSec))
    throw new Error(`could not read wrk's output:\n${stdout}`);
  const done = (JSON.parse(doneLine) as { wrk: Record<string, number> }).wrk as Record<
    'requests' | 'failed' | 'mean' | 'p50' | 'p95' | 'p99' | 'max',
    number
  >;
  return {
    requests: done.requests,
    requestsPerSec: round(requestsPerSec, 0),
    latencyMs: {
      mean: round(done.mean / 1000, 2),
      p50: done.p50 / 1000,
      p95: done.p95 / 1000,
      p99: done.p99 / 1000,
      max: done.max / 1000,
    },
    failed: done.failed,
    appCpu: appBefore === null || appAfter === null ? null : round((appAfter - appBefore) / seconds, 2),
    machineCpu:
      machineBefore && machineAfter
        ? round(
            (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
            2,
          )
        : null,
  };
}

/** Sequential, then under load: every query asked once in the whole measurement. */
export async function measureColdSearch(options: ColdSearchOptions): Promise<ColdSearchResult> {
  const all = buildColdQueries(
    options.titles,
    options.seed,
    options.sequentialQueries + options.listLength,
    options.exclude,
  );
  const sequentialQueries = all.slice(0, options.sequentialQueries);
  const list = all.slice(options.sequentialQueries);
  const byKind = Object.fromEntries(COLD_KINDS.map((k) => [k, all.filter((q) => q.kind === k).length]));
  options.log(
    `Cold search: ${all.length} distinct queries from ${options.titles.length} sampled titles (${COLD_KINDS.map((k) => `${k} ${byKind[k]}`).join(', ')}); ${sequentialQueries.length} sequential…`,
  );
  const sequential = await measureSequential(options.base, sequentialQueries);
  const queries = { sequential: sequentialQueries.length, list: list.length, byKind };
  if (!options.wrk) {
    return {
      queries,
      sequential,
      load: null,
      loadSkipped: 'wrk is not installed (apt-get install wrk)',
      scaled: [],
    };
  }
  if (list.length === 0)
    return { queries, sequential, load: null, loadSkipped: 'no queries left for the load', scaled: [] };

  const dir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-cold-search-'));
  try {
    const listFile = path.join(dir, 'paths.txt');
    writeFileSync(listFile, `${list.map((q) => searchPath(q.q)).join('\n')}\n`);
    const script = path.join(dir, 'walk.lua');
    writeFileSync(script, walkScript(listFile, options.connections));
    // Every round, on one instance and then behind the balancer, walks on from where the last stopped.
    let offset = 0;
    const loadRounds = async (target: ColdSearchOptions, label: string) => {
      const rounds: ColdLoadRound[] = [];
      for (let r = 1; r <= options.rounds; r++) {
        await options.settle(target.base);
        options.log(
          `cold search${label} round ${r}/${options.rounds}: ${options.connections} connections, ${options.durationSeconds}s, from query ${offset} of ${list.length}…`,
        );
        const run = await wrkRound(target, script, offset);
        rounds.push({ ...run, offset });
        // Requests still in flight when wrk stopped were asked too.
        offset += run.requests + options.connections;
      }
      await options.settle(target.base);
      const median = [...rounds].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[
        Math.floor((rounds.length - 1) / 2)
      ] as ColdLoadRound;
      return { rounds, median };
    };
    const load = await loadRounds(options, '');
    const scaled: ColdScaleStep[] = [];
    const { scaleOut } = options;
    for (let k = 1; scaleOut && k <= scaleOut.instances; k++) {
      const front = await scaleOut.front(k);
      try {
        const target = {
          ...options,
          base: front.base,
          appCpuSeconds: front.appCpuSeconds,
          wrk: { ...options.wrk, pinned: false },
        };
        scaled.push({ instances: k, ...(await loadRounds(target, `, ${k} behind HAProxy,`)) });
      } finally {
        await front.close();
      }
    }
    return {
      queries,
      sequential,
      load: { ...load, repeated: Math.max(0, offset - list.length) },
      scaled,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : '-');

/** The figures, ending with the one line that sums them up. */
export function printColdSearch(result: ColdSearchResult, items: number, connections: number): void {
  const { sequential, load } = result;
  console.log(
    `Cold search: every query new (none repeats, so no kept answer is hit), made from the catalog's titles: ${COLD_KINDS.map((k) => `${k} ${result.queries.byKind[k] ?? 0}`).join(', ')}.`,
  );
  console.log(
    `  one connection, ${sequential.overall.count} queries: p50 ${ms(sequential.overall.p50)} ms  p95 ${ms(sequential.overall.p95)} ms  p99 ${ms(sequential.overall.p99)} ms  max ${ms(sequential.overall.max)} ms`,
  );
  for (const kind of COLD_KINDS) {
    const s = sequential.byKind[kind];
    if (!s) continue;
    console.log(
      `  ${kind.padEnd(10)} n=${String(s.count).padStart(4)}  p50 ${ms(s.p50).padStart(6)}  p95 ${ms(s.p95).padStart(6)}  p99 ${ms(s.p99).padStart(6)} ms; ${s.meanResults} results on average, ${(s.emptyShare * 100).toFixed(1)}% empty`,
    );
  }
  console.log(`  slowest: ${sequential.slowest.map((s) => `"${s.q}" ${s.ms} ms (${s.results})`).join(', ')}`);
  if (load) {
    console.log(
      `  under load, wrk's ${connections} connections are opened first (each one's first request waits ${RAMP_MS} ms), then every request is timed:`,
    );
    for (const [i, r] of load.rounds.entries()) {
      console.log(
        `  under ${connections} connections, round ${i + 1}: ${r.requestsPerSec} req/s, p50 ${ms(r.latencyMs.p50)} p95 ${ms(r.latencyMs.p95)} p99 ${ms(r.latencyMs.p99)} ms, ${r.requests} answers, ${r.failed} failed; app CPU ${r.appCpu === null ? '-' : `${Math.round(r.appCpu * 100)}%`} of a core, machine ${r.machineCpu === null ? '-' : `${Math.round(r.machineCpu * 100)}%`} busy`,
      );
    }
    console.log(
      load.repeated > 0
        ? `  WARNING: the load asked ${load.repeated} more queries than the list of ${result.queries.list} holds: those repeated earlier ones`
        : `  the load asked at most ${load.rounds.reduce((a, r) => a + r.requests + connections, 0)} of the ${result.queries.list} distinct queries listed: none repeated`,
    );
  } else console.log(`  under load: not measured: ${result.loadSkipped}`);
  for (const step of result.scaled) {
    const r = step.median;
    console.log(
      `  HAProxy in front of ${step.instances}, nothing pinned, median of ${step.rounds.length}: ${r.requestsPerSec} req/s (${step.rounds.map((x) => x.requestsPerSec).join(', ')}), p50 ${ms(r.latencyMs.p50)} p99 ${ms(r.latencyMs.p99)} ms, ${r.failed} failed; the instances' CPU ${r.appCpu === null ? '-' : `${Math.round(r.appCpu * 100)}%`} of a core, machine ${r.machineCpu === null ? '-' : `${Math.round(r.machineCpu * 100)}%`} busy`,
    );
  }
  const kinds = COLD_KINDS.map((k) => `${k} ${ms(sequential.byKind[k]?.p95)} ms`).join(', ');
  const underLoad = load
    ? `${Math.round(load.median.requestsPerSec)} req/s, p99 ${ms(load.median.latencyMs.p99)} ms under ${connections} connections`
    : 'not measured under load';
  console.log(
    `cold search at ${items} items: p95 ${ms(sequential.overall.p95)} ms sequential (${kinds}); ${underLoad}`,
  );
  if (result.scaled.length > 0) {
    const steps = result.scaled.map(
      (s) =>
        `${s.instances}: ${Math.round(s.median.requestsPerSec)} req/s, p99 ${ms(s.median.latencyMs.p99)} ms`,
    );
    console.log(
      `cold search behind HAProxy by instances: ${steps.join('; ')} under ${connections} connections`,
    );
  }
}
