import { Button, Divider } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { usePublicConfig } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { isInAppBrowser, openInChromeUrl } from '../../../lib/in-app-browser';
import { useSession } from '../../../lib/session';
import { rememberPendingItem } from '../../../lib/watchlist';
import { startGoogleSignIn } from '../api/auth-calls';
import { messageOf, showAuthError, showAuthNotice } from '../auth-feedback';
import { GOOGLE_PENDING_KEY } from '../google-return';
import type { AuthForm } from '../hooks/use-auth-form';

const MESSAGES = {
  openInBrowser: /*i18n*/ { id: 'auth.google.openInBrowser', message: 'Open in Browser' },
  openInBrowserWhy: /*i18n*/ {
    id: 'auth.google.openInBrowserWhy',
    message: 'For security reasons, please open this page in your browser to sign in with Google.',
  },
  error: /*i18n*/ { id: 'auth.google.error', message: 'Google Sign-In Error' },
  unavailable: /*i18n*/ {
    id: 'auth.google.unavailable',
    message: 'Google sign-in is not available right now.',
  },
  or: /*i18n*/ { id: 'auth.google.or', message: 'or' },
  continue: /*i18n*/ { id: 'auth.google.continue', message: 'Continue with Google' },
};

/**
 * "or" and "Continue with Google", when the server has Google credentials. In an in-app browser it asks
 * the member to open the page in a real browser instead (Google refuses embedded browsers).
 */
export function GoogleSignIn({ form }: { form: AuthForm }) {
  const t = useT();
  const { googleSignIn } = usePublicConfig();
  const { itemToAdd } = useSession();
  if (!googleSignIn) return null;

  const onGoogle = async () => {
    const ua = navigator.userAgent;
    if (isInAppBrowser(ua)) {
      showAuthNotice(t(MESSAGES.openInBrowser), t(MESSAGES.openInBrowserWhy), 'yellow');
      const target = openInChromeUrl(window.location.href, ua);
      if (target) window.location.href = target;
      return;
    }
    form.setBusy(true);
    try {
      sessionStorage.setItem(GOOGLE_PENDING_KEY, '1');
      rememberPendingItem(itemToAdd);
      await startGoogleSignIn(`${window.location.pathname}${window.location.search}`);
    } catch (error) {
      sessionStorage.removeItem(GOOGLE_PENDING_KEY);
      rememberPendingItem(null);
      showAuthError(t(MESSAGES.error), messageOf(error, t(MESSAGES.unavailable)));
      form.setBusy(false);
    }
  };

  return (
    <>
      <Divider label={t(MESSAGES.or)} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogleFilled size={16} aria-hidden />}
        onClick={() => void onGoogle()}
        disabled={form.busy}
      >
        {t(MESSAGES.continue)}
      </Button>
    </>
  );
}
