import { LRUCache } from 'lru-cache';

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

export function createTtlCache<V>(
  ttlMs: number,
  { maxEntries = 2000, now = () => Date.now() }: { maxEntries?: number; now?: () => number } = {},
): TtlCache<V> {
  // The load's promise is what is kept, so a second miss while the first loads waits for the same one.
  const entries = new LRUCache<string, Promise<V>>({
    max: maxEntries,
    ttl: Math.max(ttlMs, 1),
    ttlResolution: 0,
    perf: { now },
  });
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit) return hit;
      const value = load();
      entries.set(key, value);
      value.catch(() => {
        if (entries.peek(key) === value) entries.delete(key);
      });
      return value;
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
