import type { UserProfile } from '@releasebell/contract';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, AVATAR_TYPES } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { translateNow } from '../../../lib/i18n';
import { profileKey } from './get-profile';

/** The checks the server makes too, so a wrong file is refused before it is sent. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return translateNow(AVATAR_MESSAGES.wrongType);
  if (file.size > AVATAR_MAX_BYTES) return translateNow(AVATAR_MESSAGES.tooLarge);
  return null;
}

const uploadAvatar = (uid: string, file: File) =>
  api.put<UserProfile>(pathTo(ROUTES.uploadAvatar, { uid }), file);

const removeAvatar = (uid: string) => api.delete<UserProfile>(pathTo(ROUTES.removeAvatar, { uid }));

export function useAvatar(uid: string) {
  const queryClient = useQueryClient();
  const onSuccess = (profile: UserProfile) => queryClient.setQueryData(profileKey(uid), profile);
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadAvatar(uid, file), onSuccess }),
    remove: useMutation({ mutationFn: () => removeAvatar(uid), onSuccess }),
  };
}
