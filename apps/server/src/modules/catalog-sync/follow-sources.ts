import type { CreditRole, FollowKind } from '@releasebell/contract';
import type { Clock } from '../../lib/clock';
import { stillToComeOn, toIsoDate } from '../../lib/dates';
import { ProviderNotFoundError } from '../../providers/http/provider-client';
import { authorWorks } from '../../providers/isbndb/isbndb-provider';
import { normaliseWork } from '../../providers/isbndb/works';
import { CHANGE_FEED_MAX_DAYS, changedIds } from '../../providers/tmdb/tmdb-changes';
import { fetchPerson, fetchPersonCredits, personTitles } from '../../providers/tmdb/tmdb-people';
import { createTmdbProvider } from '../../providers/tmdb/tmdb-provider';
import { fetchSeries, normaliseSeason, trackableSeasons } from '../../providers/tmdb/tmdb-tv';
import type { NormalisedItem } from '../../providers/types';
import { type CatalogRepository, ingest, upsertItems } from '../catalog';
import type { CatalogProviders } from './providers';

/** What a provider says a followed ref is. */
export interface RefInfo {
  kind: FollowKind;
  name: string;
  /** A picture of its own (a series' poster, a person's portrait), if the provider has one. */
  image: string | null;
}

/**
 * What asking a ref's provider found: the ref's name and picture (its titles still to come are in
 * the catalog now), `unknown` when the provider knows no such ref, `offline` when no provider answers
 * for it here (the demo catalog's refs, or a provider without a key).
 */
export type RefFetch = { found: RefInfo } | 'unknown' | 'offline';

const poster = (path: string | null | undefined) => (path ? `/proxy-image/tmdb/w500${path}` : null);

/**
 * Fetches followed refs from their providers and brings their titles still to come into the catalog
 * (credits included), through the same pipeline and rate limits as the rest of the sync.
 */
export function createFollowSources(options: {
  catalog: CatalogRepository;
  providers: CatalogProviders;
  clock: Clock;
}) {
  const { catalog, providers, clock } = options;
  // Titles inserted since the last settle(): the planner's statistics are refreshed once for them all.
  let inserted = 0;
  const write = async (items: NormalisedItem[], source: string) => {
    if (items.length > 0) inserted += (await upsertItems(catalog, items, { source, at: clock() })).inserted;
  };
  const notFound = (err: unknown): 'unknown' => {
    if (err instanceof ProviderNotFoundError) return 'unknown';
    throw err;
  };

  async function series(id: number): Promise<RefFetch> {
    const tmdb = providers.tmdb;
    if (!tmdb) return 'offline';
    const found = await fetchSeries(tmdb.client, id, tmdb.settings).catch(notFound);
    if (found === 'unknown') return found;
    const seasons = trackableSeasons(found, toIsoDate(clock())).map((season) =>
      normaliseSeason(found, season),
    );
    await write(seasons, 'tmdb');
    return { found: { kind: 'series', name: found.name, image: poster(found.poster_path) } };
  }

  async function person(id: number, roles: readonly CreditRole[]): Promise<RefFetch> {
    const tmdb = providers.tmdb;
    if (!tmdb) return 'offline';
    const found = await fetchPerson(tmdb.client, id).catch(notFound);
    if (found === 'unknown') return found;
    const credits = await fetchPersonCredits(tmdb.client, id);
    const titles = personTitles(credits, roles, toIsoDate(clock()));
    if (titles.movies.length + titles.series.length > 0) {
      const selection = { movies: titles.movies, series: titles.series, today: clock };
      const result = await ingest(catalog, createTmdbProvider(tmdb.client, tmdb.settings, selection), {
        at: clock,
        analyze: false,
      });
      inserted += result.inserted;
    }
    return { found: { kind: 'person', name: found.name, image: poster(found.profile_path) } };
  }

  async function author(name: string): Promise<RefFetch> {
    const isbndb = providers.isbndb;
    if (!isbndb) return 'offline';
    const found = await authorWorks(isbndb.client, name);
    if (!found) return 'unknown';
    const today = toIsoDate(clock());
    // Only works still to come: the author's back catalogue is not what a follow is for. Every
    // edition by them is folded in, so a reissue of an old work keeps its first date and stays out.
    const items: NormalisedItem[] = found.works
      .map((editions) => normaliseWork(editions, isbndb.imageBaseUrl))
      .filter((item) => stillToComeOn(item.releaseDate, item.releaseDatePrecision, today));
    await write(items, 'isbndb');
    return { found: { kind: 'author', name: found.name, image: null } };
  }

  return {
    /**
     * After a run of fetches: the embedded database has no autovacuum, so the planner's statistics
     * are refreshed once for the titles they inserted (once per pass, not once per ref).
     */
    async settle(): Promise<void> {
      if (inserted === 0) return;
      inserted = 0;
      await catalog.analyze();
    },

    /**
     * The TMDB refs (series and people) TMDB's change feeds list as changed between two instants;
     * none without TMDB, null when the window is longer than the feeds reach.
     */
    async changedRefs(from: Date, to: Date): Promise<string[] | null> {
      const tmdb = providers.tmdb;
      if (!tmdb) return [];
      if (to.getTime() - from.getTime() > CHANGE_FEED_MAX_DAYS * 86_400_000) return null;
      const series = await changedIds(tmdb.client, 'tv', from, to);
      const people = await changedIds(tmdb.client, 'person', from, to);
      return [...series.map((id) => `tmdb:tv:${id}`), ...people.map((id) => `tmdb:person:${id}`)];
    },

    /**
     * Asks the ref's provider for it now. `name` is how the catalog knows it (ISBNdb finds authors
     * by name); `roles` are the person's credits that some member follows.
     */
    fetch(
      ref: string,
      known: { name?: string | undefined; roles: readonly CreditRole[] },
    ): Promise<RefFetch> {
      const tmdb = /^tmdb:(tv|person):(\d+)$/.exec(ref);
      if (tmdb?.[1] === 'tv') return series(Number(tmdb[2]));
      if (tmdb?.[1] === 'person') return person(Number(tmdb[2]), known.roles);
      if (ref.startsWith('isbndb:author:') && known.name) return author(known.name);
      return Promise.resolve(ref.startsWith('isbndb:author:') && providers.isbndb ? 'unknown' : 'offline');
    },
  };
}
export type FollowSources = ReturnType<typeof createFollowSources>;
