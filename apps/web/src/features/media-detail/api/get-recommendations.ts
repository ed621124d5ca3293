import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function getRecommendations(
  mediaType: MediaType,
  itemId: string,
  signal?: AbortSignal,
): Promise<MediaItem[]> {
  return api.get<MediaItem[]>(pathTo(ROUTES.listRecommendations, { mediaType, itemId }), signal);
}

/** Titles like this one ("People Also Have"), cached per item. */
function recommendationsQueryOptions(mediaType: MediaType, itemId: string) {
  return queryOptions({
    queryKey: ['media', 'recommendations', mediaType, itemId],
    queryFn: ({ signal }) => getRecommendations(mediaType, itemId, signal),
  });
}

export function useRecommendations(mediaType: MediaType, itemId: string) {
  return useQuery(recommendationsQueryOptions(mediaType, itemId));
}
