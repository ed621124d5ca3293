import type { UserProfile } from '@releasebell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmPhoneCode } from '../../../lib/phone-verification';
import { profileKey } from './get-profile';

/**
 * POST /api/phone/verification/confirm: the texted code. The profile shows the number verified at once,
 * then is read again from the server.
 */
export function useConfirmPhoneCode(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    onSuccess: () => {
      queryClient.setQueryData<UserProfile>(profileKey(uid), (profile) =>
        profile ? { ...profile, phone_verified: true } : profile,
      );
      return queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    },
  });
}
