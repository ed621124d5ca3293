/**
 * Where the server's logs go, and what happens when nobody reads them (docs/decisions/007).
 *
 * Log lines go to `process.stdout`, which Node writes without blocking when stdout is a pipe or a
 * socket (what systemd, Docker and a parent process give us): what the reader has not taken yet waits
 * in memory. That memory is bounded: past `MAX_BUFFERED_CHARS` new lines are dropped and counted, and
 * once the reader catches up a warning says how many were lost. When the reader has gone (EPIPE), the
 * process keeps serving and stops logging. Nothing here ever waits for the reader on the event loop,
 * and nothing is flushed synchronously at exit: pino's default destination does both (its exit handler
 * retries a write to a full or closed pipe every 100 ms, forever), which made a stop hang.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from './config';

/** About 20,000 request log lines: room for a reader that pauses for a few seconds under load. */
const MAX_BUFFERED_CHARS = 8 * 1024 * 1024;

/** The process's log output on stdout. One per process: every app built in it writes here. */
class StdoutLogOutput {
  /** Lines dropped because the reader was behind, not yet reported. */
  private droppedSinceReport = 0;
  /** Lines dropped in all, including those after the reader went away. */
  droppedTotal = 0;
  private gone = false;
  private watching = false;
  private reporter: FastifyBaseLogger | null = null;

  constructor(
    private readonly out: NodeJS.WritableStream & { writableLength: number; destroyed: boolean },
    private readonly maxBufferedChars: number,
  ) {}

  write(line: string): void {
    if (!this.watching) this.watch();
    if (this.gone || this.out.destroyed) {
      this.droppedTotal++;
      return;
    }
    if (this.out.writableLength + line.length > this.maxBufferedChars) {
      this.droppedSinceReport++;
      this.droppedTotal++;
      return;
    }
    this.out.write(line);
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

  private watch(): void {
    this.watching = true;
    // EPIPE and the like: the reader has gone. Without a listener this would crash the process.
    this.out.on('error', () => {
      this.gone = true;
    });
    this.out.on('drain', () => this.reportDrops());
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

/** Fastify's `logger` option: pino at the configured level, JSON lines (or pretty ones) to stdout. */
export function loggerOptions(config: Config): NonNullable<FastifyServerOptions['logger']> {
  // Pretty logs are formatted here, on the main thread, not in pino's transport worker: the worker
  // would write to stdout with its own blocking destination and be flushed synchronously at exit.
  const prettify = config.logPretty ? pinoPretty.prettyFactory({ translateTime: 'HH:MM:ss' }) : null;
  const output = logOutput();
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    stream: {
      write: prettify ? (line: string) => output.write(prettify(line)) : (line) => output.write(line),
    },
  };
}

/** Log a warning through `log` whenever lines had to be dropped, once the reader has caught up. */
export function reportDroppedLogLines(log: FastifyBaseLogger): void {
  logOutput().reportDropsTo(log);
}

/** Wait (at most `timeoutMs`, never blocking) for the logs written so far to reach the reader. */
export function flushLogs(timeoutMs: number): Promise<void> {
  return stdoutOutput ? stdoutOutput.flush(timeoutMs) : Promise.resolve();
}
