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
