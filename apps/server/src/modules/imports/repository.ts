import type { ImportSource, ImportStatus } from '@releasebell/contract';
import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  follows,
  type ImportEntryRow,
  type ImportRowRecord,
  importEntries,
  imports,
  itemCredits,
  type KeptSuggestion,
  type MediaItemRow,
  mediaItems,
  watchlistEntries,
} from '../../db/schema';
import type { MatchOutcome } from './matcher';
import type { ImportRow } from './parse';

export type ImportsRepository = ReturnType<typeof createImportsRepository>;

/** An entry as the preview and the apply read it. */
export type ImportEntry = Pick<
  ImportEntryRow,
  'line' | 'title' | 'year' | 'status' | 'itemIds' | 'candidateIds' | 'reason'
>;

export function createImportsRepository(db: Database) {
  return {
    /**
     * The import, held (`claimedUntil`) while its entries are written so no ticker takes it up
     * before they all are (see `addEntries`).
     */
    async create(input: {
      userId: string;
      source: ImportSource;
      rows: number;
      at: Date;
      claimedUntil: Date;
      /** Follows the file itself holds (a Releasebell export's), kept until matching ends. */
      suggestedFollows?: KeptSuggestion[];
    }) {
      const [created] = await db
        .insert(imports)
        .values({
          userId: input.userId,
          source: input.source,
          status: 'matching',
          rows: input.rows,
          ...(input.suggestedFollows ? { suggestedFollows: input.suggestedFollows } : {}),
          claimedUntil: input.claimedUntil,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning();
      return created!;
    },

    /** One pending entry per row, in one statement (the rows travel as one JSON parameter). */
    async addEntries(importId: string, rows: ImportRow[]) {
      if (rows.length === 0) return;
      const values = rows.map((row) => ({ line: row.line, title: row.title, year: row.year, read: row }));
      await db.execute(sql`
        insert into ${importEntries} (import_id, line, title, year, read, status)
        select ${importId}, v.line, v.title, v.year, v.read, 'pending'
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(line int, title text, year int, read jsonb)`);
    },

    /** How many entries the import holds (fewer than its rows when its writing was cut short). */
    async entryCount(importId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(importEntries)
        .where(eq(importEntries.importId, importId));
      return row?.n ?? 0;
    },

    /** Lets go of the import (its writer is done with it), so matching can claim it. */
    async release(importId: string) {
      await db.update(imports).set({ claimedUntil: null }).where(eq(imports.id, importId));
    },

    /** The member's import; undefined when there is none of theirs by that id. */
    async find(userId: string, id: string): Promise<ImportRowRecord | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.userId, userId)));
      return row;
    },

    /**
     * The import's entries after `afterLine`, at most `limit`, in line order: what the preview and the
     * apply need (not the rows as read, which are the heavy part).
     */
    async entries(importId: string, afterLine: number, limit: number): Promise<ImportEntry[]> {
      return db
        .select({
          line: importEntries.line,
          title: importEntries.title,
          year: importEntries.year,
          status: importEntries.status,
          itemIds: importEntries.itemIds,
          candidateIds: importEntries.candidateIds,
          reason: importEntries.reason,
        })
        .from(importEntries)
        .where(and(eq(importEntries.importId, importId), gt(importEntries.line, afterLine)))
        .orderBy(asc(importEntries.line))
        .limit(limit);
    },

    /** The first author of each row read off a "read" shelf, with how many rows name them so. */
    async readAuthors(importId: string): Promise<{ author: string; n: number }[]> {
      const author = sql<string>`${importEntries.read}->'authors'->>0`;
      const rows = await db
        .select({ author, n: count() })
        .from(importEntries)
        .where(and(eq(importEntries.importId, importId), sql`${importEntries.read}->>'status' = 'read'`))
        .groupBy(author);
      return rows.filter((r): r is { author: string; n: number } => typeof r.author === 'string');
    },

    /** The directors credited on the import's matched titles (each title once), with how many. */
    async directorsOfMatched(importId: string): Promise<{ ref: string; name: string; n: number }[]> {
      const matched = db
        .selectDistinct({ itemId: sql<string>`${importEntries.itemIds}[1]`.as('first_item_id') })
        .from(importEntries)
        .where(
          and(
            eq(importEntries.importId, importId),
            inArray(importEntries.status, ['matched', 'already_tracked']),
          ),
        )
        .as('matched');
      return db
        .select({ ref: itemCredits.ref, name: itemCredits.name, n: count() })
        .from(matched)
        .innerJoin(itemCredits, eq(itemCredits.itemId, matched.itemId))
        .where(eq(itemCredits.role, 'directing'))
        .groupBy(itemCredits.ref, itemCredits.name);
    },

    async statusCounts(importId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: importEntries.status, n: count() })
        .from(importEntries)
        .where(eq(importEntries.importId, importId))
        .groupBy(importEntries.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    /**
     * Takes the import for matching until `until` when it is still matching and nobody holds it (or
     * the holder's claim lapsed). Atomic, so one process matches it at a time.
     */
    async claim(id: string, now: Date, until: Date): Promise<ImportRowRecord | undefined> {
      const [row] = await db
        .update(imports)
        .set({ claimedUntil: until })
        .where(
          and(
            eq(imports.id, id),
            eq(imports.status, 'matching'),
            or(isNull(imports.claimedUntil), lt(imports.claimedUntil, now)),
          ),
        )
        .returning();
      return row;
    },

    /** Imports still matching whose claim lapsed or was never taken (their process died). */
    async stalled(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(
          and(
            eq(imports.status, 'matching'),
            or(isNull(imports.claimedUntil), lt(imports.claimedUntil, now)),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** The next rows still to match, as the parser read them (what `create` stored). */
    async pending(importId: string, limit: number): Promise<ImportRow[]> {
      const rows = await db
        .select({ line: importEntries.line, read: importEntries.read })
        .from(importEntries)
        .where(and(eq(importEntries.importId, importId), eq(importEntries.status, 'pending')))
        .orderBy(asc(importEntries.line))
        .limit(limit);
      return rows.map((r) => ({ ...(r.read as unknown as ImportRow), line: r.line }));
    },

    /**
     * Writes outcomes and renews the claim, in one transaction: a chunk is recorded whole or not at all.
     * One statement for the chunk's rows: a statement per row made a large import mostly round trips.
     */
    async record(importId: string, outcomes: Map<number, MatchOutcome>, at: Date, claimUntil: Date) {
      const rows = [...outcomes].map(([line, o]) => ({
        line,
        status: o.status,
        item_ids: o.itemIds,
        candidate_ids: o.candidateIds,
        reason: o.reason ?? null,
      }));
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx.execute(sql`
            update ${importEntries} e set
              status = v.status, item_ids = v.item_ids, candidate_ids = v.candidate_ids, reason = v.reason
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as v(line int, status text, item_ids uuid[], candidate_ids uuid[], reason text)
            where e.import_id = ${importId} and e.line = v.line`);
        }
        await tx
          .update(imports)
          .set({ updatedAt: at, claimedUntil: claimUntil })
          .where(eq(imports.id, importId));
      });
    },

    async finish(
      importId: string,
      done: { status: ImportStatus; suggestedFollows?: KeptSuggestion[]; error?: string },
      at: Date,
    ) {
      await db
        .update(imports)
        .set({
          status: done.status,
          updatedAt: at,
          claimedUntil: null,
          ...(done.suggestedFollows ? { suggestedFollows: done.suggestedFollows } : {}),
          ...(done.error ? { error: done.error } : {}),
        })
        .where(eq(imports.id, importId));
    },

    async items(ids: string[]): Promise<Map<string, MediaItemRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(mediaItems)
        .where(inArray(mediaItems.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The member's whole watchlist's item ids (matching reports titles already tracked). */
    async watchlist(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ itemId: watchlistEntries.itemId })
        .from(watchlistEntries)
        .where(eq(watchlistEntries.userId, userId));
      return new Set(rows.map((r) => r.itemId));
    },

    /** The catalog's refs for authors by these names (the demo's own refs on the embedded default). */
    async authorRefs(names: string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([itemCredits.name], { ref: itemCredits.ref, name: itemCredits.name })
        .from(itemCredits)
        .where(and(eq(itemCredits.role, 'author'), inArray(itemCredits.name, [...new Set(names)])))
        .orderBy(asc(itemCredits.name), asc(itemCredits.ref));
      return new Map(rows.map((r) => [r.name, r.ref]));
    },

    /** The refs the member follows already (not suggested again). */
    async followedRefs(userId: string): Promise<Set<string>> {
      const rows = await db.select({ ref: follows.ref }).from(follows).where(eq(follows.userId, userId));
      return new Set(rows.map((r) => r.ref));
    },

    async markApplied(importId: string, at: Date) {
      await db
        .update(imports)
        .set({ status: 'applied', appliedAt: at, updatedAt: at })
        .where(eq(imports.id, importId));
    },
  };
}
