import type { MediaItem } from '@releasebell/contract';
import type { Locale, MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCatalogLang } from '../../../lib/i18n';

function getTrending(
  mediaType: MediaType,
  lang: Locale | undefined,
  signal?: AbortSignal,
): Promise<MediaItem[]> {
  return api.get<MediaItem[]>(pathTo(ROUTES.listTrending, { mediaType }, { lang }), signal);
}

/** Cached per media type, so switching back to a tab shows its list at once. */
export function trendingQueryOptions(mediaType: MediaType, lang: Locale | undefined) {
  return queryOptions({
    queryKey: ['home', 'trending', mediaType, lang ?? ''],
    queryFn: ({ signal }) => getTrending(mediaType, lang, signal),
  });
}

export function useTrending(mediaType: MediaType) {
  return useQuery(trendingQueryOptions(mediaType, useCatalogLang()));
}
