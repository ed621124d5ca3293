import type { MediaItem } from '@releasebell/contract';
import type { Locale, MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCatalogLang } from '../../../lib/i18n';

function getFeatured(
  mediaType: MediaType,
  lang: Locale | undefined,
  signal?: AbortSignal,
): Promise<MediaItem> {
  return api.get<MediaItem>(pathTo(ROUTES.getFeatured, { mediaType }, { lang }), signal);
}

/** The featured release of a media type, cached per type. */
export function featuredQueryOptions(mediaType: MediaType, lang: Locale | undefined) {
  return queryOptions({
    queryKey: ['home', 'featured', mediaType, lang ?? ''],
    queryFn: ({ signal }) => getFeatured(mediaType, lang, signal),
  });
}

export function useFeatured(mediaType: MediaType) {
  return useQuery(featuredQueryOptions(mediaType, useCatalogLang()));
}
