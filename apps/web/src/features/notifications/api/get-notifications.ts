import type { NotificationList } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The bell's list; the first part is what sign-out clears (see lib/session). */
export const notificationsKey = (uid: string) => ['notifications', uid] as const;

/** GET /api/notifications: the latest notifications, newest first, and how many are unread. */
const getNotifications = (signal?: AbortSignal) =>
  api.get<NotificationList>(pathTo(ROUTES.listNotifications), signal);

/** Polled every minute while the tab is visible (TanStack Query pauses the interval in the background). */
export function useNotifications(uid: string) {
  return useQuery({
    queryKey: notificationsKey(uid),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}
