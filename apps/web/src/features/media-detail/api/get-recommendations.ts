import type { MediaItem } from '@releasebell/contract';
import type { Locale, MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCatalogLang } from '../../../lib/i18n';

function getRecommendations(
  mediaType: MediaType,
  itemId: string,
  lang: Locale | undefined,
  signal?: AbortSignal,
): Promise<MediaItem[]> {
  return api.get<MediaItem[]>(pathTo(ROUTES.listRecommendations, { mediaType, itemId }, { lang }), signal);
}

/** Titles like this one ("People Also Have"), cached per item and language. */
function recommendationsQueryOptions(mediaType: MediaType, itemId: string, lang: Locale | undefined) {
  return queryOptions({
    queryKey: ['media', 'recommendations', mediaType, itemId, lang ?? ''],
    queryFn: ({ signal }) => getRecommendations(mediaType, itemId, lang, signal),
  });
}

export function useRecommendations(mediaType: MediaType, itemId: string) {
  return useQuery(recommendationsQueryOptions(mediaType, itemId, useCatalogLang()));
}
