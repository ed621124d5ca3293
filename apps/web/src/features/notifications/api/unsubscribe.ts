import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/notifications/unsubscribe?token=: pauses release emails for the link's member. No sign-in. */
const unsubscribe = (token: string) =>
  api.post<{ email_paused: boolean }>(pathTo(ROUTES.unsubscribeReleaseEmails, {}, { token }), undefined);

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // A signed-in member's cached profile would still say emails are on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
