import type { UserProfile } from '@releasebell/contract';
import { api } from './api-client';

// The signed-in member's profile, read by the profile page and by whatever follows the member's
// settings (the region of the dates a title page shows).
export const profileKey = (uid: string) => ['profile', uid] as const;

export const getProfile = (uid: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/user/details/${encodeURIComponent(uid)}`, signal);
