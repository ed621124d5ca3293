import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function getTrending(mediaType: MediaType, signal?: AbortSignal): Promise<MediaItem[]> {
  return api.get<MediaItem[]>(pathTo(ROUTES.listTrending, { mediaType }), signal);
}

/** Cached per media type, so switching back to a tab shows its list at once. */
export function trendingQueryOptions(mediaType: MediaType) {
  return queryOptions({
    queryKey: ['home', 'trending', mediaType],
    queryFn: ({ signal }) => getTrending(mediaType, signal),
  });
}

export function useTrending(mediaType: MediaType) {
  return useQuery(trendingQueryOptions(mediaType));
}
