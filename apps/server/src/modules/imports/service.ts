import {
  type AppliedImport,
  type ApplyImportBody,
  ERROR_CODES,
  FOLLOW_MESSAGES,
  FOLLOWS_MAX,
  FOLLOWS_PER_MINUTE,
  type Import,
  type ImportCreated,
  type ImportEntry,
  type SuggestedFollow,
  type Translate,
} from '@releasebell/contract';
import type { KeptSuggestion, MediaItemRow } from '../../db/schema';
import { type ErrorText, HttpError, joined, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { yieldToEventLoop } from '../../lib/event-loop';
import { normaliseForSearch } from '../../lib/text';
import { authorRef } from '../../providers/isbndb/works';
import { toMediaItem } from '../catalog';
import type { ImportLookup, LookupRow } from '../catalog-sync';
import type { FollowsService } from '../follows';
import type { WatchlistRepository } from '../watchlist';
import type { createCatalogMatcher } from './matcher';
import { bookTitleForMatching, type ImportRow, isbn10To13, parseImport } from './parse';
import { REASONS, reasonText, suggestionText } from './reasons';
import type { ImportEntry as ImportEntryRecord, ImportsRepository } from './repository';

/** The pg-boss queue whose ticks take up imports a stopped process left halfway. */
export const IMPORTS_QUEUE = 'imports-resume';

/**
 * Rows matched per chunk: each chunk is recorded in one transaction, and the progress moves by it.
 * Between chunks (and between the chunks an upload is written in) the event loop takes what waits,
 * so a chunk is kept small enough that nobody else waits long behind it.
 */
const MATCH_CHUNK = 200;
const WRITE_CHUNK = 500;
/** Entries read per query for the preview and the apply; names looked up per query for suggestions. */
const READ_CHUNK = 2000;
const LOOKUP_CHUNK = 1000;
/** At most this many follows are suggested, the most read or watched first. */
const SUGGESTIONS = 10;
/** How long a process holds an import while it matches; renewed after every chunk. */
const CLAIM_MS = 2 * 60_000;

/** What the providers are asked of a row: its title as catalogs write it and its ids. */
function lookupRow(row: ImportRow): LookupRow {
  const isbn13 = row.isbn13 ?? (row.isbn10 ? isbn10To13(row.isbn10) : undefined);
  return {
    kind: row.kind,
    title: row.kind === 'book' ? bookTitleForMatching(row.title) : row.title,
    year: row.year,
    ...(isbn13 ? { isbn13 } : {}),
    ...(row.authors?.[0] ? { author: row.authors[0] } : {}),
    ...(row.imdbId ? { imdbId: row.imdbId } : {}),
    ...(row.tmdbId !== undefined ? { tmdbId: row.tmdbId } : {}),
    ...(row.seasonNumber !== undefined ? { seasonNumber: row.seasonNumber } : {}),
  };
}

/** How the providers' turn names a series it found: by TMDB ref when the row gave TMDB's id, else by IMDb id. */
function seriesKey(row: ImportRow): string | undefined {
  return row.tmdbId !== undefined ? `tmdb:tv:${row.tmdbId}` : row.imdbId;
}

const MESSAGES = {
  notFound: /*i18n*/ { id: 'error.imports.notFound', message: 'Import not found.' },
  notReady: /*i18n*/ {
    id: 'error.imports.notReady',
    message: 'This import is still being matched. Try again when it is ready.',
  },
  notALine: /*i18n*/ { id: 'error.imports.notALine', message: 'is not a line of this import' },
  notLineTitle: /*i18n*/ { id: 'error.imports.notLineTitle', message: "must be one of this line's titles" },
};

const importNotFound = () => notFound(ERROR_CODES.importNotFound, MESSAGES.notFound);

export function createImportsService(deps: {
  repo: ImportsRepository;
  matcher: ReturnType<typeof createCatalogMatcher>;
  clock: Clock;
  /** Asks the providers for what the catalog did not have. */
  lookup: Pick<ImportLookup, 'bring'>;
  follows: Pick<FollowsService, 'follow'>;
  watchlist: Pick<WatchlistRepository, 'addMany' | 'removedBefore'>;
  /** Starts matching an import now, in the background (the request answers first). */
  schedule: (importId: string) => void;
}) {
  const { repo, matcher, clock } = deps;

  /**
   * From a library: authors with two or more books on the read shelf; from a watchlist: directors of
   * two or more of its matched films; from a Releasebell export: its own follows (`kept` since the
   * upload), all of them. Refs the member follows already are left out.
   */
  async function suggestions(
    userId: string,
    importId: string,
    source: Import['source'],
    kept: KeptSuggestion[],
  ): Promise<KeptSuggestion[]> {
    if (source === 'releasebell') {
      const followed = await repo.followedRefs(userId);
      return kept.filter((f) => !followed.has(f.ref));
    }
    const counted = new Map<string, { name: string; kind: SuggestedFollow['kind']; n: number }>();
    const count = (ref: string, name: string, kind: SuggestedFollow['kind'], n: number) => {
      const seen = counted.get(ref);
      counted.set(ref, { name: seen?.name ?? name, kind, n: (seen?.n ?? 0) + n });
    };
    if (source === 'goodreads' || source === 'storygraph') {
      const authors = new Map<string, number>();
      for (const { author: raw, n } of await repo.readAuthors(importId)) {
        const author = raw.replace(/\s+/g, ' ').trim();
        if (author && normaliseForSearch(author)) authors.set(author, (authors.get(author) ?? 0) + n);
      }
      // The catalog's own ref for an author it knows; otherwise ISBNdb's, by name.
      const names = [...authors.keys()];
      for (let i = 0; i < names.length; i += LOOKUP_CHUNK) {
        const some = names.slice(i, i + LOOKUP_CHUNK);
        const known = await repo.authorRefs(some);
        for (const author of some)
          count(known.get(author) ?? authorRef(author), author, 'author', authors.get(author)!);
        await yieldToEventLoop();
      }
    } else {
      for (const d of await repo.directorsOfMatched(importId)) count(d.ref, d.name, 'person', d.n);
    }
    const followed = await repo.followedRefs(userId);
    return [...counted.entries()]
      .filter(([ref, c]) => c.n >= 2 && !followed.has(ref))
      .sort(([, a], [, b]) => b.n - a.n || a.name.localeCompare(b.name))
      .slice(0, SUGGESTIONS)
      .map(([ref, c]) => ({ ref, name: c.name, kind: c.kind, count: c.n }));
  }

  /** Every entry of the import, a page at a time, letting others in between pages. */
  async function allEntries(importId: string): Promise<ImportEntryRecord[]> {
    const entries: ImportEntryRecord[] = [];
    for (;;) {
      const page = await repo.entries(importId, entries.at(-1)?.line ?? 0, READ_CHUNK);
      entries.push(...page);
      if (page.length < READ_CHUNK) return entries;
      await yieldToEventLoop();
    }
  }

  /** The catalog's rows for these titles, a page at a time. */
  async function itemsOf(ids: string[]): Promise<Map<string, MediaItemRow>> {
    const unique = [...new Set(ids)];
    const items = new Map<string, MediaItemRow>();
    for (let i = 0; i < unique.length; i += READ_CHUNK) {
      for (const [id, row] of await repo.items(unique.slice(i, i + READ_CHUNK))) items.set(id, row);
      if (i + READ_CHUNK < unique.length) await yieldToEventLoop();
    }
    return items;
  }

  return {
    /** Reads the file (400/413 for a file it cannot take), stores its rows and starts matching them. */
    async create(userId: string, bytes: Uint8Array, filename?: string): Promise<ImportCreated> {
      const parsed = await parseImport(bytes, filename);
      if (!parsed.ok) {
        const status = parsed.code === 'IMPORT_TOO_LARGE' ? 413 : 400;
        throw new HttpError(status, parsed.code, parsed.message, [
          { field: 'file', message: parsed.message },
        ]);
      }
      const at = clock();
      const created = await repo.create({
        userId,
        source: parsed.source,
        rows: parsed.rows.length,
        at,
        claimedUntil: new Date(at.getTime() + CLAIM_MS),
        ...(parsed.follows
          ? {
              suggestedFollows: parsed.follows.map(
                (f): KeptSuggestion => ({
                  ref: f.ref,
                  name: f.name,
                  kind: f.kind,
                  fromExport: true,
                  ...(f.roles.length > 0 ? { roles: f.roles } : {}),
                }),
              ),
            }
          : {}),
      });
      for (let i = 0; i < parsed.rows.length; i += WRITE_CHUNK) {
        await repo.addEntries(created.id, parsed.rows.slice(i, i + WRITE_CHUNK));
        await yieldToEventLoop();
      }
      await repo.release(created.id);
      deps.schedule(created.id);
      return { id: created.id, source: created.source, rows: created.rows, status: 'matching' };
    },

    /**
     * Matches the import's pending rows, a chunk at a time, if no other process is (a process that
     * died is taken over once its claim lapses). Answers whether it ran.
     */
    async matchPending(importId: string): Promise<boolean> {
      const now = clock();
      const claimed = await repo.claim(importId, now, new Date(now.getTime() + CLAIM_MS));
      if (!claimed) return false;
      // Its upload stopped before every row was written: there is no whole file to match.
      if ((await repo.entryCount(importId)) < claimed.rows) {
        await repo.finish(importId, { status: 'failed', error: 'the upload was cut short' }, clock());
        return true;
      }
      // A failure leaves the claim to lapse: what was recorded stays, the rest is matched on a retry.
      const tracked = await repo.watchlist(claimed.userId);
      for (;;) {
        const pending = await repo.pending(importId, MATCH_CHUNK);
        if (pending.length === 0) break;
        const context = { today: toIsoDate(clock()), tracked };
        const outcomes = await matcher.match(pending, context);
        // The providers' turn for what the catalog did not have; what they bring is matched again.
        const notFound = pending.filter((row) => outcomes.get(row.line)?.reason === REASONS.notFound);
        if (notFound.length > 0) {
          const brought = await deps.lookup.bring(notFound.map(lookupRow));
          if (brought.inserted > 0) {
            for (const [line, outcome] of await matcher.match(notFound, context)) outcomes.set(line, outcome);
          }
          // A series the provider knows that brought no season is one whose seasons are all out.
          for (const row of notFound) {
            const key = seriesKey(row);
            if (row.kind !== 'series' || !key || !brought.seriesFound.has(key)) continue;
            if (outcomes.get(row.line)?.reason !== REASONS.notFound) continue;
            outcomes.set(row.line, {
              status: 'skipped',
              itemIds: [],
              candidateIds: [],
              reason: REASONS.alreadyOut,
            });
          }
        }
        const at = clock();
        await repo.record(importId, outcomes, at, new Date(at.getTime() + CLAIM_MS));
        await yieldToEventLoop();
      }
      const suggestedFollows = await suggestions(
        claimed.userId,
        importId,
        claimed.source,
        claimed.suggestedFollows,
      );
      await repo.finish(importId, { status: 'ready', suggestedFollows }, clock());
      return true;
    },

    /** Imports whose matching stopped with its process: taken up again. */
    async resumeStalled(): Promise<number> {
      let resumed = 0;
      for (const id of await repo.stalled(clock())) if (await this.matchPending(id)) resumed += 1;
      return resumed;
    },

    /**
     * Adds the matched titles (less the lines a choice leaves out, plus the ambiguous lines chosen)
     * and follows the ticked refs. Again, it adds nothing: the watchlist holds them already, and a
     * title the member removed since is not put back.
     */
    async apply(userId: string, id: string, body: ApplyImportBody): Promise<AppliedImport> {
      const found = await repo.find(userId, id);
      if (!found) throw importNotFound();
      if (found.status === 'matching' || found.status === 'failed') {
        throw new HttpError(409, ERROR_CODES.importNotReady, MESSAGES.notReady);
      }
      const entries = await allEntries(id);
      const byLine = new Map(entries.map((e) => [String(e.line), e]));
      const refuse = (line: string, message: ErrorText) =>
        new HttpError(400, ERROR_CODES.validation, joined(`choices.${line} `, message), [
          { field: `choices.${line}`, message },
        ]);
      for (const [line, choice] of Object.entries(body.choices ?? {})) {
        const entry = byLine.get(line);
        if (!entry) throw refuse(line, MESSAGES.notALine);
        if (choice !== null && !entry.itemIds.slice(0, 1).concat(entry.candidateIds).includes(choice)) {
          throw refuse(line, MESSAGES.notLineTitle);
        }
      }
      const wanted = new Set<string>();
      let alreadyTracked = 0;
      for (const entry of entries) {
        const choice = body.choices?.[String(entry.line)];
        if (choice === null) continue;
        if (entry.status === 'matched')
          for (const itemId of choice ? [choice] : entry.itemIds) wanted.add(itemId);
        else if (entry.status === 'ambiguous' && choice) wanted.add(choice);
        else if (entry.status === 'already_tracked') alreadyTracked += 1;
      }
      // The follows' limits are the follow route's (each follow counts): checked for the whole apply
      // before anything is written, so an apply past them changes nothing.
      const followedAlready = await repo.followedRefs(userId);
      const fresh = [...new Set(body.follow ?? [])].filter((ref) => !followedAlready.has(ref));
      if (followedAlready.size + fresh.length > FOLLOWS_MAX) {
        throw new HttpError(409, ERROR_CODES.tooManyFollows, FOLLOW_MESSAGES.tooMany);
      }
      if (fresh.length > FOLLOWS_PER_MINUTE) {
        throw new HttpError(429, ERROR_CODES.rateLimited, FOLLOW_MESSAGES.tooFast, undefined, {
          'retry-after': '60',
        });
      }
      const removed = await deps.watchlist.removedBefore(userId, [...wanted]);
      const items = await itemsOf([...wanted].filter((itemId) => !removed.has(itemId)));
      const now = clock();
      const added = await deps.watchlist.addMany(
        userId,
        [...items.values()].map((item) => ({ itemId: item.id, mediaType: item.mediaType })),
        now,
      );
      alreadyTracked += items.size - added.length;
      let followed = 0;
      const suggested = new Map(found.suggestedFollows.map((f) => [f.ref, f]));
      // Refs followed already are skipped: following one again would change nothing.
      for (const ref of fresh) {
        const kept = suggested.get(ref);
        const roles = kept?.roles?.length ? { roles: kept.roles } : {};
        const { created } = await deps.follows.follow(userId, { ref, ...roles }, kept?.name);
        if (created) followed += 1;
      }
      await repo.markApplied(id, now);
      return { added: added.length, already_tracked: alreadyTracked, followed };
    },

    /** The preview: counts, progress, every entry with its titles, suggested follows. */
    async get(userId: string, id: string, t: Translate): Promise<Import> {
      const found = await repo.find(userId, id);
      if (!found) throw importNotFound();
      // While it matches, the page shows its progress only: the rows come once it is done.
      const counts = await repo.statusCounts(id);
      const entries = found.status === 'matching' ? [] : await allEntries(id);
      const items = await itemsOf(entries.flatMap((e) => [...e.itemIds.slice(0, 1), ...e.candidateIds]));
      const media = (itemId: string) => {
        const row = items.get(itemId);
        return row ? toMediaItem(row) : undefined;
      };
      const n = (status: string) => counts.get(status) ?? 0;
      const done = found.rows - n('pending');
      return {
        id: found.id,
        source: found.source,
        status: found.status,
        rows: found.rows,
        progress: found.rows === 0 ? 1 : Math.round((done / found.rows) * 1000) / 1000,
        matched: n('matched'),
        ambiguous: n('ambiguous'),
        unmatched: n('unmatched'),
        already_tracked: n('already_tracked'),
        entries: entries.map((e): ImportEntry => {
          const item = e.itemIds[0] ? media(e.itemIds[0]) : undefined;
          const candidates = e.candidateIds.flatMap((c) => media(c) ?? []);
          return {
            line: e.line,
            title: e.title,
            year: e.year,
            status: e.status,
            ...(item ? { item } : {}),
            ...(candidates.length > 0 ? { candidates } : {}),
            ...(e.reason ? { reason: reasonText(t, e.reason) } : {}),
          };
        }),
        suggested_follows: found.suggestedFollows.map((kept) => suggestionText(t, kept)),
      };
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
