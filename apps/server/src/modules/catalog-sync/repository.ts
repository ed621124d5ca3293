import { and, eq, gt, inArray, isNull, like, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems, type SyncTaskRow, syncTasks } from '../../db/schema';
import { stillToCome } from '../catalog';

/** A catalog title as the refresh jobs need it: enough to ask its provider again. */
export interface KnownTitle {
  providerId: string;
  title: string;
}

/** Only what a real provider can be asked about again (not the demo catalog). */
const fromProviders = or(like(mediaItems.providerId, 'tmdb:%'), like(mediaItems.providerId, 'isbndb:%'));

/** The `sync_tasks` table (leases and last runs) and the catalog queries the sync tasks select with. */
export function createSyncRepository(db: Database) {
  return {
    /**
     * Takes the task's lease when it is due (no run that started since `dueBefore` succeeded, none
     * was started since `retryBefore`) and nobody holds it. Atomic, so across processes exactly one
     * caller gets it. Answers the claimed row (its last success is the previous run's), or null.
     */
    async claim(
      task: string,
      owner: string,
      at: { now: Date; dueBefore: Date; retryBefore: Date; leaseUntil: Date },
    ): Promise<SyncTaskRow | null> {
      await db.insert(syncTasks).values({ task }).onConflictDoNothing();
      const [row] = await db
        .update(syncTasks)
        .set({ leaseOwner: owner, leaseUntil: at.leaseUntil, lastStartedAt: at.now, lastError: null })
        .where(
          and(
            eq(syncTasks.task, task),
            or(isNull(syncTasks.leaseUntil), lt(syncTasks.leaseUntil, at.now)),
            or(isNull(syncTasks.lastSuccessAt), lte(syncTasks.lastSuccessAt, at.dueBefore)),
            // A failed run is tried again after a pause, not at every tick (one whose process died
            // left no error: it is taken up as soon as its lease runs out).
            or(isNull(syncTasks.lastError), lte(syncTasks.lastStartedAt, at.retryBefore)),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Extends a held lease; false when it is no longer ours (it ran out and another process took it). */
    async renew(task: string, owner: string, leaseUntil: Date): Promise<boolean> {
      const rows = await db
        .update(syncTasks)
        .set({ leaseUntil })
        .where(and(eq(syncTasks.task, task), eq(syncTasks.leaseOwner, owner)))
        .returning({ task: syncTasks.task });
      return rows.length > 0;
    },

    /** Ends a run: a success moves the schedule on (from when the run started); an error is kept. */
    async finish(task: string, owner: string, outcome: { startedAt: Date; error: string | null }) {
      await db
        .update(syncTasks)
        .set({
          leaseOwner: null,
          leaseUntil: null,
          lastError: outcome.error,
          ...(outcome.error === null ? { lastSuccessAt: outcome.startedAt } : {}),
        })
        .where(and(eq(syncTasks.task, task), eq(syncTasks.leaseOwner, owner)));
    },

    tasks(): Promise<SyncTaskRow[]> {
      return db.select().from(syncTasks);
    },

    /**
     * Tracked provider titles by how long ago they came out: `recent` is those not yet out or out
     * within `days` (dates still move), `older` those out for longer.
     */
    trackedTitles(age: 'recent' | 'older', today: string, days: number): Promise<KnownTitle[]> {
      const cutoff = sql`${today}::date - ${days}::int`;
      return db
        .select({ providerId: mediaItems.providerId, title: mediaItems.title })
        .from(mediaItems)
        .where(
          and(
            gt(mediaItems.trackersCount, 0),
            fromProviders,
            age === 'recent' ? stillToCome(cutoff) : not(stillToCome(cutoff)),
          ),
        );
    },

    /** Every tracked provider title (the change feed's fallback after a long gap). */
    allTrackedTitles(): Promise<KnownTitle[]> {
      return db
        .select({ providerId: mediaItems.providerId, title: mediaItems.title })
        .from(mediaItems)
        .where(and(gt(mediaItems.trackersCount, 0), fromProviders));
    },

    /** Books from ISBNdb not yet published on `today` (or with no date yet). */
    unpublishedBooks(today: string): Promise<KnownTitle[]> {
      return db
        .select({ providerId: mediaItems.providerId, title: mediaItems.title })
        .from(mediaItems)
        .where(and(like(mediaItems.providerId, 'isbndb:%'), stillToCome(today)));
    },

    /** Seasons in the catalog of these TMDB series (`tmdb:tv:{series}:{season}`). */
    async seasonsOf(seriesIds: number[]): Promise<string[]> {
      if (seriesIds.length === 0) return [];
      const rows = await db
        .select({ providerId: mediaItems.providerId })
        .from(mediaItems)
        .where(
          and(
            like(mediaItems.providerId, 'tmdb:tv:%'),
            inArray(sql`split_part(${mediaItems.providerId}, ':', 3)`, seriesIds.map(String)),
          ),
        );
      return rows.map((r) => r.providerId);
    },
  };
}
export type SyncRepository = ReturnType<typeof createSyncRepository>;
