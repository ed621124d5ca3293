import { Worker } from 'node:worker_threads';

/**
 * Runs on a thread of its own, so it keeps time even while the main thread is stuck (a synchronous
 * loop, a blocking write): when the deadline passes it tries to say so on stderr without waiting for
 * it (fs.write runs on libuv's thread pool) and kills the process. Plain JavaScript, so it runs the same
 * from the TypeScript sources and from the bundle.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
setTimeout(() => {
  const kill = () => process.kill(workerData.pid, 'SIGKILL');
  setTimeout(kill, 200);
  const line = JSON.stringify({ level: 50, time: Date.now(), pid: workerData.pid, msg: workerData.message }) + '\\n';
  try { fs.write(2, line, kill); } catch { kill(); }
}, workerData.ms);
`;

/**
 * Ends the process with SIGKILL `ms` from now unless it has exited by then. Call it when a shutdown
 * starts. The worker does not keep the process alive, and exiting normally stops it. Returns false if
 * the worker could not be started (the caller's own timer is then all there is).
 */
export function armShutdownWatchdog(ms: number): boolean {
  try {
    const worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      workerData: {
        pid: process.pid,
        ms,
        message: `shutdown did not finish within ${ms} ms: killing the process`,
      },
      // Nothing of the main thread's environment or stdio is needed.
      env: {},
      stdout: true,
      stderr: true,
    });
    // A failure of the watchdog itself must not become the main thread's uncaught exception.
    worker.on('error', () => {});
    worker.unref();
    return true;
  } catch {
    return false;
  }
}
