import type { MemberServices, MemberServicesBody } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const servicesKey = ['services'] as const;

/** GET /api/services: the member's services and country (none yet: the profile's country and []). */
export function useServices() {
  return useQuery({
    queryKey: servicesKey,
    queryFn: ({ signal }) => api.get<MemberServices>(pathTo(ROUTES.getServices), signal),
  });
}

/**
 * PUT /api/services: 400 names `provider_ids` for ids the country does not list. What a member's
 * services mark changes with them: the watchlist's `on_my_services` and the titles' offers are read again.
 */
export function useUpdateServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberServicesBody) => api.put<MemberServices>(pathTo(ROUTES.updateServices), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(servicesKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['watchlist'] });
      void queryClient.invalidateQueries({ queryKey: ['media'] });
    },
  });
}
