/**
 * The sign-in burst section of `npm run bench`: what a burst of password checks does to everyone else.
 * The app as it ships (bench/serve.ts, or --serve-script, serving apps/web/dist) on a fresh embedded
 * database with the demo catalog; first the home page and one of its scripts are requested with nothing
 * else going on, then again while 90 sign-ins with unknown emails (each one a full scrypt hash, as for a
 * known one) arrive at once from three loopback addresses, with the server's RSS sampled throughout.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type AppStart, type ChildServer, describeApp, runCommand, startApp } from './children';
import { APP_SETTING, unpinSelf } from './lighthouse';
import { type LatencySummary, round, summarise } from './stats';
import { initialScripts } from './web-js';

const SIGNIN_BURST_TARGETS = {
  /** p99 of `GET /` and of the script while the burst runs. */
  pageP99Ms: 300,
  /** Peak RSS during the burst over RSS right before it. */
  rssGrowthMb: 300,
} as const;

/** 30 from each address: the app's default limit per client address (AUTH_RATE_LIMIT_PER_IP) per 10 minutes. */
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const;
const PER_ADDRESS = 30;
const SIGN_IN_PATH = '/api/auth/sign-in/email';
const PASSWORD = 'wrong-password-1';
/** Each page loop starts a request at most this often (and never before the last one answered). */
const PAGE_INTERVAL_MS = 25;
const BASELINE_SECONDS = 5;
const RSS_SAMPLE_MS = 50;
/** Per request, sign-ins and pages alike: a request still unanswered then counts as timed out. */
const REQUEST_TIMEOUT_MS = 120_000;
/** As a browser asks. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface PageFigures {
  /** Every request's time to its last byte (a timed-out one counts with the time it was given). */
  latencyMs: LatencySummary;
  /** Answers other than 200, connection errors, and requests that timed out. */
  non200: number;
  errors: number;
  timeouts: number;
}

export interface SigninBurstResult {
  loadAverageAtStart: number[];
  app: {
    command: string;
    dataDir: string;
    pid: number;
    /** The second start, on the database the first one made (initdb, migrations, demo catalog). */
    startupSeconds: number;
    createSeconds: number;
    logLevel: string;
    uvThreadpoolSize: string;
  };
  /** The script requested beside `GET /`: the first `/assets/*.js` the served index.html names. */
  assetPath: string;
  pageIntervalMs: number;
  baseline: {
    seconds: number;
    home: PageFigures;
    asset: PageFigures;
    rssMb: { min: number | null; max: number | null };
  };
  burst: {
    signIns: number;
    addresses: string[];
    perAddress: number;
    home: PageFigures;
    asset: PageFigures;
    rssBeforeMb: number | null;
    rssPeakMb: number | null;
    rssGrowthMb: number | null;
    /** A second after the last sign-in answered. */
    rssAfterMb: number | null;
    /** Sign-ins that got an answer (any status) within the timeout. */
    answered: number;
    /** Answers by status: 200, 401, 429, 503, other (any other status, or a connection error), timed out. */
    answers: { '200': number; '401': number; '429': number; '503': number; other: number; timedOut: number };
    /** Status and error code of every answer ("401 USER_NOT_FOUND"), connection errors by name. */
    answerDetail: Record<string, number>;
    /** 503s that carried a Retry-After header. */
    busyWithRetryAfter: number;
    /** From the burst's start (every sign-in sent at once) to each answer. */
    answerSeconds: { first: number | null; p50: number | null; last: number | null };
    /** From the burst's start until every sign-in had answered or timed out. */
    seconds: number;
    /** Share of one core the server used during the burst (Linux; null elsewhere). */
    serverCpu: number | null;
    /** RSS every ~250 ms from the burst's start (seconds, MB). */
    rssTimeline: [number, number][];
  };
}

export type SigninBurstOutcome = SigninBurstResult | { skipped: string };

export interface SigninBurstOptions {
  /** How the app starts (the built bundle unless --serve-script). */
  app: AppStart;
  /** The environment the benchmark passes its children; the app's own settings are removed from it. */
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  logLevel: string;
  log: (line: string) => void;
}

export interface Answer {
  status: number | null;
  ms: number;
  /** 'timeout', or the connection error's code. */
  error?: string;
  headers?: http.IncomingHttpHeaders;
  body?: Buffer;
}

/** One request on node's http client, read to its end; never rejects. */
export function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent | false;
    localAddress?: string;
    keepBody?: boolean;
  },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: init.agent,
        ...(init.localAddress ? { localAddress: init.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (init.keepBody) chunks.push(c);
        });
        res.on('end', () =>
          finish({
            status: res.statusCode ?? null,
            headers: res.headers,
            ...(init.keepBody ? { body: Buffer.concat(chunks) } : {}),
          }),
        );
        res.on('error', (err: NodeJS.ErrnoException) =>
          finish({ status: null, error: err.code ?? err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: 'timeout' });
      req.destroy();
    }, REQUEST_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: null, error: err.code ?? err.message }));
    req.end(init.body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING };
export const ASSET_HEADERS = { accept: '*/*', 'accept-encoding': ACCEPT_ENCODING };

/**
 * Requests `url` one at a time on one keep-alive connection, starting one at most every
 * PAGE_INTERVAL_MS, until `running()` says to stop (the request in flight then is waited for).
 */
export async function pageLoop(url: string, headers: Record<string, string>, running: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  try {
    while (running()) {
      const started = performance.now();
      answers.push(await send(url, { headers, agent }));
      const wait = started + PAGE_INTERVAL_MS - performance.now();
      if (wait > 0 && running()) await sleep(wait);
    }
  } finally {
    agent.destroy();
  }
  return answers;
}

export function pageFigures(answers: Answer[]): PageFigures {
  const latency = summarise(answers.map((a) => a.ms));
  return {
    latencyMs: {
      count: latency.count,
      mean: round(latency.mean),
      p50: round(latency.p50),
      p95: round(latency.p95),
      p99: round(latency.p99),
      max: round(latency.max),
    },
    non200: answers.filter((a) => a.status !== null && a.status !== 200).length,
    errors: answers.filter((a) => a.error && a.error !== 'timeout').length,
    timeouts: answers.filter((a) => a.error === 'timeout').length,
  };
}

/** Reads the server's RSS every RSS_SAMPLE_MS until stopped. */
export function sampleRss(server: ChildServer) {
  const started = performance.now();
  const samples: { t: number; mb: number }[] = [];
  const read = () => {
    const mb = server.rssMb();
    if (mb !== null) samples.push({ t: (performance.now() - started) / 1000, mb });
  };
  read();
  const timer = setInterval(read, RSS_SAMPLE_MS);
  return {
    samples,
    stop() {
      clearInterval(timer);
      read();
      return samples;
    },
  };
}

export async function ensureWebBuild(repoRoot: string, log: (line: string) => void): Promise<string | null> {
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  const ssrEntry = path.join(repoRoot, 'apps/web/dist-server/entry-server.js');
  if (existsSync(webIndex) && existsSync(ssrEntry)) return null;
  log('signin-burst: the web app is not built: npm run build…');
  const code = await runCommand('npm', ['run', 'build'], process.env, repoRoot);
  if (code !== 0 || !existsSync(webIndex)) return `npm run build failed (exit code ${code})`;
  return null;
}

function signInOnce(base: string, localAddress: string | undefined): Promise<Answer> {
  return send(`${base}${SIGN_IN_PATH}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      email: `bench.${randomBytes(8).toString('hex')}@example.com`,
      password: PASSWORD,
    }),
    // A connection of its own, from that address, as 90 people signing in would open.
    agent: false,
    ...(localAddress ? { localAddress } : {}),
    keepBody: true,
  });
}

function errorCode(answer: Answer): string | null {
  try {
    const body = JSON.parse(answer.body?.toString('utf8') ?? '') as { error?: { code?: string } };
    return body.error?.code ?? null;
  } catch {
    return null;
  }
}

/** Runs the section; a missing web build that cannot be made, or a failure, skips it with the reason. */
export async function measureSigninBurst(options: SigninBurstOptions): Promise<SigninBurstOutcome> {
  const { repoRoot, log } = options;
  const buildProblem = await ensureWebBuild(repoRoot, log);
  if (buildProblem) return { skipped: buildProblem };

  // The load tests pin this process (and so its children) to one CPU: the app gets every CPU back.
  unpinSelf();
  const loadAverageAtStart = os.loadavg().map((x) => round(x, 2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-signin-burst-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(options.env).filter(([k]) => !APP_SETTING.test(k))),
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel,
  };
  const command = describeApp(options.app, repoRoot);
  let server: ChildServer | undefined;
  try {
    // A first start makes the database (PGlite's initdb, which peaks far above a running app and would
    // stay in the figures, the migrations, the demo catalog); the measured app opens it as a restarted
    // server does.
    log(`signin-burst: creating a fresh embedded database in ${dataDir} (${command})…`);
    let started = performance.now();
    const creator = await startApp('signin-burst-create', options.app, env, repoRoot);
    await creator.stop();
    const createSeconds = round((performance.now() - started) / 1000);

    started = performance.now();
    server = await startApp('signin-burst-app', options.app, env, repoRoot);
    const startupSeconds = round((performance.now() - started) / 1000);
    const base = server.url;
    log(`signin-burst: app ready on ${base} in ${startupSeconds}s (PID ${server.pid}).`);

    const home = await send(`${base}/`, { headers: { accept: 'text/html' }, keepBody: true });
    const html = home.body?.toString('utf8') ?? '';
    if (home.status !== 200 || !String(home.headers?.['content-type']).startsWith('text/html')) {
      throw new Error(
        `GET / answered ${home.status ?? home.error} (${home.headers?.['content-type']}), not the web app's page`,
      );
    }
    // The page's scripts in the order it names them (the boot script's data-modules included).
    const assetPath = initialScripts(html).find((src) => /^\/assets\/[^?#]+\.js$/.test(src));
    if (!assetPath) throw new Error('the served index.html names no /assets/*.js');
    const homeUrl = `${base}/`;
    const assetUrl = `${base}${assetPath}`;

    // Warm-up: the first render of the page, the first read of the script, and one sign-in (from
    // 127.0.0.1, whose budget the burst does not use), so the burst measures no first-call costs.
    for (let i = 0; i < 20; i++) {
      await send(homeUrl, { headers: PAGE_HEADERS });
      await send(assetUrl, { headers: ASSET_HEADERS });
    }
    const probe = await signInOnce(base, undefined);
    if (probe.status !== 401) {
      throw new Error(
        `a warm-up sign-in with an unknown email answered ${probe.status ?? probe.error} ${probe.body?.toString('utf8') ?? ''}, not 401`,
      );
    }
    await sleep(1000);

    log(`signin-burst: baseline, GET / and ${assetPath} for ${BASELINE_SECONDS}s…`);
    const baselineRss = sampleRss(server);
    const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
    const baselineRunning = () => performance.now() < baselineEnd;
    const [baseHome, baseAsset] = await Promise.all([
      pageLoop(homeUrl, PAGE_HEADERS, baselineRunning),
      pageLoop(assetUrl, ASSET_HEADERS, baselineRunning),
    ]);
    const baselineMbs = baselineRss.stop().map((s) => s.mb);
    await sleep(500);

    const signIns = ADDRESSES.length * PER_ADDRESS;
    log(`signin-burst: ${signIns} sign-ins at once (${PER_ADDRESS} each from ${ADDRESSES.join(', ')})…`);
    const rssBeforeMb = server.rssMb();
    const cpuBefore = server.cpuSeconds();
    const burstRss = sampleRss(server);
    const burstStarted = performance.now();
    let burstRunning = true;
    const pages = Promise.all([
      pageLoop(homeUrl, PAGE_HEADERS, () => burstRunning),
      pageLoop(assetUrl, ASSET_HEADERS, () => burstRunning),
    ]);
    const answeredAt: number[] = [];
    const signInAnswers = await Promise.all(
      ADDRESSES.flatMap((address) =>
        Array.from({ length: PER_ADDRESS }, () =>
          signInOnce(base, address).then((answer) => {
            if (answer.status !== null) answeredAt.push((performance.now() - burstStarted) / 1000);
            return answer;
          }),
        ),
      ),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    burstRunning = false;
    const cpuAfter = server.cpuSeconds();
    const [burstHome, burstAsset] = await pages;
    const burstSamples = burstRss.stop();
    await sleep(1000);
    const rssAfterMb = server.rssMb();

    const answers = { '200': 0, '401': 0, '429': 0, '503': 0, other: 0, timedOut: 0 };
    const answerDetail: Record<string, number> = {};
    let busyWithRetryAfter = 0;
    for (const a of signInAnswers) {
      if (a.error === 'timeout') answers.timedOut++;
      else if (a.status === 200 || a.status === 401 || a.status === 429 || a.status === 503)
        answers[String(a.status) as '200' | '401' | '429' | '503']++;
      else answers.other++;
      const detail =
        a.status === null ? (a.error ?? 'error') : `${a.status}${errorCode(a) ? ` ${errorCode(a)}` : ''}`;
      answerDetail[detail] = (answerDetail[detail] ?? 0) + 1;
      if (a.status === 503 && a.headers?.['retry-after'] !== undefined) busyWithRetryAfter++;
    }
    answeredAt.sort((a, b) => a - b);
    const peak = burstSamples.length ? Math.max(...burstSamples.map((s) => s.mb)) : null;
    const timeline: [number, number][] = [];
    for (const s of burstSamples) {
      const last = timeline.at(-1);
      if (!last || s.t - last[0] >= 0.25) timeline.push([round(s.t, 2), s.mb]);
    }

    return {
      loadAverageAtStart,
      app: {
        command,
        dataDir,
        pid: server.pid,
        startupSeconds,
        createSeconds,
        logLevel: options.logLevel,
        uvThreadpoolSize: env.UV_THREADPOOL_SIZE ?? 'default (4)',
      },
      assetPath,
      pageIntervalMs: PAGE_INTERVAL_MS,
      baseline: {
        seconds: BASELINE_SECONDS,
        home: pageFigures(baseHome),
        asset: pageFigures(baseAsset),
        rssMb: {
          min: baselineMbs.length ? Math.min(...baselineMbs) : null,
          max: baselineMbs.length ? Math.max(...baselineMbs) : null,
        },
      },
      burst: {
        signIns,
        addresses: [...ADDRESSES],
        perAddress: PER_ADDRESS,
        home: pageFigures(burstHome),
        asset: pageFigures(burstAsset),
        rssBeforeMb,
        rssPeakMb: peak,
        rssGrowthMb: peak !== null && rssBeforeMb !== null ? peak - rssBeforeMb : null,
        rssAfterMb,
        answered: signInAnswers.filter((a) => a.status !== null).length,
        answers,
        answerDetail,
        busyWithRetryAfter,
        answerSeconds: {
          first: answeredAt.length ? round(answeredAt[0] as number, 2) : null,
          p50: answeredAt.length
            ? round(answeredAt[Math.ceil(answeredAt.length / 2) - 1] as number, 2)
            : null,
          last: answeredAt.length ? round(answeredAt.at(-1) as number, 2) : null,
        },
        seconds: round(burstSeconds, 2),
        serverCpu:
          cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / burstSeconds, 2) : null,
        rssTimeline: timeline,
      },
    };
  } finally {
    await server?.stop();
    process.off('exit', removeDataDir);
    removeDataDir();
  }
}

/** Per target: what it asks, the value measured, and whether it was met. */
export function signinBurstTargets(r: SigninBurstResult) {
  const p99 = (f: PageFigures) => ({
    target: `p99 < ${SIGNIN_BURST_TARGETS.pageP99Ms} ms during the burst`,
    value: f.latencyMs.p99,
    met: f.latencyMs.p99 < SIGNIN_BURST_TARGETS.pageP99Ms && f.errors + f.timeouts === 0,
  });
  return {
    home: p99(r.burst.home),
    asset: p99(r.burst.asset),
    rssGrowth: {
      target: `< ${SIGNIN_BURST_TARGETS.rssGrowthMb} MB`,
      value: r.burst.rssGrowthMb,
      met: r.burst.rssGrowthMb !== null && r.burst.rssGrowthMb < SIGNIN_BURST_TARGETS.rssGrowthMb,
    },
    everySignInAnswered: {
      target: 'every sign-in answered',
      value: `${r.burst.answered}/${r.burst.signIns}`,
      met: r.burst.answered === r.burst.signIns,
    },
  };
}

export function printSigninBurst(outcome: SigninBurstOutcome): void {
  console.log('');
  if ('skipped' in outcome) {
    console.log(`WARNING: the sign-in burst was skipped: ${outcome.skipped}`);
    return;
  }
  const r = outcome;
  const b = r.burst;
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  const mb = (n: number | null) => (n === null ? '?' : `${n} MB`);
  const t = signinBurstTargets(r);
  console.log(
    `Sign-in burst: ${b.signIns} POST ${SIGN_IN_PATH} at once, unknown emails (each still hashed: scrypt N=2^17, 128 MiB), ${b.perAddress} each from ${b.addresses.join(', ')}, a connection each:`,
  );
  console.log(
    `  the app as it ships (${r.app.command}, LOG_LEVEL=${r.app.logLevel}, UV_THREADPOOL_SIZE ${r.app.uvThreadpoolSize}) serving apps/web/dist, on a fresh embedded database with the demo catalog (made by a first start in ${r.app.createSeconds}s; ready again in ${r.app.startupSeconds}s, PID ${r.app.pid}); load average at start ${r.loadAverageAtStart.join(' ')}`,
  );
  console.log(
    `  GET / (Accept: text/html) and ${r.assetPath}, each one request at a time on its own keep-alive connection, at most one every ${r.pageIntervalMs} ms: ${r.baseline.seconds} s with nothing else going on, then for the whole burst`,
  );
  console.log('');
  console.log(`  ${pad('', 30)}${lpad('baseline', 30)}${lpad('during the burst', 34)}   target`);
  console.log(
    `  ${pad('', 30)}${lpad('n', 6)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${lpad('max', 8)}${lpad('n', 6)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}${lpad('max', 10)}`,
  );
  for (const [label, base, during, target] of [
    ['GET /', r.baseline.home, b.home, t.home],
    [r.assetPath, r.baseline.asset, b.asset, t.asset],
  ] as const) {
    const l = base.latencyMs;
    const d = during.latencyMs;
    console.log(
      `  ${pad(label.length > 30 ? `${label.slice(0, 27)}...` : label, 30)}${lpad(String(l.count), 6)}${lpad(ms(l.p50), 8)}${lpad(ms(l.p99), 8)}${lpad(ms(l.max), 8)}${lpad(String(d.count), 6)}${lpad(ms(d.p50), 9)}${lpad(ms(d.p99), 9)}${lpad(ms(d.max), 10)}   p99 < ${SIGNIN_BURST_TARGETS.pageP99Ms} ms ${verdict(target.met)}`,
    );
    for (const [when, f] of [
      ['baseline', base],
      ['burst', during],
    ] as const) {
      if (f.non200 + f.errors + f.timeouts > 0)
        console.log(
          `    ${when}: ${f.non200} answers other than 200, ${f.errors} errors, ${f.timeouts} timed out`,
        );
    }
  }
  console.log(
    `  ${pad('server RSS', 30)}baseline ${r.baseline.rssMb.min ?? '?'}-${r.baseline.rssMb.max ?? '?'} MB; before the burst ${mb(b.rssBeforeMb)}, peak during ${mb(b.rssPeakMb)}, growth ${mb(b.rssGrowthMb)}; a second after ${mb(b.rssAfterMb)}   growth < ${SIGNIN_BURST_TARGETS.rssGrowthMb} MB ${verdict(t.rssGrowth.met)}`,
  );
  const a = b.answers;
  console.log(
    `  ${pad('sign-ins answered', 30)}200: ${a['200']}, 401: ${a['401']}, 429: ${a['429']}, 503: ${a['503']}${b.busyWithRetryAfter ? ` (${b.busyWithRetryAfter} with Retry-After)` : ''}, other: ${a.other}, timed out (${REQUEST_TIMEOUT_MS / 1000} s): ${a.timedOut}; first after ${b.answerSeconds.first ?? '-'} s, half by ${b.answerSeconds.p50 ?? '-'} s, the last after ${b.answerSeconds.last ?? '-'} s   every one answered ${verdict(t.everySignInAnswered.met)}`,
  );
  console.log(
    `    ${Object.entries(b.answerDetail)
      .map(([k, n]) => `${k}: ${n}`)
      .join(
        ', ',
      )}; server CPU during the burst ${b.serverCpu === null ? '-' : `${Math.round(b.serverCpu * 100)}% of one core`}`,
  );
  console.log(
    `  targets: GET / p99 < ${SIGNIN_BURST_TARGETS.pageP99Ms} ms ${verdict(t.home.met)}; script p99 < ${SIGNIN_BURST_TARGETS.pageP99Ms} ms ${verdict(t.asset.met)}; RSS growth < ${SIGNIN_BURST_TARGETS.rssGrowthMb} MB ${verdict(t.rssGrowth.met)}; every sign-in answered ${verdict(t.everySignInAnswered.met)}`,
  );
}
