import { LEADERBOARD_ITEM_FIELDS, type Leaderboard, type LeaderboardQuery } from '@releasebell/contract';
import { LEADERBOARD_PAGE_SIZE } from '@releasebell/contract/constants';
import { type Clock, systemClock } from '../../lib/clock';
import { pick } from '../../lib/pick';
import { type CatalogService, toMediaItem } from '../catalog';
import type { LeaderboardRepository } from './repository';

const WINDOW_DAYS = { weekly: 7, monthly: 30 } as const;
const DAY_MS = 86_400_000;

export function createLeaderboardService(
  repo: LeaderboardRepository,
  localized: CatalogService['localized'],
  clock: Clock = systemClock,
) {
  return {
    async page(query: LeaderboardQuery): Promise<Leaderboard> {
      const since = new Date(clock().getTime() - WINDOW_DAYS[query.timeframe] * DAY_MS);
      const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
      // One more than a page tells whether another page follows.
      const rows = await repo.ranked(since, query.media_type, LEADERBOARD_PAGE_SIZE + 1, offset);
      const items = rows.slice(0, LEADERBOARD_PAGE_SIZE).map(({ item, trackers }, index) => ({
        rank: offset + index + 1,
        ...pick(toMediaItem(item), LEADERBOARD_ITEM_FIELDS),
        trackers,
      }));
      return {
        items: await localized(items, query.lang),
        pagination: {
          page: query.page,
          page_size: LEADERBOARD_PAGE_SIZE,
          has_next: rows.length > LEADERBOARD_PAGE_SIZE,
        },
      };
    },
  };
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
