/**
 * Keeps `process.nextTick` at its normal cost for the life of the process.
 *
 * Node's `nextTick` makes a tick object with an object literal (`{ [async_id_symbol],
 * [trigger_async_id_symbol], callback, args }`). V8 remembers the hidden class each of its computed
 * properties met, weakly, and the runtime function that records it goes straight from "one hidden
 * class" to "any hidden class" (megamorphic, for good) when it meets another one. A full garbage
 * collection while no tick object is alive frees those hidden classes; the next tick object gets new
 * ones, and from then on every `nextTick` defines its properties through the runtime: about 200 ns
 * instead of 30 on this machine. The app's start (PGlite and its extensions, the migrations) runs
 * several full collections between ticks, so it happened in every server process, and Node's HTTP
 * server calls `nextTick` about ten times per request: about 2 µs of every cached answer (about a
 * tenth of its CPU time).
 *
 * Holding one tick object keeps its hidden classes alive, so that feedback keeps its one hidden class.
 * The only public way to see a tick object is an async hook's `init`: one is enabled for a single
 * `nextTick` call, synchronously, and disabled again (async hooks cost nothing once none is enabled).
 * Call this early, before the database is opened.
 */
import { createHook } from 'node:async_hooks';

let kept: object | null = null;

/** Idempotent; returns whether a tick object is held (false where async hooks cannot give one). */
export function keepNextTickFast(): boolean {
  if (kept) return true;
  try {
    let seen: object | null = null;
    const hook = createHook({
      init(_asyncId, type, _triggerAsyncId, resource) {
        if (type === 'TickObject' && seen === null) seen = resource as object;
      },
    });
    hook.enable();
    try {
      process.nextTick(noop);
    } finally {
      hook.disable();
    }
    kept = seen;
  } catch {
    // Async hooks gone or restricted: nextTick keeps working, maybe at the slower cost.
  }
  return kept !== null;
}

function noop() {}
