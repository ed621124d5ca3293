/**
 * What the steps of a chaos run (run.ts) share: its options, its log, the one stop that a timeout and
 * the caller's abort both pull, and what each step leaves behind for the report and the clean-up.
 */
import type { DatabaseHandle } from '../src/db/client';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import type { FlakyPushService } from './push';
import type { ServerLife } from './servers';
import type { FlakySmtpServer } from './smtp';
import type { FlakyWebhookReceiver } from './webhook';

export interface ChaosOptions {
  deliveries: number;
  kills: number;
  seed: number;
  /** A PostgreSQL server to create a scratch database on; the embedded PGlite in a temp dir when absent. */
  databaseUrl?: string | undefined;
  /** PGlite only: a dump of a migrated empty database to start from (faster than initdb). */
  pgliteSnapshot?: string | null | undefined;
  /** How long ago (in hours, at most one more) the release messages fell due. */
  lateHours?: number;
  /**
   * Share of SMTP commands answered 421/451, and of pushes and webhook posts answered 503/429, while
   * the kills go on.
   */
  failureRate?: number;
  /** Share of messages whose connection is dropped at the end of DATA, or once the request body is read. */
  dropRate?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Every line the servers print (LOG_LEVEL=warn). */
  serverLog?: (line: string) => void;
  signal?: AbortSignal;
}

/** The channels every chaos member gets the release on. */
export const CHAOS_CHANNELS = ['email', 'push', 'webhook'] as const;
export type ChaosChannel = (typeof CHAOS_CHANNELS)[number];

/** A value per chaos channel, each made by `make`. */
export function channelRecord<T>(make: () => T): Record<ChaosChannel, T> {
  return { email: make(), push: make(), webhook: make() };
}

/** The same seed makes the same faults and kill instants. */
export const seededRandom = mulberry32;

/** A wait given up because the run was stopped (timed out or aborted). */
export class Stopped extends Error {}

export interface ChaosContext {
  options: ChaosOptions;
  /** Members, each due one message per channel. */
  n: number;
  /** The kill instants' random numbers. */
  random: () => number;
  started: number;
  timeoutMs: number;
  timedOut: boolean;
  /** Logs a line with the time since the start. */
  say(line: string): void;
  /** `p`, or a Stopped rejection once the run is stopped. */
  race<T>(p: Promise<T>): Promise<T>;
  sleep(ms: number): Promise<void>;
  /** Undone in reverse order at the end: receivers, temporary files, the scratch database. */
  cleanups: (() => Promise<unknown>)[];
  lives: Set<ServerLife>;
  /** Servers that exited without being told to. */
  crashes: string[];
  kills: number;
  lastKillAt: number;
  killTimes: number[];
  /** Set by the steps as they get that far, for the report. */
  openDb: (() => Promise<DatabaseHandle>) | null;
  smtp: FlakySmtpServer | null;
  pushService: FlakyPushService | null;
  hooks: FlakyWebhookReceiver | null;
  /** Clears the timeout. */
  disarm(): void;
  /** Clears the timeout and stops listening to the caller's signal. */
  release(): void;
}

export function createContext(options: ChaosOptions): ChaosContext {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const n = options.deliveries;
  const timeoutMs = options.timeoutMs ?? 180_000 + n * 200;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

  // One stop for a timeout and for the caller's abort; every wait gives up on it.
  const stop = new AbortController();
  const timer = setTimeout(() => {
    run.timedOut = true;
    stop.abort();
  }, timeoutMs);
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(new Stopped('stopped')), { once: true }),
  );
  stopped.catch(() => {});
  // Ctrl+C reaches the servers too (one process group): their exit is then no crash.
  stop.signal.addEventListener('abort', () => {
    for (const life of run.lives) life.sent = 'abort';
  });
  const race = <T>(p: Promise<T>) => Promise.race([p, stopped]);

  const run: ChaosContext = {
    options,
    n,
    random: seededRandom(options.seed),
    started,
    timeoutMs,
    timedOut: false,
    say: (line) => log(`[${elapsed()}] ${line}`),
    race,
    sleep: (ms) => race(new Promise<void>((r) => setTimeout(r, ms))),
    cleanups: [],
    lives: new Set(),
    crashes: [],
    kills: 0,
    lastKillAt: 0,
    killTimes: [],
    openDb: null,
    smtp: null,
    pushService: null,
    hooks: null,
    disarm: () => clearTimeout(timer),
    release() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
  return run;
}
