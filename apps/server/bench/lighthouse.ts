/**
 * The Lighthouse section of `npm run bench`: the product as it ships (the built app,
 * `node apps/server/dist/server.js`, serving apps/web/dist) on its default embedded configuration — a
 * fresh temporary DATA_DIR, so the demo catalog is seeded, and none of the user's app settings or
 * provider keys — audited by Lighthouse's default configuration (mobile: a phone-sized screen,
 * simulated slow 4G and a 4x slower CPU) in headless Chromium, a few runs per page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result as LhResult } from 'lighthouse';
import { freePort } from '../soak/net';
import { type ChildServer, runCommand, startNodeServer } from './children';

const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** Minimum scores, 0-100. */
const LIGHTHOUSE_TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** Total Blocking Time, median over a page's runs: what keeps a tap from being answered at once. */
const TBT_TARGET_MS = 200;

const METRICS = [
  { key: 'fcp', id: 'first-contentful-paint', label: 'FCP' },
  { key: 'lcp', id: 'largest-contentful-paint', label: 'LCP' },
  { key: 'tbt', id: 'total-blocking-time', label: 'TBT' },
  { key: 'cls', id: 'cumulative-layout-shift', label: 'CLS' },
  { key: 'si', id: 'speed-index', label: 'Speed Index' },
] as const;
type MetricKey = (typeof METRICS)[number]['key'];

/** Headless, and no sandbox: these machines (and most CI containers) run as root. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/**
 * The app's own settings (src/config.ts): none is taken from the shell running the benchmark, so the
 * app runs on its defaults (no DATABASE_URL, no TMDB/ISBNdb keys, no SMTP, production).
 */
export const APP_SETTING =
  /^(NODE_ENV|HOST|PORT|DATA_DIR|DATABASE_|SEED_DEMO_CATALOG|LOG_|TRUST_PROXY|AMAZON_|CONTACT_EMAIL|WEB_DIST_DIR|CATALOG_|PUBLIC_URL|AUTH_|SMTP_|MAIL_|GOOGLE_|TMDB_|ISBNDB_|IMAGE_PROXY_|NOTIFY_|SYNC_|TWILIO_|SMS_|METRICS_)/;

interface LighthouseRun {
  /** 0-100; null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  /** FCP, LCP, TBT and Speed Index in ms; CLS unitless. */
  metrics: Record<MetricKey, number | null>;
  runtimeError: string | null;
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time of the run. */
  benchmarkIndex: number | null;
  seconds: number;
  /** The full Lighthouse result (JSON), relative to the repository root. */
  file: string;
}

interface LighthouseFinding {
  id: string;
  title: string;
  /** Lighthouse's display value and the metric savings it estimates, e.g. "Est savings of 48 KiB; FCP -300 ms". */
  savings: string;
  /** The first resource it names, if any. */
  where: string | null;
}

interface LighthousePage {
  name: string;
  path: string;
  runs: LighthouseRun[];
  /** Runs Lighthouse could not measure (a runtime error) and ran again. */
  redone: string[];
  /** Over the runs: "58-59", or one number when they agree; metrics with their unit. */
  ranges: Record<Category | MetricKey, string>;
  /**
   * When a run's performance is under target: the first three performance findings (insights and
   * diagnostics, in the order Lighthouse's report lists them) of the run with the lowest score.
   */
  toFix: { performance: number | null; findings: LighthouseFinding[] } | null;
}

export interface LighthouseResult {
  lighthouseVersion: string;
  browser: string;
  chromePath: string;
  formFactor: string;
  throttlingMethod: string;
  throttling: { rttMs?: number; throughputKbps?: number; cpuSlowdownMultiplier?: number };
  runsPerPage: number;
  loadAverageAtStart: number[];
  app: { command: string; dataDir: string; startupSeconds: number; rssMbAfter: number | null };
  pages: LighthousePage[];
  /** Where the full results were written, relative to the repository root. */
  resultsDir: string;
}

export type LighthouseOutcome = LighthouseResult | { skipped: string };

export interface LighthouseOptions {
  runs: number;
  /** The environment the benchmark passes its children; the app's own settings are removed from it. */
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  /** bench-results/: the full results go to bench-results/lighthouse/<start time>/. */
  resultsDir: string;
  startedAt: Date;
  log: (line: string) => void;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Members who track titles, so the leaderboard (and the home page's trending row) are measured as
 * they look with people using the app, not empty: `members` sign up through the API and each tracks
 * the first `perMember` titles of every media type's trending list.
 */
async function addTrackingMembers(base: string, members = 3, perMember = 12): Promise<number> {
  const headers = { origin: base, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown, cookie = '') => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  let tracked = 0;
  for (let m = 0; m < members; m++) {
    const email = `bench.member${m}.${Date.now()}@example.com`;
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'release day 2026',
      name: `Bench ${m}`,
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const uid = ((await signUp.json()) as { user: { id: string } }).user.id;
    await post(
      '/user/register',
      { email, firebase_id: uid, first_name: 'Bench', last_name: `Member ${m}` },
      cookie,
    );
    for (const type of ['tv_seasons', 'movies', 'books']) {
      const items = await getJson<{ item_id: string }[]>(`${base}/trending/${type}`);
      for (const item of items.slice(m, m + perMember)) {
        await post(`/watchlist/${uid}`, { item_id: item.item_id, media_type: type }, cookie);
        tracked++;
      }
    }
  }
  return tracked;
}

/** A few plain requests for each page, so first-request costs (the server's first render) are not measured. */
async function warmUp(base: string, paths: string[], times = 3): Promise<void> {
  for (const p of paths) {
    for (let i = 0; i < times; i++) {
      const res = await fetch(`${base}${p}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`warm-up GET ${p}: ${res.status}`);
    }
  }
}

/**
 * The load tests pin the benchmark's own process to CPU 1, and children inherit that: give this
 * section's app and browsers every CPU back, as with --only-lighthouse (Linux; elsewhere nothing was pinned).
 */
export function unpinSelf(): void {
  if (os.platform() !== 'linux') return;
  try {
    const all = `0-${os.cpus().length - 1}`;
    execFileSync('taskset', ['-a', '-p', '-c', all, String(process.pid)], { stdio: 'ignore' });
  } catch {
    // taskset missing: nothing was pinned either.
  }
}

/** Runs the Lighthouse section; a missing browser or build, or a failure, skips it with the reason. */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseOutcome> {
  const { repoRoot, log } = options;
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    return {
      skipped: `Chromium not found at ${chromePath} (install it, e.g. apt-get install chromium, or set CHROME_PATH)`,
    };
  }
  const serverJs = path.join(repoRoot, 'apps/server/dist/server.js');
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(serverJs) || !existsSync(webIndex)) {
    log('lighthouse: the built app is missing: npm run build…');
    const code = await runCommand('npm', ['run', 'build'], process.env, repoRoot);
    if (code !== 0 || !existsSync(serverJs) || !existsSync(webIndex)) {
      return { skipped: `npm run build failed (exit code ${code})` };
    }
  }

  unpinSelf();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-lighthouse-'));
  // Also on Ctrl+C: the benchmark stops its children, then exits (this runs after they are gone).
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const runDir = path.join(
    options.resultsDir,
    'lighthouse',
    options.startedAt.toISOString().replaceAll(':', '-'),
  );
  let server: ChildServer | undefined;
  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(options.env).filter(([k]) => !APP_SETTING.test(k))),
      DATA_DIR: dataDir,
      // Only the port is chosen, and the address kept on loopback; PUBLIC_URL keeps its default,
      // http://localhost:<port>, which is also where the browser goes.
      HOST: '127.0.0.1',
      PORT: String(port),
    };
    log(
      `lighthouse: starting the built app (node apps/server/dist/server.js) on a fresh database in ${dataDir}…`,
    );
    const started = performance.now();
    server = await startNodeServer(
      'lighthouse-app',
      [serverJs],
      env,
      repoRoot,
      `http://127.0.0.1:${port}/readyz`,
    );
    const startupSeconds = Math.round((performance.now() - started) / 100) / 10;
    const base = `http://localhost:${port}`;
    log(`lighthouse: app ready on ${base} in ${startupSeconds}s (PID ${server.pid}).`);

    const tracked = await addTrackingMembers(base);
    log(`lighthouse: 3 members track ${tracked} titles (the leaderboard has rows).`);
    const [movie] = await getJson<{ slug: string }[]>(`${base}/trending/movies`);
    if (!movie) throw new Error('/trending/movies is empty: no demo movie to open');
    const pages = [
      { name: 'home', path: '/' },
      { name: 'item', path: `/media/movies/${encodeURIComponent(movie.slug)}` },
      { name: 'search', path: '/search?query=dra' },
      { name: 'leaderboard', path: '/leaderboard' },
    ];
    await warmUp(
      base,
      pages.map((p) => p.path),
    );

    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const { Util } = await import('lighthouse/shared/util.js');

    let last: LhResult | undefined;
    const results: LighthousePage[] = [];
    for (const page of pages) {
      const runs: LighthouseRun[] = [];
      const lhrs: LhResult[] = [];
      // A run Lighthouse could not measure (its trace lost, NO_NAVSTART and the like: "run Lighthouse
      // again") is kept on disk and run again, twice at most per page; the table says so.
      let redone = 0;
      const redoneErrors: string[] = [];
      for (let i = 1; i <= options.runs; i++) {
        log(`lighthouse: ${page.path} run ${i}/${options.runs}…`);
        // A browser of its own for every run, as the lighthouse CLI does.
        const chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: CHROME_FLAGS,
          handleSIGINT: false,
          logLevel: 'silent',
        });
        const killChrome = () => chrome.kill();
        process.once('exit', killChrome);
        const runStarted = performance.now();
        let lhr: LhResult;
        let report: string;
        try {
          const result = await lighthouse(`${base}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...LIGHTHOUSE_CATEGORIES],
          });
          if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
          lhr = result.lhr;
          report = typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr);
        } finally {
          process.off('exit', killChrome);
          chrome.kill();
        }
        const file = path.join(
          runDir,
          `${page.name}-${i}${redone > 0 ? `-after-${redone}-redone` : ''}.json`,
        );
        mkdirSync(runDir, { recursive: true });
        writeFileSync(file, report);
        const run = readRun(lhr, path.relative(repoRoot, file), (performance.now() - runStarted) / 1000);
        if (run.runtimeError) log(`lighthouse: ${page.path} run ${i}: ${run.runtimeError}`);
        if (run.runtimeError && redone < 2) {
          redone++;
          redoneErrors.push(run.runtimeError);
          log(`lighthouse: ${page.path} run ${i} measured nothing; running it again`);
          i--;
          continue;
        }
        runs.push(run);
        lhrs.push(lhr);
        last = lhr;
      }
      results.push({
        ...page,
        runs,
        redone: redoneErrors,
        ranges: ranges(runs),
        toFix: toFix(runs, lhrs, base, Util.computeLogNormalScore),
      });
    }
    const rssMbAfter = server.rssMb();
    const settings = last?.configSettings;
    return {
      lighthouseVersion: last?.lighthouseVersion ?? '?',
      browser: last?.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? '?',
      chromePath,
      formFactor: settings?.formFactor ?? '?',
      throttlingMethod: settings?.throttlingMethod ?? '?',
      throttling: {
        rttMs: settings?.throttling.rttMs,
        throughputKbps: settings?.throttling.throughputKbps,
        cpuSlowdownMultiplier: settings?.throttling.cpuSlowdownMultiplier,
      },
      runsPerPage: options.runs,
      loadAverageAtStart,
      app: { command: 'node apps/server/dist/server.js', dataDir, startupSeconds, rssMbAfter },
      pages: results,
      resultsDir: path.relative(repoRoot, runDir),
    };
  } finally {
    await server?.stop();
    process.off('exit', removeDataDir);
    removeDataDir();
  }
}

function readRun(lhr: LhResult, file: string, seconds: number): LighthouseRun {
  const score = (c: Category) => {
    const s = lhr.categories[c]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  return {
    scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, score(c)])) as Record<
      Category,
      number | null
    >,
    metrics: Object.fromEntries(
      METRICS.map((m) => [m.key, lhr.audits[m.id]?.numericValue ?? null]),
    ) as Record<MetricKey, number | null>,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    seconds: Math.round(seconds * 10) / 10,
    file,
  };
}

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** "88 (82-91)": the median of the runs, then their range; one value when they agree. */
function range(values: (number | null)[], format: (n: number) => string, unit = ''): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return '-';
  const lo = format(Math.min(...known));
  const hi = format(Math.max(...known));
  if (lo === hi) return `${lo}${unit}`;
  return `${format(middle(known))}${unit} (${lo}-${hi})`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const clsText = (n: number) => String(Number(n.toFixed(3)));

function ranges(runs: LighthouseRun[]): Record<Category | MetricKey, string> {
  const metric = (k: MetricKey) => runs.map((r) => r.metrics[k]);
  return {
    ...(Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((c) => [
        c,
        range(
          runs.map((r) => r.scores[c]),
          String,
        ),
      ]),
    ) as Record<Category, string>),
    fcp: range(metric('fcp'), seconds, ' s'),
    lcp: range(metric('lcp'), seconds, ' s'),
    tbt: range(metric('tbt'), (n) => String(Math.round(n)), ' ms'),
    cls: range(metric('cls'), clsText),
    si: range(metric('si'), seconds, ' s'),
  };
}

type LhAudit = LhResult['audits'][string];

/** As Lighthouse's report: an audit is listed as passed when its score is good enough or it does not apply. */
function showAsPassed(audit: LhAudit): boolean {
  switch (audit.scoreDisplayMode) {
    case 'manual':
    case 'notApplicable':
      return true;
    case 'error':
    case 'informative':
      return false;
    default:
      return Number(audit.score) >= 0.9;
  }
}

type LogNormalScore = (controlPoints: { median: number; p10: number }, value: number) => number;

/**
 * The performance findings in the order Lighthouse's report (12.x, its default "insights" view) lists
 * them: the insights and the diagnostics they do not replace, failed ones only, by score, then by the
 * estimated gain in the performance score (each metric's score with the savings minus its score now,
 * times the metric's weight), then by the linear gain, each weighted by the audit's guidance level.
 */
function performanceFindings(lhr: LhResult, base: string, logNormal: LogNormalScore): LighthouseFinding[] {
  const perf = lhr.categories.performance;
  if (!perf) return [];
  const metricRefs = perf.auditRefs.filter((r) => r.group === 'metrics');
  const groupOf = (id: string, group?: string) => (id.endsWith('-insight') ? 'insights' : (group ?? ''));
  const refs = perf.auditRefs.filter((r) => ['insights', 'diagnostics'].includes(groupOf(r.id, r.group)));
  const replaced = new Set(refs.flatMap((r) => lhr.audits[r.id]?.replacesAudits ?? []));
  const impact = (audit: LhAudit) => {
    let overall = 0;
    let linear = 0;
    for (const [acronym, savings] of Object.entries(audit.metricSavings ?? {})) {
      if (savings === undefined) continue;
      const ref = metricRefs.find((r) => r.acronym === acronym);
      const metric = ref ? lhr.audits[ref.id] : undefined;
      if (!ref || !metric || metric.score === null || !metric.numericValue) continue;
      linear += (savings / metric.numericValue) * ref.weight;
      if (!metric.scoringOptions) continue;
      overall +=
        (logNormal(metric.scoringOptions, metric.numericValue - savings) - metric.score) * ref.weight;
    }
    return { overall, linear, guidance: audit.guidanceLevel || 1 };
  };
  const failed = refs
    .filter((r) => !replaced.has(r.id))
    .map((r) => lhr.audits[r.id])
    .filter((a): a is LhAudit => a !== undefined && !showAsPassed(a))
    .map((audit) => ({ audit, ...impact(audit) }));
  failed.sort((a, b) => {
    const scoreA = a.audit.score || 0;
    const scoreB = b.audit.score || 0;
    if (scoreA !== scoreB) return scoreA - scoreB;
    if (a.overall !== b.overall) return b.overall * b.guidance - a.overall * a.guidance;
    if (a.overall === 0 && b.overall === 0 && a.linear !== b.linear)
      return b.linear * b.guidance - a.linear * a.guidance;
    return b.guidance - a.guidance;
  });
  return failed.map(({ audit }) => ({
    id: audit.id,
    title: audit.title,
    savings: savingsText(audit),
    where: firstResource(audit, base),
  }));
}

function savingsText(audit: LhAudit): string {
  const metrics = Object.entries(audit.metricSavings ?? {})
    .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
    .map(([m, v]) => (m === 'CLS' ? `CLS -${clsText(v)}` : `${m} -${Math.round(v)} ms`));
  return [audit.displayValue, metrics.join(', ')].filter(Boolean).join('; ') || 'no estimate';
}

function firstResource(audit: LhAudit, base: string): string | null {
  const details = audit.details as { items?: unknown[] } | undefined;
  const first = Array.isArray(details?.items)
    ? (details.items[0] as { url?: unknown } | undefined)
    : undefined;
  if (typeof first?.url !== 'string' || !/^https?:/.test(first.url)) return null;
  return first.url.startsWith(base) ? first.url.slice(base.length) || '/' : first.url;
}

function toFix(
  runs: LighthouseRun[],
  lhrs: LhResult[],
  base: string,
  logNormal: LogNormalScore,
): LighthousePage['toFix'] {
  let worst = -1;
  for (const [i, run] of runs.entries()) {
    const score = run.scores.performance ?? -1;
    if (worst === -1 || score < (runs[worst]?.scores.performance ?? -1)) worst = i;
  }
  const run = runs[worst];
  const lhr = lhrs[worst];
  if (!run || !lhr || (run.scores.performance ?? 0) >= LIGHTHOUSE_TARGETS.performance) return null;
  return {
    performance: run.scores.performance,
    findings: performanceFindings(lhr, base, logNormal).slice(0, 3),
  };
}

/** The values of every run, or null when one of the runs has none. */
function everyRun(values: (number | null)[]): number[] | null {
  return values.some((v) => v === null) ? null : (values as number[]);
}

/** A page's Total Blocking Time against its target: the median over the runs. */
function tbtTarget(page: LighthousePage) {
  const values = everyRun(page.runs.map((r) => r.metrics.tbt));
  const median = values ? middle(values) : null;
  return {
    target: `<= ${TBT_TARGET_MS} ms`,
    range: page.ranges.tbt,
    median,
    met: median !== null && median <= TBT_TARGET_MS,
  };
}

/** Per page and category: the target, the median and lowest scores over the runs, and whether the median met it. */
export function lighthouseTargets(result: LighthouseResult) {
  return result.pages.map((page) => ({
    page: page.path,
    ...Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((c) => {
        const scored = everyRun(page.runs.map((r) => r.scores[c]));
        const median = scored ? middle(scored) : null;
        const target = LIGHTHOUSE_TARGETS[c];
        return [
          c,
          {
            target: target === 100 ? '100' : `>= ${target}`,
            range: page.ranges[c],
            median,
            worst: scored ? Math.min(...scored) : null,
            met: median !== null && median >= target,
          },
        ];
      }),
    ),
    tbt: tbtTarget(page),
  }));
}

export function printLighthouse(outcome: LighthouseOutcome): void {
  console.log('');
  if ('skipped' in outcome) {
    console.log(`WARNING: Lighthouse skipped: ${outcome.skipped}`);
    return;
  }
  const t = outcome.throttling;
  const runs = outcome.runsPerPage === 1 ? '1 run' : `${outcome.runsPerPage} runs`;
  const indexes = outcome.pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
  console.log(
    `Lighthouse ${outcome.lighthouseVersion}, ${outcome.formFactor} preset (${outcome.throttlingMethod} throttling: ${t.rttMs} ms RTT, ${((t.throughputKbps ?? 0) / 1024).toFixed(1)} Mbps, CPU ${t.cpuSlowdownMultiplier}x slower), ${outcome.browser} headless, ${runs} per page (a fresh browser each), after warm-up requests for each page:`,
  );
  console.log(
    `  the built app (${outcome.app.command}) on a fresh embedded database with the demo catalog and 3 members tracking titles, no provider keys; ready in ${outcome.app.startupSeconds}s, RSS after ${outcome.app.rssMbAfter ?? '?'} MB; load average at start ${outcome.loadAverageAtStart.join(' ')}; Lighthouse's CPU benchmark index ${range(indexes, (n) => String(Math.round(n)))}`,
  );
  const pad = (s: string, n: number) => s.padEnd(n);
  const targets = lighthouseTargets(outcome);
  for (const [i, page] of outcome.pages.entries()) {
    const pageTargets = targets[i] as Record<string, unknown>;
    console.log('');
    console.log(`  ${page.path} (${page.name})`);
    console.log(`    ${pad('', 16)}${pad(`${runs}: median (range)`, 26)}target`);
    for (const c of LIGHTHOUSE_CATEGORIES) {
      const target = pageTargets[c] as { target: string; met: boolean };
      console.log(
        `    ${pad(c, 16)}${pad(page.ranges[c], 26)}${pad(target.target, 8)}${target.met ? 'MET' : 'MISSED'}`,
      );
    }
    for (const m of METRICS) {
      const target = m.key === 'tbt' ? (pageTargets.tbt as ReturnType<typeof tbtTarget>) : null;
      const verdict = target ? `${target.target}  ${target.met ? 'MET' : 'MISSED'}` : '';
      console.log(
        `    ${pad(m.label, 16)}${target ? pad(page.ranges[m.key], 26) : page.ranges[m.key]}${verdict}`,
      );
    }
    for (const error of page.redone)
      console.log(`    a run measured nothing and was run again: ${error.split(':')[0]}`);
    for (const [n, run] of page.runs.entries()) {
      if (run.runtimeError) console.log(`    run ${n + 1}: ${run.runtimeError}`);
      for (const w of run.warnings) console.log(`    run ${n + 1} warning: ${w}`);
    }
    if (page.toFix) {
      console.log(`    what Lighthouse lists first (the run scoring ${page.toFix.performance ?? '-'}):`);
      if (page.toFix.findings.length === 0) console.log('      (no failed insight or diagnostic)');
      for (const [n, f] of page.toFix.findings.entries()) {
        console.log(`      ${n + 1}. ${f.title}: ${f.savings}${f.where ? ` (first: ${f.where})` : ''}`);
      }
    }
  }
  console.log('');
  console.log(`  Full Lighthouse results (JSON, one file per run): ${outcome.resultsDir}/`);
}
