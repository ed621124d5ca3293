import type { UpdateProfileBody, UserProfile } from '@releasebell/contract';
import {
  DEFAULT_TIME_ZONE,
  notificationChannels,
  REMINDER_DAY_OPTIONS,
} from '@releasebell/contract/constants';

/** What the member edits on the profile (the email is not editable). */
export interface ProfileFormState {
  first_name: string;
  last_name: string;
  phone_number: string;
  sms: boolean;
  time_zone: string;
  reminder_days: number;
}

export const fromProfile = (p: UserProfile): ProfileFormState => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone_number: p.phone_number_display ?? p.phone_number ?? '',
  sms: p.notification_preferences.includes('mobile'),
  time_zone: p.time_zone,
  reminder_days: p.reminder_days,
});

/** The update to send: an empty phone is none, and SMS stays off without a phone. */
export const toUpdateBody = (form: ProfileFormState): UpdateProfileBody => ({
  first_name: form.first_name,
  last_name: form.last_name,
  phone_number: form.phone_number.trim() || null,
  notification_preferences: notificationChannels(form.sms && form.phone_number.trim() !== ''),
  time_zone: form.time_zone,
  reminder_days: form.reminder_days,
});

export const fullName = (p: UserProfile) => `${p.first_name} ${p.last_name}`.trim() || p.username;

/** "Off", "1 day before", "3 days before"... */
export const reminderLabel = (days: number) =>
  days === 0 ? 'Off' : `${days} ${days === 1 ? 'day' : 'days'} before`;

export const REMINDER_OPTIONS = REMINDER_DAY_OPTIONS.map((days) => ({
  value: String(days),
  label: reminderLabel(days),
}));

let zones: string[] | null = null;

/** The runtime's IANA zones plus UTC, and the member's own one when the runtime does not list it. */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  // Older browsers lack the list; they still get UTC and the member's own zone.
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  zones ??= [DEFAULT_TIME_ZONE, ...listed.filter((z) => z !== DEFAULT_TIME_ZONE)];
  const all = zones.includes(current) || !current ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
