import type { MediaType } from '@releasebell/contract';
import type { SearchRepository } from './repository';
import {
  type CloseWord,
  closer,
  type IndexedTitle,
  TitleIndex,
  TitleIndexBuilder,
  type WordMatch,
} from './title-index';

/** Titles read per statement while loading. */
const LOAD_BATCH = 10_000;
/** Changed titles kept beside the index before it is loaded again: each search reads them all. */
const CHANGED_MAX = 20_000;
/** A missed notice (a listening connection lost) is made up for this often. */
const REFRESH_EVERY_MS = 60_000;

export interface Found {
  index: TitleIndex;
  rank: number;
}

/**
 * The catalog as search reads it: an index loaded at once, plus an index of the titles changed since
 * (rebuilt on each change, small), whose older copies in the first are forgotten. Answers are ids.
 */
export class SearchIndex {
  constructor(
    private readonly loaded: TitleIndex,
    private readonly changed: Map<string, IndexedTitle> = new Map(),
    private recent: TitleIndex = TitleIndex.build(changed.values()),
  ) {}

  get changedCount(): number {
    return this.changed.size;
  }

  /**
   * Takes these titles as they are now, in place of what the index held of them. A title read again
   * as it is held (a look re-reads rows while an open transaction holds its cursor back) changes
   * nothing, so the changed titles' index is rebuilt only when one really changed.
   */
  apply(titles: IndexedTitle[]): void {
    let changed = false;
    for (const t of titles) {
      const held = this.changed.get(t.id);
      if (held) {
        if (sameTitle(held, t)) continue;
      } else {
        const rank = this.loaded.rankOf(t.id);
        if (rank !== null) {
          if (this.loaded.answersAs(rank, t)) continue;
          this.loaded.forget(rank);
        }
      }
      this.changed.set(t.id, t);
      changed = true;
    }
    if (changed) this.recent = TitleIndex.build(this.changed.values());
  }

  /** These titles are no longer in the catalog. */
  forget(ids: string[]): void {
    for (const id of ids) {
      const rank = this.loaded.rankOf(id);
      if (rank !== null) this.loaded.forget(rank);
    }
    if (ids.some((id) => this.changed.delete(id))) this.recent = TitleIndex.build(this.changed.values());
  }

  /** The first `limit` of both indexes' answers, in rank order. */
  private both(limit: number, ask: (index: TitleIndex) => number[]): Found[] {
    const a = ask(this.loaded).map((rank) => ({ index: this.loaded, rank }));
    if (this.recent.size === 0) return a;
    const b = ask(this.recent).map((rank) => ({ index: this.recent, rank }));
    return [...a, ...b].sort((x, y) => TitleIndex.before(x.index, x.rank, y.index, y.rank)).slice(0, limit);
  }
  private static ids(found: Found[]): string[] {
    return found.map(SearchIndex.id);
  }

  equal(text: string, type: MediaType | null, limit: number): string[] {
    return SearchIndex.ids(this.both(limit, (i) => i.equal(text, type, limit)));
  }
  startingWith(text: string, type: MediaType | null, limit: number): string[] {
    return SearchIndex.ids(this.both(limit, (i) => i.startingWith(text, type, limit)));
  }
  withWords(matches: WordMatch[], type: MediaType | null, limit: number, except?: string): string[] {
    return SearchIndex.ids(this.both(limit, (i) => i.withWords(matches, type, limit, except)));
  }
  /** As withWords, found rather than by id: each title's text ranks it, and only the kept need ids. */
  candidates(matches: WordMatch[], type: MediaType | null, limit: number): Found[] {
    return this.both(limit, (i) => i.withWords(matches, type, limit));
  }
  static text(found: Found): string {
    return found.index.text(found.rank);
  }
  static id(found: Found): string {
    return found.index.id(found.rank);
  }

  /** The `limit` words closest to `typed` in either index, once each. */
  closeWords(typed: string, limit: number): CloseWord[] {
    const words = new Map<string, CloseWord>();
    for (const index of [this.loaded, this.recent]) {
      for (const w of index.closeWords(typed, limit)) {
        const seen = words.get(w.word);
        words.set(w.word, seen ? { ...seen, titles: seen.titles + w.titles } : w);
      }
    }
    return [...words.values()].sort(closer).slice(0, limit);
  }
}

const sameTitle = (a: IndexedTitle, b: IndexedTitle) =>
  a.mediaType === b.mediaType && a.popularity === b.popularity && a.searchText === b.searchText;

/** Loads every title, in rank order, a batch per statement. */
async function loadIndex(repo: SearchRepository): Promise<TitleIndex> {
  const builder = new TitleIndexBuilder();
  let last: IndexedTitle | null = null;
  for (;;) {
    const batch = await repo.titlesInRankOrder(last, LOAD_BATCH);
    for (const t of batch) builder.add(t);
    if (batch.length < LOAD_BATCH) return builder.finish();
    last = batch.at(-1) as IndexedTitle;
  }
}

export interface FollowedIndex {
  /** The index as it is now, with every change read so far. */
  current(): SearchIndex;
  /** Reads what changed since the last look (called on each catalog notice). */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Loads the index and keeps it current: on each catalog notice (and once a minute, in case a notice
 * was missed) the titles changed since the last look are read and applied. When many have changed,
 * the index is loaded again beside the one in use and swapped in once it has caught up.
 */
export async function followCatalog(
  repo: SearchRepository,
  log: { warn(details: object, message: string): void },
): Promise<FollowedIndex> {
  let cursor = await repo.changesCursor();
  let index = new SearchIndex(await loadIndex(repo));
  let reloading = false;
  // One look at a time: a notice during a look starts another after it.
  let looking: Promise<void> = Promise.resolve();

  async function reload(): Promise<void> {
    const from = await repo.changesCursor();
    const fresh = new SearchIndex(await loadIndex(repo));
    const { titles, cursor: next } = await repo.changedSince(from);
    fresh.apply(titles);
    // Changes read meanwhile into the index in use are read again for the new one on the next look.
    looking = looking.then(() => {
      index = fresh;
      cursor = Math.min(cursor, next);
    });
    await looking;
  }

  const refresh = () => {
    looking = looking
      .then(async () => {
        const { titles, cursor: next } = await repo.changedSince(cursor);
        index.apply(titles);
        cursor = next;
        if (index.changedCount > CHANGED_MAX && !reloading) {
          reloading = true;
          reload()
            .catch((err) => log.warn({ err }, 'reloading the search index failed'))
            .finally(() => {
              reloading = false;
            });
        }
      })
      .catch((err) => log.warn({ err }, 'reading catalog changes for search failed'));
    return looking;
  };
  const timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
  timer.unref();
  return { current: () => index, refresh, stop: () => clearInterval(timer) };
}
