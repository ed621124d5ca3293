import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getProfile, isProfileMissing, profileKey } from '../../../lib/profile';
import { useSignedInNow } from '../../../lib/session';

export { isProfileMissing, profileKey };

export function useProfile(uid: string | null) {
  // The app's rule for every other failure (react-query's own is 3 tries more).
  const retry = useQueryClient().getDefaultOptions().queries?.retry ?? 3;
  const signedInNow = useSignedInNow();
  return useQuery({
    queryKey: profileKey(uid ?? ''),
    queryFn: ({ signal }) => getProfile(uid ?? '', signal),
    enabled: !!uid && signedInNow?.id === uid,
    // No profile yet is an answer, not a failure: the page offers sign-up's step 2 at once.
    retry: (failures, error) => {
      if (isProfileMissing(error)) return false;
      if (typeof retry === 'function') return retry(failures, error);
      return typeof retry === 'number' ? failures < retry : retry;
    },
  });
}
