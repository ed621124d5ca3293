import {
  type AppliedImport,
  type ApplyImportBody,
  ERROR_CODES,
  type Import,
  type ImportCreated,
  type ImportEntry,
  type SuggestedFollow,
} from '@releasebell/contract';
import { HttpError, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { normaliseForSearch } from '../../lib/text';
import { authorRef } from '../../providers/isbndb/works';
import { toMediaItem } from '../catalog';
import type { ImportLookup, LookupRow } from '../catalog-sync';
import type { FollowsService } from '../follows';
import type { WatchlistRepository } from '../watchlist';
import type { createCatalogMatcher } from './matcher';
import { NOT_FOUND } from './matcher';
import { bookTitleForMatching, type ImportRow, isbn10To13, parseImport } from './parse';
import type { ImportsRepository } from './repository';

/** The pg-boss queue whose ticks take up imports a stopped process left halfway. */
export const IMPORTS_QUEUE = 'imports-resume';

/** Rows matched per chunk: each chunk is recorded in one transaction, and the progress moves by it. */
const MATCH_CHUNK = 200;
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
  };
}

const importNotFound = () => notFound(ERROR_CODES.importNotFound, 'Import not found.');

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
   * two or more of its matched films. Refs the member follows already are left out.
   */
  async function suggestions(
    userId: string,
    importId: string,
    source: Import['source'],
  ): Promise<SuggestedFollow[]> {
    const entries = await repo.entries(importId);
    const counted = new Map<string, { name: string; kind: SuggestedFollow['kind']; n: number }>();
    const count = (ref: string, name: string, kind: SuggestedFollow['kind']) => {
      const seen = counted.get(ref);
      counted.set(ref, { name: seen?.name ?? name, kind, n: (seen?.n ?? 0) + 1 });
    };
    if (source === 'goodreads' || source === 'storygraph') {
      const authors = entries.flatMap((entry) => {
        const read = entry.read as { status?: string; authors?: string[] };
        const author = read.authors?.[0]?.replace(/\s+/g, ' ').trim();
        return read.status === 'read' && author && normaliseForSearch(author) ? [author] : [];
      });
      // The catalog's own ref for an author it knows; otherwise ISBNdb's, by name.
      const known = await repo.authorRefs(authors);
      for (const author of authors) count(known.get(author) ?? authorRef(author), author, 'author');
    } else {
      const matched = entries.filter((e) => e.status === 'matched' || e.status === 'already_tracked');
      const directors = await repo.directorsOf(matched.flatMap((e) => e.itemIds.slice(0, 1)));
      for (const d of directors) count(d.ref, d.name, 'person');
    }
    const followed = await repo.followedRefs(userId);
    return [...counted.entries()]
      .filter(([ref, c]) => c.n >= 2 && !followed.has(ref))
      .sort(([, a], [, b]) => b.n - a.n || a.name.localeCompare(b.name))
      .slice(0, SUGGESTIONS)
      .map(([ref, c]) => ({
        ref,
        name: c.name,
        kind: c.kind,
        because:
          c.kind === 'author'
            ? `You have read ${c.n} of their books`
            : `${c.n} of their films are on your list`,
      }));
  }

  return {
    /** Reads the file (400/413 for a file it cannot take), stores its rows and starts matching them. */
    async create(userId: string, bytes: Uint8Array, filename?: string): Promise<ImportCreated> {
      const parsed = parseImport(bytes, filename);
      if (!parsed.ok) {
        const status = parsed.code === 'IMPORT_TOO_LARGE' ? 413 : 400;
        throw new HttpError(status, parsed.code, parsed.message, [
          { field: 'file', message: parsed.message },
        ]);
      }
      const created = await repo.create({ userId, source: parsed.source, rows: parsed.rows, at: clock() });
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
      // A failure leaves the claim to lapse: what was recorded stays, the rest is matched on a retry.
      const tracked = await repo.watchlist(claimed.userId);
      for (;;) {
        const pending = await repo.pending(importId, MATCH_CHUNK);
        if (pending.length === 0) break;
        const context = { today: toIsoDate(clock()), tracked };
        const outcomes = await matcher.match(pending, context);
        // The providers' turn for what the catalog did not have; what they bring is matched again.
        const notFound = pending.filter((row) => outcomes.get(row.line)?.reason === NOT_FOUND);
        if (notFound.length > 0 && (await deps.lookup.bring(notFound.map(lookupRow))) > 0) {
          for (const [line, outcome] of await matcher.match(notFound, context)) outcomes.set(line, outcome);
        }
        const at = clock();
        await repo.record(importId, outcomes, at, new Date(at.getTime() + CLAIM_MS));
      }
      const suggestedFollows = await suggestions(claimed.userId, importId, claimed.source);
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
        throw new HttpError(
          409,
          ERROR_CODES.importNotReady,
          'This import is still being matched. Try again when it is ready.',
        );
      }
      const entries = await repo.entries(id);
      const byLine = new Map(entries.map((e) => [String(e.line), e]));
      const refuse = (line: string, message: string) =>
        new HttpError(400, ERROR_CODES.validation, `choices.${line} ${message}`, [
          { field: `choices.${line}`, message },
        ]);
      for (const [line, choice] of Object.entries(body.choices ?? {})) {
        const entry = byLine.get(line);
        if (!entry) throw refuse(line, 'is not a line of this import');
        if (choice !== null && !entry.itemIds.slice(0, 1).concat(entry.candidateIds).includes(choice)) {
          throw refuse(line, "must be one of this line's titles");
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
      const removed = await deps.watchlist.removedBefore(userId, [...wanted]);
      const items = await repo.items([...wanted].filter((itemId) => !removed.has(itemId)));
      const now = clock();
      const added = await deps.watchlist.addMany(
        userId,
        [...items.values()].map((item) => ({ itemId: item.id, mediaType: item.mediaType })),
        now,
      );
      alreadyTracked += items.size - added.length;
      let followed = 0;
      const names = new Map(found.suggestedFollows.map((f) => [f.ref, f.name]));
      for (const ref of new Set(body.follow ?? [])) {
        await deps.follows.follow(userId, { ref }, names.get(ref));
        followed += 1;
      }
      await repo.markApplied(id, now);
      return { added: added.length, already_tracked: alreadyTracked, followed };
    },

    /** The preview: counts, progress, every entry with its titles, suggested follows. */
    async get(userId: string, id: string): Promise<Import> {
      const found = await repo.find(userId, id);
      if (!found) throw importNotFound();
      const [entries, counts] = await Promise.all([repo.entries(id), repo.statusCounts(id)]);
      const items = await repo.items(entries.flatMap((e) => [...e.itemIds.slice(0, 1), ...e.candidateIds]));
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
            ...(e.reason ? { reason: e.reason } : {}),
          };
        }),
        suggested_follows: found.suggestedFollows,
      };
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
