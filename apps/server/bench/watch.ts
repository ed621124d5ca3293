import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import { type OfferType, startTmdbFake, WATCH_PROVIDERS, WATCH_REGIONS } from '../test/tmdb-fake';
import { type MemoryFigures, measuredChild, memoryFigures, type SectionOptions } from './child-runner';
import { round } from './stats';
import type { WatchChildResult, WatchPlan, WatchTimings } from './watch-child';

/** TMDB's own limit, about 50 requests per second per IP (developer.themoviedb.org/docs/rate-limiting). */
const TMDB_RATE_LIMIT = 50;
/** Members each track this many titles, every title tracked once. */
const TITLES_PER_MEMBER = 10;
/** The members' countries, in turn. */
const MEMBER_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA'];
/** Their services, in turn within each country: TMDB provider ids listed in all five. */
const SERVICE_SETS: { providerIds: number[]; includeRentBuy: boolean }[] = [
  { providerIds: [8], includeRentBuy: false }, // Netflix
  { providerIds: [8, 9], includeRentBuy: false }, // Netflix, Amazon Prime Video
  { providerIds: [8, 337], includeRentBuy: false }, // Netflix, Disney Plus
  { providerIds: [9, 337, 350], includeRentBuy: false }, // Prime Video, Disney Plus, Apple TV+
  { providerIds: [8, 9, 337, 350], includeRentBuy: false },
  { providerIds: [2, 3, 8], includeRentBuy: true }, // Apple TV and Google Play (rent, buy), Netflix
];
const NETFLIX = 8;
/** Titles of which one gains an offer before the second pass. */
const PLANT_EVERY = 100;
/** The second pass checks what the pass finds new, not its time: TMDB's limit lifted, the client at this pace. */
const CHECK_CLIENT_RPS = 1000;

export interface WatchResult extends MemoryFigures {
  /** Titles tracked (one fake movie each), members (10 titles each), their services. */
  titles: number;
  members: number;
  services: number;
  /** The (country, service) pairs members have: offers kept in `title_offers`. */
  watchedPairs: number;
  database: string;
  /** Building the fake's movies and their offers (not part of any figure), seconds. */
  fakeCatalogSeconds: number;
  /** On the fake: countries with offers per title, offers per title (a type on a service in a country). */
  countriesPerTitle: number;
  offersPerTitle: number;
  /** Writing the catalog rows, members, services and watchlists before the pass (not part of any figure). */
  setupSeconds: number;
  setupPeakRssMb: number;
  /** What the pass answered. */
  checked: number;
  newOffers: number;
  /** The fake's limit (requests in any one-second window) and the client's own pace. */
  rateLimit: number;
  clientRequestsPerSecond: number;
  /** Requests the fake let through per title checked (429s excluded). */
  requestsPerTitle: number;
  /** Titles per second the rate limit allows: rateLimit / requestsPerTitle. The baseline. */
  idealTitlesPerSecond: number;
  /** Titles per second the client's own pace allows: clientRequestsPerSecond / requestsPerTitle. */
  clientPaceTitlesPerSecond: number;
  passSeconds: number;
  titlesPerSecond: number;
  /** titlesPerSecond / idealTitlesPerSecond. */
  ratioToIdeal: number;
  /** Of the pass: the database calls (one at a time), and the rest, asking TMDB (20 titles at once). */
  databaseSeconds: WatchTimings;
  askingTmdbSeconds: number;
  /** Requests the fake received, and the 429s among them. */
  requestsReceived: number;
  tooManyRequests: number;
  statuses: Record<string, number>;
  /** Rows after the pass. */
  titleWatchRows: number;
  titleOfferRows: number;
  /** peakRssMb - idlePeakRssMb: what the pass costs. */
  passRssMb: number;
  rssSamples: NonNullable<WatchChildResult['rssSamples']>;
  /** The second pass, after offers were added at the fake: what it finds new must be what was planted. */
  check: {
    /** Titles that gained a Netflix offer in a members' country, and as many in a country no member has. */
    planted: number;
    plantedElsewhere: number;
    newOffers: number;
    /** `title_offers` rows with a since (new, still there) afterwards. */
    newOfferRows: number;
    correct: boolean;
    checked: number;
    clientRequestsPerSecond: number;
    requestsReceived: number;
    seconds: number;
    titlesPerSecond: number;
    databaseSeconds: WatchTimings;
    peakRssMb: number;
  };
}

/**
 * One availability pass over `titles` tracked titles: a fake TMDB (in this process) holding as many
 * movies, each with offers in 10-30 countries (2-6 a country), limiting requests to TMDB's ~50/s; in a
 * child process of its own, an embedded database with the movies' catalog rows, a member per 10
 * titles (each title tracked once) with services in one of five countries, and the watch service
 * asking TMDB for every tracked title (`syncAvailability('tracked')`, as watch:sync runs it). The
 * rows are written by a child of their own, and the same child only opening that database gives the
 * peak memory without the pass; the empty database is made by a child of its own first, as in
 * bench/sync.ts, so initdb's peak stays out of all of them. Then one title in 100 gains a Netflix
 * offer in a members' country (and one in a country no member has) and a second pass, unpaced, must
 * find exactly the first ones new.
 */
export async function measureWatch(options: SectionOptions & { titles: number }): Promise<WatchResult> {
  const fake = await startTmdbFake();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'releasebell-watch-'));
  const dataDir = path.join(tempDir, 'pgdata');
  const planFile = path.join(tempDir, 'plan.json');
  try {
    // Each country's (service, type) offers for movies, in the country's order.
    const built = performance.now();
    const regions = WATCH_REGIONS.map((r) => r.iso_3166_1);
    const rankIn = (id: number, country: string) =>
      WATCH_PROVIDERS.get(id)?.display_priorities[country] ?? 999;
    const candidates = new Map(
      regions.map((country) => [
        country,
        [...WATCH_PROVIDERS.values()]
          .filter((p) => p.kinds.includes('movie') && p.display_priorities[country] !== undefined)
          .flatMap((p) => p.offerTypes.map((type) => ({ id: p.provider_id, type }))),
      ]),
    );
    /** `n` of `xs`, drawn without putting back. */
    const random = mulberry32(7);
    const draw = <T>(xs: readonly T[], n: number): T[] => {
      const pool = [...xs];
      for (let i = 0; i < n && i < pool.length; i++) {
        const j = i + Math.floor(random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, n);
    };
    const titles: WatchPlan['titles'] = [];
    let countries = 0;
    let offers = 0;
    for (let i = 0; i < options.titles; i++) {
      const title = `Bench Watch Film ${i}`;
      const movie = fake.data.addMovie({ title });
      for (const country of draw(regions, 10 + Math.floor(random() * 21))) {
        const picked = draw(candidates.get(country) ?? [], 2 + Math.floor(random() * 5));
        const byType = new Map<OfferType, number[]>();
        for (const { id, type } of picked) byType.set(type, [...(byType.get(type) ?? []), id]);
        for (const [type, ids] of byType) {
          ids.sort((a, b) => rankIn(a, country) - rankIn(b, country));
          fake.data.setOffers({ movie: movie.id }, country, type, ids);
        }
        countries += 1;
        offers += picked.length;
      }
      titles.push({ id: movie.id, title });
    }
    const fakeCatalogSeconds = round((performance.now() - built) / 1000, 2);
    const members: WatchPlan['members'] = Array.from(
      { length: Math.ceil(options.titles / TITLES_PER_MEMBER) },
      (_, i) => ({
        region: MEMBER_COUNTRIES[i % MEMBER_COUNTRIES.length]!,
        ...SERVICE_SETS[Math.floor(i / MEMBER_COUNTRIES.length) % SERVICE_SETS.length]!,
      }),
    );
    const pairs = new Set(members.flatMap((m) => m.providerIds.map((id) => `${m.region}:${id}`)));
    writeFileSync(
      planFile,
      JSON.stringify({ titles, members, titlesPerMember: TITLES_PER_MEMBER } satisfies WatchPlan),
    );
    options.log(
      `watch: the fake TMDB holds ${options.titles} more movies with offers in ${round(countries / options.titles, 1)} countries each, ${round(offers / options.titles, 1)} offers (built in ${fakeCatalogSeconds} s), limited to ${TMDB_RATE_LIMIT} requests/s.`,
    );

    const child = measuredChild<WatchChildResult>({
      name: 'watch',
      script: path.join(options.serverDir, 'bench/watch-child.ts'),
      modeVariable: 'WATCH_MODE',
      dataDir,
      env: options.env,
      repoRoot: options.repoRoot,
    });
    options.log('watch: creating an empty database, writing the titles and members, then only opening it…');
    const create = await child.work('create', 'idle', {});
    const seed = await child.work('seed', 'sync', { WATCH_STEP: 'seed', WATCH_PLAN_FILE: planFile });
    const idle = await child.work('idle', 'idle', {});

    const tmdb = { TMDB_API_URL: fake.url, TMDB_API_TOKEN: fake.token };
    fake.setRateLimit(TMDB_RATE_LIMIT);
    const before = fake.requests.length;
    options.log(
      `watch: one pass over ${options.titles} tracked titles (about ${Math.ceil(options.titles / 40)} s)…`,
    );
    const run = await child.work('pass', 'sync', { ...tmdb, WATCH_STEP: 'pass' });
    const requestsReceived = fake.requests.length - before;
    const statuses = run.statuses ?? {};
    const tooManyRequests = statuses['429'] ?? 0;
    const checked = run.checked ?? 0;
    const passSeconds = run.passSeconds ?? 0;
    const requestsPerTitle = checked > 0 ? (requestsReceived - tooManyRequests) / checked : 1;
    const ideal = TMDB_RATE_LIMIT / requestsPerTitle;
    const titlesPerSecond = passSeconds > 0 ? checked / passSeconds : 0;
    const clientRps = run.clientRequestsPerSecond ?? 0;
    const timings = run.timings ?? emptyTimings();

    // One title in 100 gains Netflix in a members' country where it had none (news to members there),
    // and in a country no member has (kept in title_watch only, news to no one).
    const netflixCountries = MEMBER_COUNTRIES.filter((c) => pairs.has(`${c}:${NETFLIX}`));
    const elsewhere = regions.filter((c) => !pairs.has(`${c}:${NETFLIX}`));
    const plant = (id: number, among: string[], from: number) => {
      const watch = fake.data.offers({ movie: id });
      for (let k = 0; k < among.length; k++) {
        const country = among[(from + k) % among.length]!;
        const flatrate = watch[country]?.flatrate ?? [];
        if (flatrate.includes(NETFLIX)) continue;
        const ids = [...flatrate, NETFLIX].sort((a, b) => rankIn(a, country) - rankIn(b, country));
        fake.data.setOffers({ movie: id }, country, 'flatrate', ids);
        return 1;
      }
      return 0;
    };
    let planted = 0;
    let plantedElsewhere = 0;
    for (let i = 0; i < titles.length; i += PLANT_EVERY) {
      planted += plant(titles[i]!.id, netflixCountries, i / PLANT_EVERY);
      plantedElsewhere += plant(titles[i]!.id, elsewhere, i / PLANT_EVERY);
    }
    fake.setRateLimit(null);
    const checkBefore = fake.requests.length;
    options.log(
      `watch: ${planted} titles gained Netflix in a members' country (${plantedElsewhere} elsewhere); a second pass, unpaced, to check what it finds new…`,
    );
    const again = await child.work('check', 'sync', {
      ...tmdb,
      WATCH_STEP: 'resync',
      WATCH_CLIENT_RPS: String(CHECK_CLIENT_RPS),
    });
    const checkSeconds = again.passSeconds ?? 0;
    const newOffers = again.newOffers ?? 0;
    const newOfferRows = again.newOfferRows ?? 0;

    const databaseSeconds = round(timings.pairs + timings.titles + timings.offers + timings.providers);
    return {
      titles: seed.titles ?? options.titles,
      members: seed.members ?? members.length,
      services: seed.services ?? 0,
      watchedPairs: run.watchedPairs ?? pairs.size,
      database: 'a PGlite database',
      fakeCatalogSeconds,
      countriesPerTitle: round(countries / options.titles, 1),
      offersPerTitle: round(offers / options.titles, 1),
      setupSeconds: seed.setupSeconds ?? 0,
      setupPeakRssMb: seed.peakRssMb,
      checked,
      newOffers: run.newOffers ?? 0,
      rateLimit: TMDB_RATE_LIMIT,
      clientRequestsPerSecond: clientRps,
      requestsPerTitle: round(requestsPerTitle, 3),
      idealTitlesPerSecond: round(ideal),
      clientPaceTitlesPerSecond: round(clientRps / requestsPerTitle),
      passSeconds: round(passSeconds),
      titlesPerSecond: round(titlesPerSecond),
      ratioToIdeal: round(titlesPerSecond / ideal, 3),
      databaseSeconds: timings,
      askingTmdbSeconds: round(passSeconds - databaseSeconds),
      requestsReceived,
      tooManyRequests,
      statuses,
      titleWatchRows: run.titleWatchRows ?? 0,
      titleOfferRows: run.titleOfferRows ?? 0,
      ...memoryFigures(create, idle, run),
      passRssMb: round(run.peakRssMb - idle.peakRssMb),
      rssSamples: run.rssSamples ?? [],
      check: {
        planted,
        plantedElsewhere,
        newOffers,
        newOfferRows,
        correct: newOffers === planted && newOfferRows === planted,
        checked: again.checked ?? 0,
        clientRequestsPerSecond: again.clientRequestsPerSecond ?? CHECK_CLIENT_RPS,
        requestsReceived: fake.requests.length - checkBefore,
        seconds: round(checkSeconds),
        titlesPerSecond: round(checkSeconds > 0 ? (again.checked ?? 0) / checkSeconds : 0),
        databaseSeconds: again.timings ?? emptyTimings(),
        peakRssMb: again.peakRssMb,
      },
    };
  } finally {
    await fake.close();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

const emptyTimings = (): WatchTimings => ({
  pairs: 0,
  titles: 0,
  offers: 0,
  providers: 0,
  calls: { pairs: 0, titles: 0, offers: 0, providers: 0 },
});
