import type { NotificationChannel, UserProfile } from '@releasebell/contract';
import { formatLocaleOf, isTimeZone, type Locale } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { ApiError, api } from '../../../lib/api-client';
import { browserLanguage } from '../../../lib/i18n';
import { isProfileMissing } from '../../../lib/profile';
import type { CurrentUser } from '../../../lib/session';
import { readUtm } from '../../../lib/utm';

interface UserAnswer {
  user: CurrentUser;
}

export const signInWithEmail = (email: string, password: string) =>
  api.post<UserAnswer>(pathTo(ROUTES.signInWithEmail), { email, password });

export const signUpWithEmail = (email: string, password: string, name: string) =>
  api.post<UserAnswer>(pathTo(ROUTES.signUpWithEmail), { email, password, name });

export const requestPasswordReset = (email: string) =>
  api.post<{ status: boolean }>(pathTo(ROUTES.requestPasswordReset), { email });

export const resetPassword = (token: string, newPassword: string) =>
  api.post<UserAnswer>(pathTo(ROUTES.resetPassword), { token, newPassword });

/** Starts Google sign-in; the browser leaves for Google and comes back to `returnTo`. */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const separator = returnTo.includes('?') ? '&' : '?';
  const { url } = await api.post<{ url: string }>(pathTo(ROUTES.signInWithGoogle), {
    provider: 'google',
    callbackURL: returnTo,
    errorCallbackURL: `${returnTo}${separator}auth_error=google`,
  });
  window.location.assign(url);
}

export interface ProfileDetails {
  first_name?: string;
  last_name?: string;
  phone_number?: string | null;
  /** Email only unless said otherwise; mobile needs a phone number. */
  notification_preferences?: NotificationChannel[];
}

/**
 * Whether the signed-in user has a profile: GET /user/profile/{uid} answers 404 PROFILE_NOT_FOUND for
 * an account whose sign-up never reached step 2 (which registers it). Any other failure is thrown.
 */
export async function hasProfile(user: CurrentUser): Promise<boolean> {
  try {
    await api.get<{ username: string }>(pathTo(ROUTES.getUsername, { uid: user.id }));
    return true;
  } catch (error) {
    if (isProfileMissing(error)) return false;
    throw error;
  }
}

/** An account's name as first and last name: the first word, then the rest. */
export function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/**
 * Makes sure the signed-in user has a profile: a 404 from GET /user/profile/{uid} means not yet
 * registered (a new Google user, or a sign-up whose registration failed), so register now.
 */
export async function ensureProfile(user: CurrentUser, details: ProfileDetails = {}): Promise<void> {
  try {
    await api.get<{ username: string }>(pathTo(ROUTES.getUsername, { uid: user.id }));
    return;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  await registerProfile(user, details);
}

/** The browser's IANA time zone, when it names one the server will take; release emails go out at 9:00 there. */
function browserTimeZone(): { time_zone?: string } {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? { time_zone: zone } : {};
  } catch {
    return {};
  }
}

/** The language the visitor reads the app in (their choice, else their browser's best): theirs from now on. */
function browserLocale(): { locale?: Locale } {
  return typeof navigator === 'undefined' ? {} : { locale: formatLocaleOf(browserLanguage()) };
}

/** POST /user/register with what is known; registering an already registered user changes nothing. */
export function registerProfile(user: CurrentUser, details: ProfileDetails = {}): Promise<UserProfile> {
  const { first, last } = splitName(user.name);
  return api.post<UserProfile>(pathTo(ROUTES.registerProfile), {
    email: user.email,
    firebase_id: user.id,
    first_name: details.first_name ?? first,
    last_name: details.last_name ?? last,
    phone_number: details.phone_number ?? null,
    notification_preferences: details.notification_preferences ?? ['email'],
    ...readUtm(),
    ...browserTimeZone(),
    ...browserLocale(),
  });
}
