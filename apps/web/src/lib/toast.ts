import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a toast, loading the notifications package on first use: code on the first screen (the
 * watchlist button) can raise toasts without putting the package in that screen's JavaScript.
 */
export async function showToast(toast: NotificationData): Promise<void> {
  const { notifications } = await import('@mantine/notifications');
  notifications.show(toast);
}
