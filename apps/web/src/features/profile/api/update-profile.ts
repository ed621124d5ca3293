import type { UpdateProfileBody, UserProfile } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from './get-profile';

const updateProfile = (uid: string, body: UpdateProfileBody) =>
  api.put<UserProfile>(pathTo(ROUTES.updateProfile, { uid }), body);

/** Saves, then reloads the profile from the server (the spec's "Save sends the update, reloads"). */
export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(uid, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(uid), profile);
      return queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    },
  });
}
