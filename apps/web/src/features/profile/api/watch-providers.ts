import type { WatchProviderList } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** GET /api/watch-providers?region=: a country's streaming services, in TMDB's order for it. */
export function useWatchProviders(region: string) {
  // The app's rule for other failures; a 400 (a country TMDB does not list) will not change on a retry.
  const retry = useQueryClient().getDefaultOptions().queries?.retry ?? 3;
  return useQuery({
    queryKey: ['watch-providers', region] as const,
    queryFn: ({ signal }) =>
      api.get<WatchProviderList>(pathTo(ROUTES.listWatchProviders, {}, { region }), signal),
    // A country's list changes rarely.
    staleTime: 60 * 60_000,
    retry: (failures, error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      if (typeof retry === 'function') return retry(failures, error);
      return typeof retry === 'number' ? failures < retry : retry;
    },
  });
}
