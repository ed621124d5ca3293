import { type Clock, systemClock } from '../lib/clock';
import type { RateLimiter } from './rate-limiter';

type Answer = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Answer) => void;
/** What `child` is given at run time: the route's merged limit options, the route among them. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** How many callers a route's own counters remember (a flood of addresses forgets the oldest). */
const LOCAL_KEYS = 5000;

/**
 * A store for `@fastify/rate-limit` on the database's counters, so a route's limit holds across every
 * instance. Each process also counts for itself: once a caller is over the limit here, it is refused
 * without asking the database, so a flood costs the database at most `max` writes a window.
 */
export function routeLimitStore(limiter: RateLimiter, clock: Clock = systemClock) {
  return class RouteLimitStore {
    private readonly local = new Map<string, { count: number; endsAt: number }>();

    constructor(
      _params?: unknown,
      private readonly route = 'any',
    ) {}

    child(params: object): RouteLimitStore {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      const name = url ? `${[method ?? ''].flat().join(',')} ${url}` : 'unknown';
      return new RouteLimitStore(undefined, name);
    }

    incr(ip: string, cb: Callback, timeWindow: number, max: number): void {
      const now = clock().getTime();
      let mine = this.local.get(ip);
      if (!mine || mine.endsAt <= now) {
        if (this.local.size >= LOCAL_KEYS) this.local.delete(this.local.keys().next().value as string);
        mine = { count: 0, endsAt: now + timeWindow };
        this.local.set(ip, mine);
      }
      mine.count++;
      if (mine.count > max) {
        cb(null, { current: mine.count, ttl: mine.endsAt - now });
        return;
      }
      limiter.hitWindow(`route:${this.route}:${ip}`, timeWindow).then(
        ({ count, resetsAt }) => cb(null, { current: count, ttl: Math.max(0, resetsAt.getTime() - now) }),
        (err: Error) => cb(err),
      );
    }
  };
}
