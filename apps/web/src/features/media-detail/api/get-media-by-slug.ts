import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export function getMediaBySlug(mediaType: MediaType, slug: string, signal?: AbortSignal): Promise<MediaItem> {
  return api.get<MediaItem>(`/media/slug/${mediaType}/${encodeURIComponent(slug)}`, signal);
}

export function mediaBySlugKey(mediaType: MediaType, slug: string) {
  return ['media', mediaType, slug] as const;
}

/** The server has no such item: asking again will not change that. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** One item by its type and slug. A 404 (or any answer the client caused) is final: no retries. */
export function mediaBySlugQueryOptions(mediaType: MediaType, slug: string) {
  return queryOptions({
    queryKey: mediaBySlugKey(mediaType, slug),
    queryFn: ({ signal }) => getMediaBySlug(mediaType, slug, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

export function useMediaBySlug(mediaType: MediaType, slug: string) {
  return useQuery(mediaBySlugQueryOptions(mediaType, slug));
}
