/**
 * Where the server's logs go, and what happens when nobody reads them (docs/decisions/007), and what
 * a request logs.
 *
 * Log lines go to `process.stdout`, which Node writes without blocking when stdout is a pipe or a
 * socket (what systemd, Docker and a parent process give us): what the reader has not taken yet waits
 * in memory. That memory is bounded: past `MAX_BUFFERED_CHARS` new lines are dropped and counted, and
 * once the reader catches up a warning says how many were lost. When the reader has gone (EPIPE), the
 * process keeps serving and stops logging. Nothing here ever waits for the reader on the event loop,
 * and nothing is flushed synchronously at exit: pino's default destination does both (its exit handler
 * retries a write to a full or closed pipe every 100 ms, forever), which made a stop hang.
 *
 * Info and debug lines written in one turn of the event loop go out together, in one write, once the
 * turn's I/O is done: under load that is one write for many requests instead of one per line. A
 * warning or worse goes out at once, after the lines before it.
 *
 * Every request leaves one access line (request id, method, path without its query or a token,
 * status, time), written by `AccessLogController` when the answer has gone; Fastify's own "incoming
 * request" and "request completed" lines are off. A request's logger (`req.log`) is made only when
 * something logs through it, so a cached answer costs no child logger.
 */

import { hostname } from 'node:os';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Bindings, type ChildLoggerOptions, stdSerializers } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config';

/** About 20,000 request log lines: room for a reader that pauses for a few seconds under load. */
const MAX_BUFFERED_CHARS = 8 * 1024 * 1024;
/** pino's level number for `warn`: lines at or above it are written at once. */
const WARN = 40;

/** Where lines are written: process.stdout, or a stand-in with the same surface (tests). */
export type LogOutputStream = NodeJS.WritableStream & { writableLength: number; destroyed: boolean };

/** The process's log output on stdout. One per process: every app built in it writes here. */
export class StdoutLogOutput {
  /** Lines dropped because the reader was behind, not yet reported. */
  private droppedSinceReport = 0;
  /** Lines dropped in all, including those after the reader went away. */
  droppedTotal = 0;
  private gone = false;
  private watching = false;
  private reporter: FastifyBaseLogger | null = null;
  /** This turn's lines, written together once its I/O is done. */
  private pending = '';
  private scheduled = false;

  constructor(
    private readonly out: LogOutputStream,
    private readonly maxBufferedChars: number,
  ) {}

  /** `urgent` lines (warnings and worse) are written at once, after what is pending. */
  write(line: string, urgent = false): void {
    if (!this.watching) this.watch();
    if (this.gone || this.out.destroyed) {
      this.droppedTotal++;
      return;
    }
    if (this.out.writableLength + this.pending.length + line.length > this.maxBufferedChars) {
      this.droppedSinceReport++;
      this.droppedTotal++;
      return;
    }
    this.pending += line;
    if (urgent) this.writePending();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.writePendingSoon);
    }
  }

  /** Where the "lines were dropped" warning is logged (through the app's logger, so at its level and format). */
  reportDropsTo(log: FastifyBaseLogger): void {
    this.reporter = log;
  }

  /**
   * Resolves once what was written so far has reached the reader, the reader has gone, or `timeoutMs`
   * has passed, whichever comes first. Never blocks the event loop.
   */
  flush(timeoutMs: number): Promise<void> {
    this.writePending();
    if (this.gone || this.out.destroyed || this.out.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.out.off('error', done);
        this.out.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.out.once('error', done);
      this.out.once('close', done);
      // Called once this chunk, and so everything before it, has been handed to the reader.
      this.out.write('', done);
    });
  }

  private readonly writePendingSoon = () => {
    this.scheduled = false;
    this.writePending();
  };

  /** Hands the pending lines to the stream, which writes at once what the reader can take now. */
  private writePending(): void {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    if (this.gone || this.out.destroyed) return;
    this.out.write(chunk);
  }

  private watch(): void {
    this.watching = true;
    // EPIPE and the like: the reader has gone. Without a listener this would crash the process.
    this.out.on('error', () => {
      this.gone = true;
    });
    this.out.on('drain', () => this.reportDrops());
    // A process that exits in this turn (a fatal error) still hands its last lines over: one
    // attempt that never waits, like every other write.
    process.once('exit', () => this.writePending());
  }

  private reportDrops(): void {
    const dropped = this.droppedSinceReport;
    if (dropped === 0 || this.gone) return;
    this.droppedSinceReport = 0;
    this.reporter?.warn(
      { droppedLogLines: dropped },
      `${dropped} log lines were dropped: the log output was not read fast enough`,
    );
  }
}

let stdoutOutput: StdoutLogOutput | null = null;

function logOutput(): StdoutLogOutput {
  stdoutOutput ??= new StdoutLogOutput(process.stdout, MAX_BUFFERED_CHARS);
  return stdoutOutput;
}

/** A line-by-line destination for the logs instead of stdout (tests read what a request logged). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's logging options: pino at the configured level, JSON lines (or pretty ones) to stdout (or
 * `destination`), one access line per request and request loggers made only when used.
 */
export function loggingOptions(
  config: Config,
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory'> & { logController: AccessLogController } {
  // Pretty logs are formatted here, on the main thread, not in pino's transport worker: the worker
  // would write to stdout with its own blocking destination and be flushed synchronously at exit.
  const prettify = config.logPretty ? pinoPretty.prettyFactory({ translateTime: 'HH:MM:ss' }) : null;
  const format = prettify ?? ((line: string) => line);
  const output = destination ? null : logOutput();
  const emit = (line: string, level: number) => {
    if (output) output.write(format(line), level >= WARN);
    else destination?.write(format(line));
  };
  const stream = {
    // pino sets `lastLevel` on a stream that asks for it, before each write.
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(line: string) {
      emit(line, this.lastLevel);
    },
  };
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { err: errorWithoutParams, req: requestForLog, url: pathForLog, page: pathForLog },
      stream,
    },
    logController: new AccessLogController(emit),
    childLoggerFactory: lazyChildLogger,
  };
}

/**
 * An error as pino writes it, less the parameters of a failed query: drizzle puts them in the
 * error's `params` and in its message and stack, and they hold what members typed (emails, numbers).
 */
function errorWithoutParams(err: Error): ReturnType<typeof stdSerializers.err> {
  const scrub = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return value.replace(/^params: .*$/gm, 'params: [not logged]');
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'params')
        .map(([key, v]) => [key, scrub(v, depth + 1)]),
    );
  };
  return scrub(stdSerializers.err(err), 0) as ReturnType<typeof stdSerializers.err>;
}

/** The path of a request's URL: the query is never logged (unsubscribe links carry a token there). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Paths whose rest is a credential: a member's calendar feed, and better-auth's own form of a reset
 * link (not served here, but a 404 still writes an access line). Lower case, as compared below.
 */
const SECRET_PATH_PREFIXES = ['/calendar/', '/api/auth/reset-password/'];
/** Only paths that could be one of those, however spelled, are looked at closely. */
const MAYBE_SECRET_PATH = /calendar|reset-password|%|\/\/|\/\./i;

/**
 * A request's path as every log line writes it: without its query, and with the token of a path
 * that carries one replaced by `[token]` (`/calendar/[token].ics`). Escaped, doubled-slash and
 * upper-case spellings count too: the router may serve them, and a 404 is logged as well.
 */
export function loggedPath(url: string): string {
  const path = pathOf(url);
  if (!MAYBE_SECRET_PATH.test(path)) return path;
  const plain = comparablePath(path);
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (plain.startsWith(prefix) && plain.length > prefix.length) {
      return `${prefix}[token]${plain.endsWith('.ics') ? '.ics' : ''}`;
    }
  }
  return path;
}

/** `path` with dot segments resolved, escapes decoded, slashes single and letters lower case. */
function comparablePath(path: string): string {
  let plain = path;
  try {
    plain = new URL(path.replace(/\/{2,}/g, '/'), 'http://x').pathname;
    plain = decodeURIComponent(plain);
  } catch {
    // A malformed escape: compare what there is.
  }
  return plain.replace(/\/{2,}/g, '/').toLowerCase();
}

/** A request as pino writes it under `req` (Fastify's fields), with its URL as `loggedPath` gives it. */
function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? loggedPath(req.url) : undefined,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** A `url` or `page` field of a log line (warnings name the request's): written as `loggedPath` gives it. */
const pathForLog = (value: unknown) => (typeof value === 'string' ? loggedPath(value) : value);

const INFO = 30;
type PinoLogger = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  bindings(): Record<string, unknown>;
};

/**
 * Fastify's request logging, replaced by one access line per answer, written when it has gone:
 * `{"level":30,"time",…,"reqId","method","path","status","responseTime"(ms),"msg":"request completed"}`,
 * at info; at error with the error when the answer could not be written. Errors a handler logs carry
 * the same `reqId` (the request logger's binding). The line is the one pino would write for
 * `log.info({ reqId, method, path, status, responseTime }, 'request completed')`, put together here
 * (it is written for every answer, and pino's general path cost more than the rest of a cached
 * answer's logging) and handed to the same output, at the app logger's level.
 */
export class AccessLogController extends LogController {
  /** The app logger's own bindings (pid, hostname), as pino writes them after `time`. */
  private base: string | null = null;

  constructor(private readonly emit: (line: string, level: number) => void) {
    super();
  }

  override incomingRequest(): void {}

  /**
   * For an answer Fastify sends without its response listeners (the router's errors, answered by
   * `frameworkErrors`): the access line once it has gone, timed from now.
   */
  logWhenSent(request: FastifyRequest, reply: FastifyReply): void {
    const started = performance.now();
    reply.raw.once('finish', () => {
      const elapsed = performance.now() - started;
      this.requestCompleted(null, request, {
        statusCode: reply.statusCode,
        elapsedTime: elapsed,
      } as FastifyReply);
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.answered(
      request.server.log,
      request.id,
      request.method,
      request.url,
      reply.statusCode,
      reply.elapsedTime,
      error,
    );
  }

  /**
   * The access line of one answer, through `log` (the app logger). `elapsedMs` is the time from the
   * request's arrival to the answer's end.
   */
  answered(
    log: FastifyBaseLogger,
    reqId: string,
    method: string,
    url: string,
    status: number,
    elapsedMs: number,
    error?: Error | null,
  ): void {
    const path = loggedPath(url);
    if (error) {
      const responseTime = Math.round(elapsedMs * 100) / 100;
      log.error({ reqId, method, path, status, responseTime, err: error }, 'request errored');
      return;
    }
    const pinoLog = log as PinoLogger;
    if (!pinoLog.isLevelEnabled('info')) return;
    // pino's defaults: pid and hostname first (its `bindings()` leaves them out), then any others.
    this.base ??= Object.entries({ pid: process.pid, hostname: hostname(), ...pinoLog.bindings() })
      .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
      .join('');
    this.emit(
      `{"level":${INFO},"time":${Date.now()}${this.base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"responseTime":${hundredths(elapsedMs)},"msg":"request completed"}\n`,
      INFO,
    );
  }
}

/**
 * `Math.round(ms * 100) / 100` as JavaScript writes it, put together from whole numbers: writing a
 * fraction out is the dearest part of the line (a third of it). Up to 15 digits the two agree: a
 * decimal of 15 significant digits or fewer is the shortest that gives its double back.
 */
export function hundredths(ms: number): string {
  const n = Math.round(ms * 100);
  if (!(n >= 0 && n < 1e15)) return String(n / 100);
  const whole = Math.floor(n / 100);
  const cents = n - whole * 100;
  if (cents === 0) return `${whole}`;
  if (cents % 10 === 0) return `${whole}.${cents / 10}`;
  return `${whole}.${cents < 10 ? '0' : ''}${cents}`;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a real pino child (Fastify's default, made for every request) the
 * first time something logs through it at an enabled level. Most answers log nothing through it.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  /** Whether a line at `level` would be written, without making the child when it would not. */
  private enabled(level: Level): boolean {
    if (this.made || this.options.level !== undefined) return true;
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return parent.isLevelEnabled ? parent.isLevelEnabled(level) : true;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private log(level: Level, args: unknown[]): void {
    if (!this.enabled(level)) return;
    const real = this.real();
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/** Log a warning through `log` whenever lines had to be dropped, once the reader has caught up. */
export function reportDroppedLogLines(log: FastifyBaseLogger): void {
  logOutput().reportDropsTo(log);
}

/** Wait (at most `timeoutMs`, never blocking) for the logs written so far to reach the reader. */
export function flushLogs(timeoutMs: number): Promise<void> {
  return stdoutOutput ? stdoutOutput.flush(timeoutMs) : Promise.resolve();
}
