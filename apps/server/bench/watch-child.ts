/**
 * The availability sync of the watch benchmark (bench/watch.ts), alone in a process of its own so
 * that its peak memory is its own (the fake TMDB runs in the benchmark's process).
 *
 * WATCH_MODE=idle: opens the embedded database in DATA_DIR (creating it if the directory is empty),
 * migrates it, closes it: the same process, the same code loaded, doing nothing else.
 * WATCH_MODE=sync, between opening and closing, does one step (WATCH_STEP):
 * - `seed`: writes the catalog rows of the movies listed in WATCH_PLAN_FILE (`tmdb:movie:<id>`), the
 *   members, their services (`member_services`, `member_service_providers`) and their watchlists (each
 *   title tracked once), then `analyze media_items` as ingest does after writing items;
 * - `pass`: times one availability pass over every tracked title (`syncAvailability('tracked')`, as
 *   `npm run watch:sync` runs it: the repository, the service and `createCatalogProviders(config)`'s
 *   TMDB client) against the TMDB at TMDB_API_URL (TMDB_API_TOKEN);
 * - `resync`: the same pass again, its client paced at WATCH_CLIENT_RPS (a check of what the pass
 *   finds new, not a timing), and the offers the database then holds as new.
 * Prints one line `{"result":{…}}` on stdout.
 */
import { readFileSync } from 'node:fs';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import {
  mediaItems,
  memberServiceProviders,
  memberServices,
  titleOffers,
  titleWatch,
  userProfiles,
  users,
  watchlistEntries,
} from '../src/db/schema';
import { createCatalogProviders } from '../src/modules/catalog-sync';
import { createWatchRepository, createWatchService } from '../src/modules/watch';
import type { WatchRepository } from '../src/modules/watch/repository';
import { createTmdbClient, TMDB_REQUESTS_PER_SECOND } from '../src/providers/tmdb/tmdb-provider';
import { log, type MeasuredResult, mb, runMeasuredChild, seconds } from './child-runner';

/** What the benchmark made on the fake and asks the child to write. */
export interface WatchPlan {
  /** The fake's movies, in the order members track them (10 a member). */
  titles: { id: number; title: string }[];
  /** Each member's services: a country and TMDB provider ids. */
  members: { region: string; providerIds: number[]; includeRentBuy: boolean }[];
  titlesPerMember: number;
}

/** Database time of the pass, by repository call, seconds. */
export interface WatchTimings {
  /** `watchedPairs`: the (country, service) pairs members have, read once. */
  pairs: number;
  /** `titlesToCheck`: the next 200 tracked titles, read once a round. */
  titles: number;
  /** `saveOffers` (one transaction per 20 titles) and `markChecked`. */
  offers: number;
  /** `saveProviders` and `saveKinds` (the services' names, and the kinds seen where). */
  providers: number;
  /** Calls of each. */
  calls: { pairs: number; titles: number; offers: number; providers: number };
}

export interface WatchChildResult extends MeasuredResult<'sync'> {
  step?: 'seed' | 'pass' | 'resync';
  /** seed: what was written, and how long it took (not part of any figure), seconds. */
  titles?: number;
  members?: number;
  services?: number;
  watchlistEntries?: number;
  setupSeconds?: number;
  /** pass, resync: what the pass answered, and its time from its first query to its answer. */
  checked?: number;
  newOffers?: number;
  passSeconds?: number;
  timings?: WatchTimings;
  /** Rows afterwards: `title_watch`, `title_offers` (and those with a since: new, still there). */
  titleWatchRows?: number;
  titleOfferRows?: number;
  newOfferRows?: number;
  /** The distinct (country, service) pairs members have. */
  watchedPairs?: number;
  /** HTTP statuses the client received, retries included. */
  statuses?: Record<string, number>;
  clientRequestsPerSecond?: number;
  /** Resident memory as the pass went, MB. */
  rssSamples?: { checked: number; seconds: number; rssMb: number }[];
}

/** Rows per insert statement. */
const CHUNK = 1000;

await runMeasuredChild('WATCH_MODE', 'sync', async (database, statuses) => {
  const step = process.env.WATCH_STEP;
  const { db } = database;
  const count = async (table: typeof titleWatch | typeof titleOffers | typeof watchlistEntries) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

  if (step === 'seed') {
    const planFile = process.env.WATCH_PLAN_FILE;
    if (!planFile) throw new Error('WATCH_PLAN_FILE is required');
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as WatchPlan;
    const setup = performance.now();
    const at = new Date(Date.now() - 86_400_000);
    const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
    };
    const itemIds: string[] = [];
    await inChunks(plan.titles, async (chunk) => {
      const rows = await db
        .insert(mediaItems)
        .values(
          chunk.map(({ id, title }) => ({
            providerId: `tmdb:movie:${id}`,
            mediaType: 'movies' as const,
            title,
            slug: `${title.toLowerCase().replaceAll(' ', '-')}-${id}`,
            searchText: title.toLowerCase(),
            trackersCount: 1,
          })),
        )
        .returning({ id: mediaItems.id });
      itemIds.push(...rows.map((r) => r.id));
    });
    const memberIds = plan.members.map((_, i) => `bench-member-${i}`);
    await inChunks(memberIds, (ids) =>
      db.insert(users).values(ids.map((id) => ({ id, email: `${id}@bench.example`, name: id }))),
    );
    await inChunks(
      plan.members.map((m, i) => ({ m, id: memberIds[i]! })),
      (chunk) =>
        db
          .insert(userProfiles)
          .values(
            chunk.map(({ m, id }) => ({ userId: id, username: id.replaceAll('-', '_'), region: m.region })),
          ),
    );
    await inChunks(
      plan.members.map((m, i) => ({ m, id: memberIds[i]! })),
      (chunk) =>
        db.insert(memberServices).values(
          chunk.map(({ m, id }) => ({
            userId: id,
            region: m.region,
            includeRentBuy: m.includeRentBuy,
            regionSince: at,
            rentBuySince: m.includeRentBuy ? at : null,
            updatedAt: at,
          })),
        ),
    );
    const services = plan.members.flatMap((m, i) =>
      m.providerIds.map((providerId) => ({ userId: memberIds[i]!, providerId, addedAt: at })),
    );
    await inChunks(services, (chunk) => db.insert(memberServiceProviders).values(chunk));
    await inChunks(
      itemIds.map((itemId, i) => ({
        userId: memberIds[Math.floor(i / plan.titlesPerMember)]!,
        itemId,
        mediaType: 'movies' as const,
        addedAt: at,
      })),
      (chunk) => db.insert(watchlistEntries).values(chunk),
    );
    // As ingest does after writing items (catalog repository's analyze).
    await db.execute(sql`analyze media_items`);
    const setupSeconds = seconds(performance.now() - setup);
    log(
      `watch: ${itemIds.length} titles, ${memberIds.length} members with ${services.length} services, their watchlists written in ${setupSeconds} s`,
    );
    return {
      step,
      titles: itemIds.length,
      members: memberIds.length,
      services: services.length,
      watchlistEntries: await count(watchlistEntries),
      setupSeconds,
    } satisfies Partial<WatchChildResult>;
  }

  if (step !== 'pass' && step !== 'resync')
    throw new Error(`WATCH_STEP must be seed, pass or resync: ${step}`);
  const config = loadConfig({
    TMDB_API_TOKEN: process.env.TMDB_API_TOKEN,
    TMDB_API_URL: process.env.TMDB_API_URL,
  });
  if (!config.tmdb) throw new Error('TMDB_API_TOKEN and TMDB_API_URL are required');
  // The pass as watch:sync builds it; the check pass at a pace of its own.
  const clientRps = step === 'resync' ? Number(process.env.WATCH_CLIENT_RPS) : TMDB_REQUESTS_PER_SECOND;
  const tmdb =
    step === 'resync'
      ? createTmdbClient(config.tmdb, clientRps)
      : (createCatalogProviders(config).tmdb?.client ?? null);

  // The repository's calls timed (they run one at a time: the pass awaits each), and titles counted.
  const repo = createWatchRepository(db);
  const spent = { pairs: 0, titles: 0, offers: 0, providers: 0 };
  const calls = { pairs: 0, titles: 0, offers: 0, providers: 0 };
  let checked = 0;
  const timed =
    <A extends unknown[], R>(what: keyof typeof spent, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t = performance.now();
      try {
        return await call(...args);
      } finally {
        spent[what] += performance.now() - t;
        calls[what] += 1;
      }
    };
  const timedRepo: WatchRepository = {
    ...repo,
    watchedPairs: timed('pairs', repo.watchedPairs),
    titlesToCheck: timed('titles', repo.titlesToCheck),
    saveOffers: timed('offers', (answers: Parameters<WatchRepository['saveOffers']>[0], pairs, now) => {
      checked += answers.length;
      return repo.saveOffers(answers, pairs, now);
    }),
    markChecked: timed('offers', (itemIds: string[], now: Date) => {
      checked += itemIds.length;
      return repo.markChecked(itemIds, now);
    }),
    saveProviders: timed('providers', repo.saveProviders),
    saveKinds: timed('providers', repo.saveKinds),
  };
  const service = createWatchService({
    repo: timedRepo,
    tmdb,
    clock: () => new Date(),
    defaultRegion: config.defaultRegion,
    log: { warn: (_details, message) => log(`watch: ${message}`) },
  });
  const pairs = (await repo.watchedPairs()).size;
  const tracked = await count(watchlistEntries);

  const samples: NonNullable<WatchChildResult['rssSamples']> = [];
  const started = performance.now();
  const sample = () => {
    const rssMb = mb(process.memoryUsage.rss());
    const elapsed = seconds(performance.now() - started);
    samples.push({ checked, seconds: elapsed, rssMb });
    return { rssMb, elapsed };
  };
  const ticker = setInterval(() => {
    const { rssMb, elapsed } = sample();
    log(
      `watch ${step}: ${checked}/${tracked} titles, ${(checked / elapsed).toFixed(1)}/s, RSS ${rssMb} MB, 429s so far ${statuses[429] ?? 0}`,
    );
  }, 10_000);
  const pass = await service.syncAvailability('tracked').finally(() => clearInterval(ticker));
  const ended = performance.now();
  sample();
  const [fresh] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(titleOffers)
    .where(and(isNotNull(titleOffers.since), isNull(titleOffers.goneAt)));
  const s = (ms: number) => seconds(ms);
  return {
    step,
    ...pass,
    passSeconds: seconds(ended - started),
    timings: {
      pairs: s(spent.pairs),
      titles: s(spent.titles),
      offers: s(spent.offers),
      providers: s(spent.providers),
      calls,
    },
    titleWatchRows: await count(titleWatch),
    titleOfferRows: await count(titleOffers),
    newOfferRows: fresh?.n ?? 0,
    watchedPairs: pairs,
    statuses,
    clientRequestsPerSecond: clientRps,
    rssSamples: samples,
  } satisfies Partial<WatchChildResult>;
});
