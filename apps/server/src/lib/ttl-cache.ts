import { LRUCache } from 'lru-cache';
import { createDoorkeeper } from './doorkeeper';

/**
 * The one in-memory cache for read-mostly answers, on lru-cache: a value lives `ttlMs`; concurrent
 * misses for one key share a single load, so a burst of visitors costs one query; failed loads are
 * never kept; past `maxEntries` the least recently used goes. A TTL of 0 turns it off.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets one key (a value that turned out not worth keeping). */
  delete(key: string): void;
  clear(): void;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /**
   * For this long after a value expires, it is still answered at once while one load in the
   * background replaces it: visitors never wait when a popular answer expires. 0: they wait.
   */
  staleMs?: number;
  now?: () => number;
  /**
   * Keeps a value only from its key's second ask, remembering this many first asks: for keys most of
   * which are asked once (what people type in search), whose values would otherwise push out the
   * popular ones and, kept a while then dropped, leave V8's old space to full collections. A first
   * ask is loaded on its own: concurrent first asks of one key do not share a load.
   */
  keepFromSecondAsk?: number;
}

interface Entry<V> {
  value: Promise<V>;
  freshUntil: number;
  reloading: boolean;
}

export function createTtlCache<V>(
  ttlMs: number,
  { maxEntries = 2000, staleMs = 0, now = () => Date.now(), keepFromSecondAsk }: TtlCacheOptions = {},
): TtlCache<V> {
  const doorkeeper = keepFromSecondAsk ? createDoorkeeper(keepFromSecondAsk) : null;
  // The load's promise is what is kept, so a second miss while the first loads waits for the same one.
  const entries = new LRUCache<string, Entry<V>>({
    max: maxEntries,
    ttl: Math.max(ttlMs + staleMs, 1),
    ttlResolution: 0,
    perf: { now },
  });

  function keep(key: string, value: Promise<V>): Entry<V> {
    const entry = { value, freshUntil: now() + ttlMs, reloading: false };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.peek(key) === entry) entries.delete(key);
    });
    return entry;
  }

  function reload(key: string, stale: Entry<V>, load: () => Promise<V>) {
    stale.reloading = true;
    const value = load();
    // The old value stays until the new one is ready; a failed reload leaves it for the next visitor.
    value.then(
      () => {
        if (entries.peek(key) === stale) keep(key, value);
      },
      () => {
        stale.reloading = false;
      },
    );
  }

  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (!hit) return doorkeeper && !doorkeeper.seenBefore(key) ? load() : keep(key, load()).value;
      if (now() > hit.freshUntil && !hit.reloading) reload(key, hit, load);
      return hit.value;
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
