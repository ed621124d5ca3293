import { ERROR_CODES, type Import, type ImportCreated, type ImportEntry } from '@releasebell/contract';
import { HttpError, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { toMediaItem } from '../catalog';
import type { createCatalogMatcher } from './matcher';
import { parseImport } from './parse';
import type { ImportsRepository } from './repository';

/** The pg-boss queue whose ticks take up imports a stopped process left halfway. */
export const IMPORTS_QUEUE = 'imports-resume';

/** Rows matched per chunk: each chunk is recorded in one transaction, and the progress moves by it. */
const MATCH_CHUNK = 200;
/** How long a process holds an import while it matches; renewed after every chunk. */
const CLAIM_MS = 2 * 60_000;

const importNotFound = () => notFound(ERROR_CODES.importNotFound, 'Import not found.');

export function createImportsService(deps: {
  repo: ImportsRepository;
  matcher: ReturnType<typeof createCatalogMatcher>;
  clock: Clock;
  /** Starts matching an import now, in the background (the request answers first). */
  schedule: (importId: string) => void;
}) {
  const { repo, matcher, clock } = deps;

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
        const outcomes = await matcher.match(pending, { today: toIsoDate(clock()), tracked });
        const at = clock();
        await repo.record(importId, outcomes, at, new Date(at.getTime() + CLAIM_MS));
      }
      await repo.finish(importId, { status: 'ready' }, clock());
      return true;
    },

    /** Imports whose matching stopped with its process: taken up again. */
    async resumeStalled(): Promise<number> {
      let resumed = 0;
      for (const id of await repo.stalled(clock())) if (await this.matchPending(id)) resumed += 1;
      return resumed;
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
