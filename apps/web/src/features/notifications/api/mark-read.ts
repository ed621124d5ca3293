import type { MarkReadBody, NotificationList } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';

/** POST /api/notifications/read: some by id, or all; answers the new unread count. */
const markNotificationsRead = (body: MarkReadBody) =>
  api.post<{ unread_count: number }>(pathTo(ROUTES.markNotificationsRead), body);

/** Marks at once in the cached list (the badge drops straight away), then reloads the list. */
export function useMarkRead(uid: string) {
  const queryClient = useQueryClient();
  const key = notificationsKey(uid);
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationList>(key);
      if (before) {
        const ids = new Set(body.ids ?? []);
        const notifications = before.notifications.map((n) =>
          body.all || ids.has(n.id) ? { ...n, read: true } : n,
        );
        const newlyRead = before.notifications.filter((n) => !n.read && (body.all || ids.has(n.id))).length;
        queryClient.setQueryData<NotificationList>(key, {
          notifications,
          unread_count: body.all ? 0 : Math.max(0, before.unread_count - newlyRead),
        });
      }
      return { before };
    },
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData<NotificationList>(key, (list) => (list ? { ...list, unread_count } : list));
    },
    onError: (error, _body, context) => {
      console.warn('Marking notifications read failed', error);
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
