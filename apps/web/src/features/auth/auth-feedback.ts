import { notifications } from '@mantine/notifications';
import { ApiError } from '../../lib/api-client';

/** How long the auth toasts stay. */
export const AUTH_TOAST_MS = 5000;

export function showAuthError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: AUTH_TOAST_MS });
}

export function showAuthNotice(title: string, message: string, color: 'yellow' | 'teal'): void {
  notifications.show({ title, message, color, autoClose: AUTH_TOAST_MS });
}

/** The server's message for a failed call, or `fallback` when it has none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
