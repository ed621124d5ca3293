import { useQuery } from '@tanstack/react-query';
import { getProfile, profileKey } from '../../../lib/profile';

export { profileKey };

export function useProfile(uid: string | null) {
  return useQuery({
    queryKey: profileKey(uid ?? ''),
    queryFn: ({ signal }) => getProfile(uid ?? '', signal),
    enabled: !!uid,
  });
}
