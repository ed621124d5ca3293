import type { MediaType } from '@releasebell/contract';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MediaItemRow, mediaItems, watchlistEntries } from '../../db/schema';

export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;

export function createLeaderboardRepository(db: Database) {
  return {
    /**
     * Items by the number of members whose current entry was added since `since` (a member who removed
     * it no longer counts; one who re-added it counts once), then total trackers, then title.
     */
    async ranked(
      since: Date,
      mediaType: MediaType | undefined,
      limit: number,
      offset: number,
    ): Promise<{ item: MediaItemRow; trackers: number }[]> {
      const trackers = sql<number>`count(*)::int`;
      return db
        .select({ item: mediaItems, trackers })
        .from(watchlistEntries)
        .innerJoin(mediaItems, eq(mediaItems.id, watchlistEntries.itemId))
        .where(
          and(
            gte(watchlistEntries.addedAt, since),
            mediaType ? eq(watchlistEntries.mediaType, mediaType) : undefined,
          ),
        )
        .groupBy(mediaItems.id)
        .orderBy(desc(trackers), desc(mediaItems.trackersCount), asc(mediaItems.title), asc(mediaItems.id))
        .limit(limit)
        .offset(offset);
    },
  };
}
