import type { UserProfile } from '@releasebell/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileKey = (uid: string) => ['profile', uid] as const;

export const getProfile = (uid: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/user/details/${encodeURIComponent(uid)}`, signal);

export function useProfile(uid: string | null) {
  return useQuery({
    queryKey: profileKey(uid ?? ''),
    queryFn: ({ signal }) => getProfile(uid ?? '', signal),
    enabled: !!uid,
  });
}
