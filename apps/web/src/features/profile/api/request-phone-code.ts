import { ERROR_CODES } from '@releasebell/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { sendPhoneCode } from '../../../lib/phone-verification';
import { profileKey } from './get-profile';

/**
 * POST /api/phone/verification: texts a code to the profile's saved number. It changes nothing on the
 * profile; a PHONE_NOT_VERIFIABLE answer means the profile is not what this page shows (no number any
 * more, or verified already elsewhere), so it is read again.
 */
export function useRequestPhoneCode(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPhoneCode,
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.phoneNotVerifiable)
        void queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    },
  });
}
