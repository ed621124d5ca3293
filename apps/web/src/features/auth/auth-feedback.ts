import { notifications } from '@mantine/notifications';
import { AUTH_MESSAGES, ERROR_CODES } from '@releasebell/contract/constants';
import { ApiError } from '../../lib/api-client';
import { translateNow } from '../../lib/i18n';

/** How long the auth toasts stay. */
const AUTH_TOAST_MS = 5000;

export function showAuthError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: AUTH_TOAST_MS });
}

export function showAuthNotice(title: string, message: string, color: 'yellow' | 'teal'): void {
  notifications.show({ title, message, color, autoClose: AUTH_TOAST_MS });
}

/**
 * A 503 AUTH_BUSY: the password checks are queued past their bound (a burst of sign-ins). Nothing is
 * wrong with what the member typed; trying again shortly works.
 */
export const isAuthBusy = (error: unknown) =>
  error instanceof ApiError && error.code === ERROR_CODES.authBusy;

/** The server's message for a failed call, or `fallback` when it has none; a busy server always says so. */
export function messageOf(error: unknown, fallback: string): string {
  if (isAuthBusy(error)) return translateNow(AUTH_MESSAGES.busy);
  return error instanceof ApiError && error.message ? error.message : fallback;
}
