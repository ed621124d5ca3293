import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { ProviderAuthError } from '../../providers/http/provider-client';
import { createIsbndbProvider } from '../../providers/isbndb/isbndb-provider';
import { CHANGE_FEED_MAX_DAYS, changedIds } from '../../providers/tmdb/tmdb-changes';
import { createTmdbProvider } from '../../providers/tmdb/tmdb-provider';
import type { MetadataProvider, NormalisedItem } from '../../providers/types';
import { type CatalogRepository, type IngestResult, ingest, upsertItems } from '../catalog';
import type { CatalogProviders } from './providers';
import type { KnownTitle, SyncRepository } from './repository';

/** The pg-boss queue of the sync's ticks, and how often a tick looks for due tasks. */
export const SYNC_QUEUE = 'catalog-sync-tick';
export const SYNC_CHECK_SECONDS = 60;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Titles out for longer than this are refreshed monthly; dates of newer ones still move. */
const SETTLED_AFTER_DAYS = 30;

/**
 * What the catalog sync does and how often, counted from the start of the last run that succeeded.
 * In this order: the first start fills the catalog from the lists before anything else.
 */
export const SYNC_TASKS = [
  { name: 'tmdb-lists', provider: 'tmdb', everyMs: 6 * HOUR, fills: true },
  { name: 'isbndb-lists', provider: 'isbndb', everyMs: DAY, fills: true },
  { name: 'tmdb-changes', provider: 'tmdb', everyMs: HOUR, fills: false },
  { name: 'tracked-recent', provider: null, everyMs: DAY, fills: false },
  { name: 'isbndb-unpublished', provider: 'isbndb', everyMs: DAY, fills: false },
  { name: 'tracked-older', provider: null, everyMs: 30 * DAY, fills: false },
  // Open content requests, searched for again (a new one is searched for right after it is made).
  { name: 'requests', provider: null, everyMs: DAY, fills: false },
  // Followed series and people TMDB's change feeds list, then every followed ref daily (ADR 014).
  { name: 'follows-changes', provider: 'tmdb', everyMs: HOUR, fills: false },
  { name: 'follows-refresh', provider: null, everyMs: DAY, fills: false },
  // Where to watch: each pass looks at the titles due a look (tracked daily, near release every 3 hours).
  { name: 'watch-offers', provider: 'tmdb', everyMs: 15 * MINUTE, fills: false },
] as const;
export type SyncTaskName = (typeof SYNC_TASKS)[number]['name'];

/** A failed run is tried again after this long (or its own interval, if shorter). */
const RETRY_AFTER_MS = 10 * MINUTE;
/** How long a run's lease lasts; it is renewed every third of it while the run goes on. */
const SYNC_LEASE_MS = 5 * MINUTE;

/** What a follows pass did: refs fetched, titles put on watchlists, members to tell. */
export interface FollowsPass {
  checked: number;
  newTitles: number;
  told: number;
}

/** What a run did: the pipeline's counts, how many content requests it resolved, or a follows pass. */
/** The sync's tasks that belong to other modules: the requests and follows plug theirs in. */
export interface SyncHandlers {
  /** Searches the providers for the open content requests; answers how many it resolved. */
  resolveRequests?: () => Promise<number>;
  /** A follows pass (`since`: the start of the task's last successful run). */
  syncFollows?: (mode: 'changes' | 'refresh', since: Date | null) => Promise<FollowsPass>;
  /** An availability pass over the titles due a look: how many it looked at, how many offers are new. */
  syncAvailability?: () => Promise<{ checked: number; newOffers: number }>;
}

export type SyncResult =
  | IngestResult
  | { resolved: number }
  | FollowsPass
  | { checked: number; newOffers: number };

export interface SyncOutcome {
  task: SyncTaskName;
  result: SyncResult;
}

/**
 * Keeps the catalog fresh from the configured providers. `runDue` runs every task that has fallen
 * due and that this process can lease; the leases live in the database (`sync_tasks`), so several
 * processes share the work and none runs a task another is running, and a run whose process died is
 * taken up again when its lease runs out. A refused key stops that provider's sync in this process
 * (one clear log line naming the variable) and the app goes on serving the catalog it has.
 */
export function createCatalogSync(options: {
  repo: SyncRepository;
  catalog: CatalogRepository;
  providers: CatalogProviders;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Pages of each TMDB list per run (20 titles a page). */
  listPages?: number;
  /** Pages of ISBNdb's books-by-year search per year (100 books a page). */
  bookPages?: number;
  /** The tasks other modules run on the sync's schedule (they may also be handed in later: `handle`). */
  handlers?: SyncHandlers;
  /** Renews a lease while a run goes on; tests pass a no-op. */
  every?: (ms: number, fn: () => void) => () => void;
}) {
  const { repo, catalog, providers, clock, log } = options;
  const handlers: SyncHandlers = { ...options.handlers };
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const refused = new Set<string>();
  const every =
    options.every ??
    ((ms, fn) => {
      const timer = setInterval(fn, ms);
      return () => clearInterval(timer);
    });

  const usable = (provider: 'tmdb' | 'isbndb') => providers[provider] !== null && !refused.has(provider);
  const configured = (provider: 'tmdb' | 'isbndb' | null) =>
    provider === null ? usable('tmdb') || usable('isbndb') : usable(provider);

  const pipe = <Raw>(provider: MetadataProvider<Raw>) => ingest(catalog, provider, { at: clock });
  const sum = (results: IngestResult[]): IngestResult =>
    results.reduce(
      (a, b) => ({
        received: a.received + b.received,
        inserted: a.inserted + b.inserted,
        updated: a.updated + b.updated,
        dateChanges: a.dateChanges + b.dateChanges,
      }),
      { received: 0, inserted: 0, updated: 0, dateChanges: 0 },
    );
  const missing = (providerId: string) => log.info({ providerId }, 'the provider no longer knows this title');

  /** Asks each title's provider for it again (a title a provider lost is kept as it is). */
  async function refresh(titles: KnownTitle[]): Promise<IngestResult> {
    const results: IngestResult[] = [];
    const movies: number[] = [];
    const seasons: { series: number; season: number }[] = [];
    const works: KnownTitle[] = [];
    for (const t of titles) {
      const movie = /^tmdb:movie:(\d+)$/.exec(t.providerId);
      const season = /^tmdb:tv:(\d+):(\d+)$/.exec(t.providerId);
      if (movie) movies.push(Number(movie[1]));
      else if (season) seasons.push({ series: Number(season[1]), season: Number(season[2]) });
      else if (t.providerId.startsWith('isbndb:')) works.push(t);
    }
    if (providers.tmdb && usable('tmdb') && movies.length + seasons.length > 0) {
      const { client, settings } = providers.tmdb;
      results.push(
        await pipe(
          createTmdbProvider(client, settings, { movies, seasons, onMissing: missing, today: clock }),
        ),
      );
    }
    if (providers.isbndb && usable('isbndb') && works.length > 0) {
      const { client, imageBaseUrl } = providers.isbndb;
      results.push(await pipe(createIsbndbProvider(client, { works, imageBaseUrl, onMissing: missing })));
    }
    return sum(results);
  }

  async function tmdbChanges(lastSuccess: Date | null, now: Date): Promise<IngestResult> {
    const tmdb = providers.tmdb;
    // Never read before: the lists run that filled the catalog is the starting point.
    if (!tmdb || !lastSuccess) return sum([]);
    if (now.getTime() - lastSuccess.getTime() > CHANGE_FEED_MAX_DAYS * DAY) {
      log.info(
        { since: lastSuccess.toISOString() },
        'change feed gap over 14 days: refreshing every tracked title',
      );
      return refresh(await repo.allTrackedTitles());
    }
    const movieIds = await changedIds(tmdb.client, 'movie', lastSuccess, now);
    const seriesIds = await changedIds(tmdb.client, 'tv', lastSuccess, now);
    const known = [...(await catalog.existingByProviderId(movieIds.map((id) => `tmdb:movie:${id}`))).keys()];
    const seasons = await repo.seasonsOf(seriesIds);
    return refresh([...known, ...seasons].map((providerId) => ({ providerId, title: '' })));
  }

  async function perform(task: SyncTaskName, lastSuccess: Date | null, now: Date): Promise<SyncResult> {
    const today = toIsoDate(now);
    switch (task) {
      case 'tmdb-lists': {
        if (!providers.tmdb) return sum([]);
        const { client, settings } = providers.tmdb;
        return pipe(
          createTmdbProvider(client, settings, { listPages: options.listPages ?? 5, today: clock }),
        );
      }
      case 'isbndb-lists': {
        if (!providers.isbndb) return sum([]);
        const { client, imageBaseUrl } = providers.isbndb;
        // Books out this year and next: the ones worth tracking.
        const year = now.getUTCFullYear();
        return pipe(
          createIsbndbProvider(client, {
            years: [String(year), String(year + 1)],
            pages: options.bookPages ?? 2,
            imageBaseUrl,
          }),
        );
      }
      case 'tmdb-changes':
        return tmdbChanges(lastSuccess, now);
      case 'tracked-recent':
        return refresh(await repo.trackedTitles('recent', today, SETTLED_AFTER_DAYS));
      case 'tracked-older':
        return refresh(await repo.trackedTitles('older', today, SETTLED_AFTER_DAYS));
      case 'isbndb-unpublished':
        return refresh(await repo.unpublishedBooks(today));
      case 'requests':
        return { resolved: (await handlers.resolveRequests?.()) ?? 0 };
      case 'follows-changes':
        return (
          (await handlers.syncFollows?.('changes', lastSuccess)) ?? { checked: 0, newTitles: 0, told: 0 }
        );
      case 'follows-refresh':
        return (
          (await handlers.syncFollows?.('refresh', lastSuccess)) ?? { checked: 0, newTitles: 0, told: 0 }
        );
      case 'watch-offers':
        return (await handlers.syncAvailability?.()) ?? { checked: 0, newOffers: 0 };
    }
  }

  /** Runs `task` if it is due and free; answers what it did, or null when it did not run. */
  async function runTask(task: (typeof SYNC_TASKS)[number]): Promise<SyncOutcome | null> {
    const now = clock();
    const claimed = await repo.claim(task.name, owner, {
      now,
      dueBefore: new Date(now.getTime() - task.everyMs),
      retryBefore: new Date(now.getTime() - Math.min(task.everyMs, RETRY_AFTER_MS)),
      leaseUntil: new Date(now.getTime() + SYNC_LEASE_MS),
    });
    if (!claimed) return null;
    const stopRenewing = every(SYNC_LEASE_MS / 3, () => {
      void repo
        .renew(task.name, owner, new Date(clock().getTime() + SYNC_LEASE_MS))
        .catch((err) => log.warn({ err, task: task.name }, 'could not renew a sync lease'));
    });
    const started = performance.now();
    try {
      const result = await perform(task.name, claimed.lastSuccessAt, now);
      await repo.finish(task.name, owner, { startedAt: now, error: null });
      log.info(
        { task: task.name, ...result, ms: Math.round(performance.now() - started) },
        'catalog sync ran',
      );
      return { task: task.name, result };
    } catch (err) {
      const message = (err as Error).message;
      await repo.finish(task.name, owner, { startedAt: now, error: message });
      if (err instanceof ProviderAuthError) {
        refused.add(err.provider === 'TMDB' ? 'tmdb' : 'isbndb');
        log.error(`${message} The catalog sync from this provider has stopped; the app goes on serving.`);
      } else {
        log.warn(
          { err, task: task.name },
          'catalog sync failed; the catalog is unchanged and the task will be tried again',
        );
      }
      return null;
    } finally {
      stopRenewing();
    }
  }

  return {
    /** Hands in another module's tasks (the sync runs them when they fall due). */
    handle(more: SyncHandlers) {
      Object.assign(handlers, more);
    },
    /** Runs every task that is due and free, in order; answers what ran. Ticks and tests call it. */
    async runDue(): Promise<SyncOutcome[]> {
      const ran: SyncOutcome[] = [];
      for (const task of SYNC_TASKS) {
        if (!configured(task.provider)) continue;
        const outcome = await runTask(task);
        if (outcome) ran.push(outcome);
      }
      return ran;
    },
    /** Titles named by provider id, asked for again now. */
    refresh,
    /**
     * `filling` while a configured provider's lists have never been read in full (a first start), in
     * every process alike: the state is the database's.
     */
    async state(): Promise<'filling' | 'ready'> {
      const rows = await repo.tasks();
      const done = new Set(rows.filter((r) => r.lastSuccessAt !== null).map((r) => r.task));
      const waiting = SYNC_TASKS.filter((t) => t.fills && configured(t.provider) && !done.has(t.name));
      return waiting.length > 0 ? 'filling' : 'ready';
    },
  };
}
export type CatalogSync = ReturnType<typeof createCatalogSync>;
/** What a provider search found (live search, a content request), put in the catalog. */
export interface SyncImporter {
  importItems(items: NormalisedItem[]): Promise<void>;
}

/** Items a provider search found, through the pipeline (each provider's as its own source). */
export function createFoundItemsImporter(catalog: CatalogRepository, clock: Clock): SyncImporter {
  return {
    async importItems(items) {
      const at = clock();
      for (const source of ['tmdb', 'isbndb']) {
        const mine = items.filter((i) => i.providerId.startsWith(`${source}:`));
        if (mine.length > 0) await upsertItems(catalog, mine, { source, at });
      }
    },
  };
}
