import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function getUpcoming(mediaType: MediaType, signal?: AbortSignal): Promise<MediaItem[]> {
  return api.get<MediaItem[]>(pathTo(ROUTES.listUpcoming, { mediaType }), signal);
}

/** Cached per media type, so switching back to a tab shows its list at once. */
export function upcomingQueryOptions(mediaType: MediaType) {
  return queryOptions({
    queryKey: ['home', 'upcoming', mediaType],
    queryFn: ({ signal }) => getUpcoming(mediaType, signal),
  });
}

export function useUpcoming(mediaType: MediaType) {
  return useQuery(upcomingQueryOptions(mediaType));
}
