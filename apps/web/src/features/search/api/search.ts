import type { SearchItem } from '@releasebell/contract';
import {
  isSearchType,
  type Locale,
  PROVIDER_SEARCH_BELOW,
  PROVIDER_SEARCH_MIN_LENGTH,
  type SearchType,
} from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/config';
import { useCatalogLang } from '../../../lib/i18n';

/** The longest query the API accepts; longer text is cut rather than rejected. */
export const SEARCH_QUERY_MAX = 200;

/** The spec's search-as-you-type pause. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search type from a URL or a select; anything unknown is "all". */
export function parseSearchType(value: string | null | undefined): SearchType {
  return isSearchType(value) ? value : 'all';
}

/** The search page's address for a query and type. */
export function searchPagePath(query: string, type: SearchType): string {
  return `/search?${new URLSearchParams({ query, type }).toString()}`;
}

function normalise(q: string): string {
  return q.trim().slice(0, SEARCH_QUERY_MAX);
}

/**
 * Titles matching a query, best first. A blank query is no search: it answers [] without a call. The type
 * filter is applied here too, so a list never shows another media type whatever the server sends.
 */
export async function searchMedia(
  q: string,
  type: SearchType,
  signal?: AbortSignal,
  lang?: Locale,
): Promise<SearchItem[]> {
  const text = normalise(q);
  if (!text) return [];
  return itemsOfType(ROUTES.searchMedia, text, type, signal, lang);
}

/** A search endpoint's answer, keeping only the asked-for media type. */
async function itemsOfType(
  route: typeof ROUTES.searchMedia | typeof ROUTES.searchProviders,
  q: string,
  type: SearchType,
  signal?: AbortSignal,
  lang?: Locale,
) {
  const items = await api.get<SearchItem[]>(pathTo(route, {}, { q, type, lang }), signal);
  return type === 'all' ? items : items.filter((item) => item.media_type === type);
}

function searchQueryOptions(q: string, type: SearchType, lang: Locale | undefined) {
  const text = normalise(q);
  return queryOptions({
    queryKey: ['search', type, text, lang ?? ''],
    queryFn: ({ signal }) => searchMedia(text, type, signal, lang),
    // A failed search is shown as no results; typing again is the retry.
    retry: false,
  });
}

/** What TMDB and ISBNdb know for the query, imported into the catalog (the server decides if it asks). */
async function searchProviders(q: string, type: SearchType, signal?: AbortSignal): Promise<SearchItem[]> {
  return itemsOfType(ROUTES.searchProviders, q, type, signal);
}

/**
 * The catalog's matches at once; when there are fewer than PROVIDER_SEARCH_BELOW, the providers'
 * are asked for too and added after them (typing never waits for a provider). `lookingFurther` is
 * true while they are being asked.
 */
export function useSearch(q: string, type: SearchType) {
  const local = useQuery(searchQueryOptions(q, type, useCatalogLang()));
  const { liveSearch } = usePublicConfig();
  const text = normalise(q);
  const few = local.isSuccess && local.data.length < PROVIDER_SEARCH_BELOW;
  const remote = useQuery({
    queryKey: ['search-providers', type, text],
    queryFn: ({ signal }) => searchProviders(text, type, signal),
    // Without TMDB or ISBNdb there is no one else to ask.
    enabled: liveSearch && few && text.length >= PROVIDER_SEARCH_MIN_LENGTH,
    // A provider that failed adds nothing; what the catalog has is still shown.
    retry: false,
    staleTime: 10 * 60_000,
  });
  const found = local.data;
  const more = remote.data ?? [];
  const data =
    found && more.length > 0
      ? [...found, ...more.filter((item) => !found.some((known) => known._id === item._id))]
      : found;
  return { ...local, data, lookingFurther: remote.isFetching };
}
