import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { drainThenClose } from './lifecycle';
import { flushLogs, reportDroppedLogLines } from './logger';
import { armShutdownWatchdog } from './shutdown-watchdog';

/** Past the drain, a stop takes at most this long, whatever the main thread is doing. */
const CLOSE_DEADLINE_MS = 10_000;
/** How long before the deadline the main thread gives up by itself (exit code 1) if it still can. */
const SELF_EXIT_MARGIN_MS = 1_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  reportDroppedLogLines(app.log);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // A person at a terminal (Ctrl+C) is not a load balancer waiting on health checks: no drain.
      const drainMs = signal === 'SIGTERM' ? config.shutdownDrainSeconds * 1000 : 0;
      const deadlineMs = drainMs + CLOSE_DEADLINE_MS;
      const deadline = Date.now() + deadlineMs;
      // The deadline holds even if the main thread gets stuck from here on: a worker thread keeps it.
      const watchdog = armShutdownWatchdog(deadlineMs);
      const selfExitAt = deadline - SELF_EXIT_MARGIN_MS;
      setTimeout(() => {
        // Said, or a stop that ends with code 1 leaves no trace of why; what is still open says what
        // the close waits on (sockets, timers, the database's work).
        const pending: Record<string, number> = {};
        for (const kind of process.getActiveResourcesInfo()) pending[kind] = (pending[kind] ?? 0) + 1;
        app.log.error({ deadlineMs, pending }, 'the stop did not finish in time: exiting');
        void flushLogs(SELF_EXIT_MARGIN_MS / 2).then(() => process.exit(1));
      }, selfExitAt - Date.now()).unref();
      app.log.info({ signal, drainMs, deadlineMs }, 'shutting down');
      if (!watchdog)
        app.log.warn('the shutdown watchdog could not start: the deadline relies on this thread');
      // Drain (readiness says 503, requests still served), then stop taking connections, finish
      // in-flight requests, close the database; then give the logs written so far until shortly
      // before the deadline to reach their reader (never blocking).
      const exit = (code: number) => flushLogs(selfExitAt - 100 - Date.now()).then(() => process.exit(code));
      drainThenClose(app, drainMs).then(
        () => exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          return exit(1);
        },
      );
    });
  }

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Releasebell is running at ${url}`);
  if (!config.logPretty || process.stdout.isTTY) console.log(`\n  Releasebell is ready: ${url}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
