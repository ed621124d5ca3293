import type { MediaDetail } from '@releasebell/contract';
import type { Locale, MediaType } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { useCatalogLang } from './i18n';
import { useSession } from './session';
import { useViewerRegion } from './viewer-region';

// GET /media/slug/{mediaType}/{slug}: read by the item's page and by the quick view that the
// Watchlist and Leaderboard cards open (both share the cached answer under one key).

/** One item for its page, with `region`'s release dates (the server's default region's without one). */
function getMediaBySlug(
  mediaType: MediaType,
  slug: string,
  region: string | null,
  lang: Locale | undefined,
  signal?: AbortSignal,
): Promise<MediaDetail> {
  return api.get<MediaDetail>(pathTo(ROUTES.getMediaBySlug, { mediaType, slug }, { region, lang }), signal);
}

/**
 * Keyed by the member too: a member's answer marks their streaming services, so it is not the
 * visitor's answer the server rendered the page with.
 */
function mediaBySlugKey(
  mediaType: MediaType,
  slug: string,
  region: string | null,
  lang: Locale | undefined,
  member: string | null,
) {
  return ['media', mediaType, slug, region ?? '', lang ?? '', member ?? ''] as const;
}

/** The server has no such item: asking again will not change that. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** One item by its type and slug. A 404 (or any answer the client caused) is final: no retries. */
function mediaBySlugQueryOptions(
  mediaType: MediaType,
  slug: string,
  region: string | null,
  lang: Locale | undefined,
  member: string | null,
) {
  return queryOptions({
    queryKey: mediaBySlugKey(mediaType, slug, region, lang, member),
    queryFn: ({ signal }) => getMediaBySlug(mediaType, slug, region, lang, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/**
 * The item with the visitor's region's dates; asked once that region is known (pending until then).
 * A member sees the visitor's answer (the page as rendered) until their own arrives.
 */
export function useMediaBySlug(mediaType: MediaType, slug: string) {
  const { region, known } = useViewerRegion();
  const member = useSession().currentUser?.id ?? null;
  const lang = useCatalogLang();
  const queryClient = useQueryClient();
  return useQuery({
    ...mediaBySlugQueryOptions(mediaType, slug, region, lang, member),
    enabled: known,
    placeholderData: member
      ? () => queryClient.getQueryData<MediaDetail>(mediaBySlugKey(mediaType, slug, region, lang, null))
      : undefined,
  });
}
