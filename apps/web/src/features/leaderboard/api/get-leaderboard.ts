import type { Leaderboard } from '@releasebell/contract';
import type { LeaderboardTimeframe, Locale, MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCatalogLang } from '../../../lib/i18n';

const getLeaderboard = (
  timeframe: LeaderboardTimeframe,
  mediaType: MediaType,
  page: number,
  lang: Locale | undefined,
  signal?: AbortSignal,
) =>
  api.get<Leaderboard>(
    pathTo(ROUTES.getLeaderboard, {}, { timeframe, media_type: mediaType, page, lang }),
    signal,
  );

/** How long a read board counts as current: the API's own cache of a board page lives as long. */
export const LEADERBOARD_FRESH_MS = 30_000;

/** The board page by page; a new timeframe or type is a new query, so it starts again at page 1. */
export function useLeaderboard(timeframe: LeaderboardTimeframe, mediaType: MediaType) {
  const lang = useCatalogLang();
  return useInfiniteQuery({
    queryKey: ['leaderboard', timeframe, mediaType, lang ?? ''],
    queryFn: ({ pageParam, signal }) => getLeaderboard(timeframe, mediaType, pageParam, lang, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.has_next ? last.pagination.page + 1 : undefined),
    staleTime: LEADERBOARD_FRESH_MS,
  });
}
