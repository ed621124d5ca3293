import type { UpdateProfileBody, UserProfile } from '@releasebell/contract';
import { notificationChannels } from '@releasebell/contract/constants';

/** What the member edits on the profile (the email is not editable). */
export interface ProfileFormState {
  first_name: string;
  last_name: string;
  phone_number: string;
  sms: boolean;
}

export const fromProfile = (p: UserProfile): ProfileFormState => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone_number: p.phone_number ?? '',
  sms: p.notification_preferences.includes('mobile'),
});

/** The update to send: an empty phone is none, and SMS stays off without a phone. */
export const toUpdateBody = (form: ProfileFormState): UpdateProfileBody => ({
  first_name: form.first_name,
  last_name: form.last_name,
  phone_number: form.phone_number.trim() || null,
  notification_preferences: notificationChannels(form.sms && form.phone_number.trim() !== ''),
});

export const fullName = (p: UserProfile) => `${p.first_name} ${p.last_name}`.trim() || p.username;
