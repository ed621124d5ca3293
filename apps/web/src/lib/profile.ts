import type { UserProfile } from '@releasebell/contract';
import { ERROR_CODES } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { ApiError, api } from './api-client';

// The signed-in member's profile, read by the profile page and by whatever follows the member's
// settings (the region of the dates a title page shows).
export const profileKey = (uid: string) => ['profile', uid] as const;

export const getProfile = (uid: string, signal?: AbortSignal) =>
  api.get<UserProfile>(pathTo(ROUTES.getProfile, { uid }), signal);

/**
 * The server's 404 PROFILE_NOT_FOUND: the account exists but sign-up's step 2, which registers the
 * profile, never happened (the member left after the account was made, or the registration failed).
 */
export const isProfileMissing = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.code === ERROR_CODES.profileNotFound;
