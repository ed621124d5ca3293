import type { Locale, UserProfile } from '@releasebell/contract';
import { notificationChannels, PSEUDO_LOCALE } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api-client';
import { useLanguage } from './i18n';
import { getProfile } from './profile';
import { useSession } from './session';
import { watchlistKey } from './watchlist';

interface Username {
  username: string;
  locale: Locale;
}

/**
 * A member reads the app in their profile's language: taken when they sign in (and when a page opens
 * signed in), so it follows them from device to device and survives signing out and in again.
 */
export function useMemberLanguage() {
  const { currentUser } = useSession();
  const { pageLocale, setLanguage } = useLanguage();
  const queryClient = useQueryClient();
  const uid = currentUser?.id;
  // The pseudo-locale is a tester's choice for the page: no profile's language replaces it.
  const pseudo = pageLocale === PSEUDO_LOCALE;
  useEffect(() => {
    if (!uid || pseudo) return;
    const controller = new AbortController();
    api
      .get<Username>(pathTo(ROUTES.getUsername, { uid }), controller.signal)
      .then(({ locale }) => setLanguage(locale))
      // No profile yet (sign-up's second step) or no answer: the page's language stays.
      .catch(() => undefined);
    return () => controller.abort();
  }, [uid, pseudo, setLanguage]);

  // The member's watchlist is kept under one key whatever the language: a new one reads it again.
  const readIn = useRef(pageLocale);
  useEffect(() => {
    if (readIn.current === pageLocale) return;
    readIn.current = pageLocale;
    if (uid) void queryClient.invalidateQueries({ queryKey: watchlistKey(uid) });
  }, [pageLocale, uid, queryClient]);
}

/** Keeps a member's new language on their profile (the whole profile is sent back, as the form does). */
export async function saveMemberLanguage(uid: string, locale: Locale): Promise<void> {
  const profile: UserProfile = await getProfile(uid);
  await api.put(pathTo(ROUTES.updateProfile, { uid }), {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone_number: profile.phone_number,
    notification_preferences: notificationChannels(profile.notification_preferences.includes('mobile')),
    locale,
  });
}
