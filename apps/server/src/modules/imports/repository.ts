import type { ImportSource, ImportStatus, SuggestedFollow } from '@releasebell/contract';
import { and, asc, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  follows,
  type ImportEntryRow,
  type ImportRowRecord,
  importEntries,
  imports,
  itemCredits,
  type MediaItemRow,
  mediaItems,
  watchlistEntries,
} from '../../db/schema';
import type { MatchOutcome } from './matcher';
import type { ImportRow } from './parse';

export type ImportsRepository = ReturnType<typeof createImportsRepository>;

/** Rows written per statement: a 20,000-row file is twenty inserts, not one too large to plan. */
const CHUNK = 1000;

export function createImportsRepository(db: Database) {
  return {
    /** The import and one pending entry per row, in one transaction. */
    async create(input: { userId: string; source: ImportSource; rows: ImportRow[]; at: Date }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(imports)
          .values({
            userId: input.userId,
            source: input.source,
            status: 'matching',
            rows: input.rows.length,
            createdAt: input.at,
            updatedAt: input.at,
          })
          .returning();
        for (let i = 0; i < input.rows.length; i += CHUNK) {
          await tx.insert(importEntries).values(
            input.rows.slice(i, i + CHUNK).map((row) => ({
              importId: created!.id,
              line: row.line,
              title: row.title,
              year: row.year,
              read: { ...row },
              status: 'pending' as const,
            })),
          );
        }
        return created!;
      });
    },

    /** The member's import; undefined when there is none of theirs by that id. */
    async find(userId: string, id: string): Promise<ImportRowRecord | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.userId, userId)));
      return row;
    },

    async entries(importId: string): Promise<ImportEntryRow[]> {
      return db
        .select()
        .from(importEntries)
        .where(eq(importEntries.importId, importId))
        .orderBy(asc(importEntries.line));
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

    /** Writes outcomes and renews the claim, in one transaction: a chunk is recorded whole or not at all. */
    async record(importId: string, outcomes: Map<number, MatchOutcome>, at: Date, claimUntil: Date) {
      await db.transaction(async (tx) => {
        for (const [line, outcome] of outcomes) {
          await tx
            .update(importEntries)
            .set({
              status: outcome.status,
              itemIds: outcome.itemIds,
              candidateIds: outcome.candidateIds,
              reason: outcome.reason ?? null,
            })
            .where(and(eq(importEntries.importId, importId), eq(importEntries.line, line)));
        }
        await tx
          .update(imports)
          .set({ updatedAt: at, claimedUntil: claimUntil })
          .where(eq(imports.id, importId));
      });
    },

    async finish(
      importId: string,
      done: { status: ImportStatus; suggestedFollows?: SuggestedFollow[]; error?: string },
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

    /** The directors credited on these titles (an import's films suggest following them). */
    async directorsOf(itemIds: string[]): Promise<{ ref: string; name: string; itemId: string }[]> {
      if (itemIds.length === 0) return [];
      return db
        .select({ ref: itemCredits.ref, name: itemCredits.name, itemId: itemCredits.itemId })
        .from(itemCredits)
        .where(and(eq(itemCredits.role, 'directing'), inArray(itemCredits.itemId, [...new Set(itemIds)])));
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
