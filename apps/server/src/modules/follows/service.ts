import {
  type CreateFollowBody,
  type CreditRole,
  DEFAULT_FOLLOW_ROLES,
  ERROR_CODES,
  FOLLOW_MESSAGES,
  FOLLOWS_MAX,
  FOLLOWS_PER_MINUTE,
  type Follow,
  type FollowsAnswer,
  followKindOf,
} from '@releasebell/contract';
import type { FollowRow, FollowTargetRow } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import type { FollowSources } from '../catalog-sync';
import type { WatchlistRepository } from '../watchlist';
import type { FollowsRepository } from './repository';

const HOUR = 3_600_000;
/** A ref fetched this recently is not due for the daily refresh (a little under a day, so each daily run finds it due). */
const REFRESH_AFTER_MS = 20 * HOUR;
/** Refs fetched side by side: the provider clients' token buckets keep the pace under the rate limits. */
const FETCHES_AT_ONCE = 8;
/** The scan for new titles starts this long before the last pass, so a credit written as it ran is seen. */
const SCAN_OVERLAP_MS = HOUR;

/** What a follows pass did: refs asked of their providers, titles put on watchlists, members to tell. */
export interface FollowsSyncResult {
  checked: number;
  newTitles: number;
  told: number;
}

const MESSAGES = {
  refNotFound: /*i18n*/ {
    id: 'error.follows.refNotFound',
    message: 'There is nothing to follow by that ref.',
  },
  notFound: /*i18n*/ { id: 'error.follows.notFound', message: 'Follow not found.' },
};
const refNotFound = () => notFound(ERROR_CODES.followNotFound, MESSAGES.refNotFound);
const followNotFound = () => notFound(ERROR_CODES.followNotFound, MESSAGES.notFound);
const tooManyFollows = () => new HttpError(409, ERROR_CODES.tooManyFollows, FOLLOW_MESSAGES.tooMany);
const MINUTE = 60_000;

function toFollow(follow: FollowRow, target: FollowTargetRow): Follow {
  return {
    id: follow.id,
    kind: target.kind,
    ref: follow.ref,
    name: target.name,
    image: target.image,
    created_at: follow.createdAt.toISOString(),
  };
}

/** The credits a follow brings titles by: a person's chosen roles, a series' seasons, an author's books. */
function rolesOf(body: CreateFollowBody): CreditRole[] {
  const kind = followKindOf(body.ref);
  if (kind === 'person') return [...new Set(body.roles ?? DEFAULT_FOLLOW_ROLES)];
  return [kind === 'series' ? 'series' : 'author'];
}

export function createFollowsService(deps: {
  repo: FollowsRepository;
  sources: FollowSources;
  watchlist: Pick<WatchlistRepository, 'addMany'>;
  clock: Clock;
  /** Counts new follows per member (FOLLOWS_PER_MINUTE), in the database so it holds across processes. */
  limiter: Pick<RateLimiter, 'hitWindow'>;
}) {
  const { repo, sources, watchlist, clock, limiter } = deps;

  /**
   * Counts one try at a new follow of the member (one that finds nothing counts too: it may have
   * cost a provider call); past FOLLOWS_PER_MINUTE it is refused. Here, not only on the route, so
   * that an import's apply (many follows in one request) counts the same.
   */
  async function countNewFollow(userId: string): Promise<void> {
    const { count, resetsAt } = await limiter.hitWindow(`follow:${userId}`, MINUTE);
    if (count <= FOLLOWS_PER_MINUTE) return;
    const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - clock().getTime()) / 1000));
    throw new HttpError(429, ERROR_CODES.rateLimited, FOLLOW_MESSAGES.tooFast, undefined, {
      'retry-after': String(seconds),
    });
  }

  /**
   * The ref's row, asking its provider first when nobody follows it yet or this follow wants a
   * person's credits nobody fetched. A provider that does not answer here (the demo catalog, no key)
   * leaves the catalog's own view of the ref.
   */
  async function targetFor(ref: string, roles: CreditRole[], known?: string): Promise<FollowTargetRow> {
    const stored = await repo.target(ref);
    const followed = stored ? await repo.followedRoles(ref) : [];
    if (stored && roles.every((r) => followed.includes(r))) return stored;
    const name = stored?.name ?? (await repo.creditedName(ref)) ?? known;
    const fetched = await sources.fetch(ref, { name, roles: [...new Set([...followed, ...roles])] });
    if (fetched === 'unknown') throw refNotFound();
    const now = clock();
    if (fetched === 'offline') {
      if (!name) throw refNotFound();
      if (!stored)
        await repo.saveTarget(
          ref,
          { kind: followKindOf(ref), name, image: await repo.latestImage(ref) },
          now,
          null,
        );
    } else {
      const { found } = fetched;
      await repo.saveTarget(ref, { ...found, image: found.image ?? (await repo.latestImage(ref)) }, now, now);
    }
    const saved = await repo.target(ref);
    if (!saved) throw refNotFound();
    return saved;
  }

  /** Puts the titles credited to followed refs since `creditedSince` (all, when null) on the followers' watchlists. */
  async function addFound(creditedSince: Date | null): Promise<Omit<FollowsSyncResult, 'checked'>> {
    const now = clock();
    const found = await repo.titlesToAdd({ today: toIsoDate(now), found: { creditedSince } });
    // One transaction per member, whatever the number of their follows.
    const byMember = new Map<string, typeof found>();
    for (const row of found) {
      const titles = byMember.get(row.userId);
      if (titles) titles.push(row);
      else byMember.set(row.userId, [row]);
    }
    let newTitles = 0;
    let told = 0;
    for (const [userId, titles] of byMember) {
      const added = await watchlist.addMany(userId, titles, now);
      newTitles += added.length;
      if (added.length > 0) told += 1;
    }
    return { newTitles, told };
  }

  return {
    /**
     * Follows a ref and puts its titles still to come on the watchlist (not announced: the member just
     * chose them). Following it again answers the same follow, `created` false. A new follow past
     * FOLLOWS_MAX is a 409, past FOLLOWS_PER_MINUTE a 429.
     */
    async follow(
      userId: string,
      body: CreateFollowBody,
      /** The ref's name when the caller knows it and the catalog may not (an import's suggested author). */
      knownName?: string,
    ): Promise<{ created: boolean; follow: Follow & { added: number } }> {
      const existing = await repo.findByRef(userId, body.ref);
      const roles = rolesOf(body);
      if (!existing) {
        // Checked before the provider is asked: a refused follow costs it nothing. The cap is
        // checked again, under a lock, when the follow is written.
        if ((await repo.countOf(userId)) >= FOLLOWS_MAX) throw tooManyFollows();
        await countNewFollow(userId);
      }
      const target = existing ? await repo.target(body.ref) : await targetFor(body.ref, roles, knownName);
      if (existing && target) return { created: false, follow: { ...toFollow(existing, target), added: 0 } };
      if (!target) throw refNotFound();
      const now = clock();
      const row = await repo.insert({ userId, ref: body.ref, roles, createdAt: now }, FOLLOWS_MAX);
      if (row === 'full') throw tooManyFollows();
      if (!row) {
        const raced = await repo.findByRef(userId, body.ref);
        if (!raced) throw refNotFound();
        return { created: false, follow: { ...toFollow(raced, target), added: 0 } };
      }
      const titles = await repo.titlesToAdd({ today: toIsoDate(now), followId: row.id });
      const added = await watchlist.addMany(
        userId,
        titles.map((t) => ({ ...t, followId: row.id })),
        now,
      );
      return { created: true, follow: { ...toFollow(row, target), added: added.length } };
    },

    async list(userId: string): Promise<FollowsAnswer> {
      const rows = await repo.list(userId, toIsoDate(clock()));
      return { follows: rows.map((r) => ({ ...toFollow(r.follow, r.target), upcoming: r.upcoming })) };
    },

    /**
     * One pass of the follows sync: asks the providers for the followed refs (`changes`: those TMDB's
     * feeds list since `since`; `refresh`: those not fetched for most of a day; `all`: every one), each
     * once however many members follow it, then puts every title found since on its followers'
     * watchlists (the notification planner tells them). `since` is the last pass's start, if any.
     */
    async sync(mode: 'changes' | 'refresh' | 'all', since: Date | null): Promise<FollowsSyncResult> {
      const now = clock();
      // The feeds only matter when someone follows something; what they cannot tell (a first run, a
      // gap longer than they reach) the daily refresh does.
      const changed =
        mode === 'changes' && since && (await repo.anyFollowed())
          ? await sources.changedRefs(since, now)
          : null;
      const targets =
        mode === 'changes'
          ? changed
            ? await repo.followedTargets({ refs: changed })
            : []
          : await repo.followedTargets({
              checkedBefore:
                mode === 'all' ? new Date(now.getTime() + 1) : new Date(now.getTime() - REFRESH_AFTER_MS),
            });
      let checked = 0;
      const queue = [...targets];
      const workers = Array.from({ length: Math.min(FETCHES_AT_ONCE, queue.length) }, async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          const fetched = await sources.fetch(t.ref, { name: t.name, roles: t.roles });
          if (fetched === 'offline') continue;
          checked += 1;
          const at = clock();
          if (fetched === 'unknown') await repo.markChecked(t.ref, at);
          else {
            const image = fetched.found.image ?? (await repo.latestImage(t.ref));
            await repo.saveTarget(t.ref, { ...fetched.found, image }, at, at);
          }
        }
      });
      await Promise.all(workers);
      await sources.settle();
      return { checked, ...(await addFound(since && new Date(since.getTime() - SCAN_OVERLAP_MS))) };
    },

    /** Ends a follow; what it added stays on the watchlist. */
    async unfollow(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw followNotFound();
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
