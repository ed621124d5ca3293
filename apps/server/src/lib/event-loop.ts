/**
 * Lets the event loop take what is waiting (requests, timers) before going on. Embedded PGlite runs
 * every query on this thread and settles its promises at once, so a long run of awaited queries would
 * otherwise never give way: long jobs call this between their steps.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
