/**
 * Runs `task` once the browser is idle after the first paint (at the latest after `timeoutMs`), so
 * what the first screen does not need stays off its critical path. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: soon after, in a task of its own.
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * Resolves in a later task, so the browser may draw and take input in between: one long start split
 * into short ones. A message, not a timer, which a background tab would hold back for a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
