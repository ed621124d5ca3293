import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function getFeatured(mediaType: MediaType, signal?: AbortSignal): Promise<MediaItem> {
  return api.get<MediaItem>(pathTo(ROUTES.getFeatured, { mediaType }), signal);
}

/** The featured release of a media type, cached per type. */
export function featuredQueryOptions(mediaType: MediaType) {
  return queryOptions({
    queryKey: ['home', 'featured', mediaType],
    queryFn: ({ signal }) => getFeatured(mediaType, signal),
  });
}

export function useFeatured(mediaType: MediaType) {
  return useQuery(featuredQueryOptions(mediaType));
}
