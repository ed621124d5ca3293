/**
 * A small in-memory cache for read-mostly answers. A value lives `ttlMs`; concurrent misses for one key
 * share a single load, so a burst of visitors costs one query; failed loads are never kept. The
 * oldest entry goes first once `maxEntries` is reached. A TTL of 0 turns it off.
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
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const time = now();
      const hit = entries.get(key);
      if (hit && hit.expires > time) return hit.value;
      entries.delete(key);
      const value = load();
      entries.set(key, { expires: time + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
