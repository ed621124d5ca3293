import { notifications } from '@mantine/notifications';
import { translateNow } from '../../lib/i18n';
import type { CurrentUser } from '../../lib/session';
import { rememberPendingItem } from '../../lib/watchlist';
import { ensureProfile } from './api/auth-calls';

const MESSAGES = {
  unknownError: /*i18n*/ { id: 'auth.googleReturn.unknownError', message: 'unknown error' },
  title: /*i18n*/ { id: 'auth.googleReturn.title', message: 'Google Sign-In Error' },
  failed: /*i18n*/ {
    id: 'auth.googleReturn.failed',
    message: 'Google sign-in did not complete ({reason}). Please try again.',
  },
};

/** Set just before leaving for Google, so the page we come back to knows to finish the sign-in. */
export const GOOGLE_PENDING_KEY = 'releasebell.googlePending';

/**
 * Runs once on the page Google returns to: registers a new member's profile, or shows the failure
 * (the server sends us back with `?auth_error=google&error=...`) and tidies the address bar.
 */
export async function finishGoogleReturn(user: CurrentUser | null): Promise<void> {
  const url = new URL(window.location.href);
  const failed = url.searchParams.get('auth_error') === 'google';
  sessionStorage.removeItem(GOOGLE_PENDING_KEY);
  if (failed) {
    rememberPendingItem(null);
    const reason =
      url.searchParams.get('error_description') ??
      url.searchParams.get('error') ??
      translateNow(MESSAGES.unknownError);
    url.searchParams.delete('auth_error');
    url.searchParams.delete('error');
    url.searchParams.delete('error_description');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    notifications.show({
      title: translateNow(MESSAGES.title),
      message: translateNow(MESSAGES.failed, { reason: reason.replaceAll('_', ' ') }),
      color: 'red',
      autoClose: 5000,
    });
    return;
  }
  if (user) await ensureProfile(user).catch((error) => console.warn('Profile registration failed', error));
}
