import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { flushLogs, reportDroppedLogLines } from './logger';
import { armShutdownWatchdog } from './shutdown-watchdog';

/** A stop takes at most this long from the signal, whatever the main thread is doing. */
const SHUTDOWN_DEADLINE_MS = 10_000;
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
      const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
      // The deadline holds even if the main thread gets stuck from here on: a worker thread keeps it.
      const watchdog = armShutdownWatchdog(SHUTDOWN_DEADLINE_MS);
      const selfExitAt = deadline - SELF_EXIT_MARGIN_MS;
      setTimeout(() => {
        // Said, or a stop that ends with code 1 leaves no trace of why.
        app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'the stop did not finish in time: exiting');
        void flushLogs(SELF_EXIT_MARGIN_MS / 2).then(() => process.exit(1));
      }, selfExitAt - Date.now()).unref();
      app.log.info({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutting down');
      if (!watchdog)
        app.log.warn('the shutdown watchdog could not start: the deadline relies on this thread');
      // Stop taking connections, finish in-flight requests, close the database; then give the logs
      // written so far until shortly before the deadline to reach their reader (never blocking).
      const exit = (code: number) => flushLogs(selfExitAt - 100 - Date.now()).then(() => process.exit(code));
      app.close().then(
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
