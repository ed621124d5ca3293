import type { Leaderboard } from '@releasebell/contract';
import type { LeaderboardTimeframe, MediaType } from '@releasebell/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const getLeaderboard = (
  timeframe: LeaderboardTimeframe,
  mediaType: MediaType,
  page: number,
  signal?: AbortSignal,
) =>
  api.get<Leaderboard>(
    `/leaderboard/api/leaderboard?${new URLSearchParams({ timeframe, media_type: mediaType, page: String(page) })}`,
    signal,
  );

/** The board page by page; a new timeframe or type is a new query, so it starts again at page 1. */
export function useLeaderboard(timeframe: LeaderboardTimeframe, mediaType: MediaType) {
  return useInfiniteQuery({
    queryKey: ['leaderboard', timeframe, mediaType],
    queryFn: ({ pageParam, signal }) => getLeaderboard(timeframe, mediaType, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.has_next ? last.pagination.page + 1 : undefined),
    staleTime: 30_000,
  });
}
