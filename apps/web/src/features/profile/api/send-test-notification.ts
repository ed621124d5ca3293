import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TestChannel = 'email' | 'mobile' | 'push' | 'in_app';

/** POST /api/notifications/test: sends a test to each of the member's channels; 429 when pressed too often. */
const sendTestNotification = () =>
  api.post<{ channels: TestChannel[] }>(pathTo(ROUTES.sendTestNotification), undefined);

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    // The in-app test shows in the header's bell straight away (its list lives under 'notifications').
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
