import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';

/**
 * How many pages one address may have the server draw a minute (a token bucket per address). Kept
 * pages cost nothing and do not count; past the budget a page goes out for the browser to draw, so a
 * client asking for endless new addresses (a search per request, a new language each time) cannot
 * keep the server's CPU busy drawing. At most `maxAddresses` are remembered (the least recent go
 * first), each for a minute: a bucket untouched that long is full again, as a new one is.
 */
export function createRenderBudget({
  perMinute = 60,
  maxAddresses = 10_000,
  clock,
}: {
  perMinute?: number;
  maxAddresses?: number;
  clock: Clock;
}): (address: string) => boolean {
  const buckets = new LRUCache<string, { tokens: number; at: number }>({
    max: maxAddresses,
    ttl: 60_000,
    updateAgeOnGet: true,
    ttlResolution: 0,
    perf: { now: () => clock().getTime() },
  });
  return (address) => {
    const now = clock().getTime();
    let bucket = buckets.get(address);
    if (!bucket) {
      bucket = { tokens: perMinute, at: now };
      buckets.set(address, bucket);
    }
    bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}
