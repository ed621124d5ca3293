import type { NotificationChannel, UserProfile } from '@releasebell/contract';
import { isTimeZone } from '@releasebell/contract/constants';
import { ApiError, api } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/session';
import { readUtm } from '../../../lib/utm';

interface UserAnswer {
  user: CurrentUser;
}

export const signInWithEmail = (email: string, password: string) =>
  api.post<UserAnswer>('/api/auth/sign-in/email', { email, password });

export const signUpWithEmail = (email: string, password: string, name: string) =>
  api.post<UserAnswer>('/api/auth/sign-up/email', { email, password, name });

export const requestPasswordReset = (email: string) =>
  api.post<{ status: boolean }>('/api/auth/request-password-reset', { email });

export const resetPassword = (token: string, newPassword: string) =>
  api.post<UserAnswer>('/api/account/reset-password', { token, newPassword });

/** Starts Google sign-in; the browser leaves for Google and comes back to `returnTo`. */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const separator = returnTo.includes('?') ? '&' : '?';
  const { url } = await api.post<{ url: string }>('/api/auth/sign-in/social', {
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
 * Makes sure the signed-in user has a profile: a 404 from GET /user/profile/{uid} means not yet
 * registered (a new Google user, or a sign-up whose registration failed), so register now.
 */
export async function ensureProfile(user: CurrentUser, details: ProfileDetails = {}): Promise<void> {
  try {
    await api.get<{ username: string }>(`/user/profile/${encodeURIComponent(user.id)}`);
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

/** POST /user/register with what is known; registering an already registered user changes nothing. */
export function registerProfile(user: CurrentUser, details: ProfileDetails = {}): Promise<UserProfile> {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return api.post<UserProfile>('/user/register', {
    email: user.email,
    firebase_id: user.id,
    first_name: details.first_name ?? first,
    last_name: details.last_name ?? rest.join(' '),
    phone_number: details.phone_number ?? null,
    notification_preferences: details.notification_preferences ?? ['email'],
    ...readUtm(),
    ...browserTimeZone(),
  });
}
