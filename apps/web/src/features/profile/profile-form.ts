import type { UpdateProfileBody, UserProfile } from '@releasebell/contract';
import {
  DEFAULT_TIME_ZONE,
  type Locale,
  MOVIE_RELEASE_KIND_LABELS,
  MOVIE_RELEASE_KINDS,
  type MovieReleaseKind,
  notificationChannels,
  REGION_CODES,
  REMINDER_DAY_OPTIONS,
} from '@releasebell/contract/constants';
import type { Translate } from '../../lib/i18n';
import { browserRegion, regionName } from '../../lib/region';

const MESSAGES = {
  reminderOff: /*i18n*/ { id: 'profile.profileForm.reminderOff', message: 'Off' },
  reminderDays: /*i18n*/ {
    id: 'profile.profileForm.reminderDays',
    message: '{days, plural, one {# day before} other {# days before}}',
  },
  fromBrowser: /*i18n*/ { id: 'profile.profileForm.fromBrowser', message: 'From my browser' },
  fromBrowserIn: /*i18n*/ { id: 'profile.profileForm.fromBrowserIn', message: 'From my browser ({country})' },
};

/** What the member edits on the profile (the email is not editable). */
export interface ProfileFormState {
  first_name: string;
  last_name: string;
  phone_number: string;
  sms: boolean;
  time_zone: string;
  reminder_days: number;
  /** A country code, or '' for "from my browser" (null on the profile). */
  region: string;
  movie_release_kind: MovieReleaseKind;
  /** The language the member's pages and messages are in. */
  locale: Locale;
}

export const fromProfile = (p: UserProfile): ProfileFormState => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone_number: p.phone_number_display ?? p.phone_number ?? '',
  sms: p.notification_preferences.includes('mobile'),
  time_zone: p.time_zone,
  reminder_days: p.reminder_days,
  region: p.region ?? '',
  movie_release_kind: p.movie_release_kind,
  locale: p.locale,
});

/** The update to send: an empty phone is none, and SMS stays off without a phone. */
export const toUpdateBody = (form: ProfileFormState): UpdateProfileBody => ({
  first_name: form.first_name,
  last_name: form.last_name,
  phone_number: form.phone_number.trim() || null,
  notification_preferences: notificationChannels(form.sms && form.phone_number.trim() !== ''),
  time_zone: form.time_zone,
  reminder_days: form.reminder_days,
  region: form.region || null,
  movie_release_kind: form.movie_release_kind,
  locale: form.locale,
});

/** Texts are asked for: SMS on, with a number. */
const wantsTexts = (p: UserProfile | undefined) =>
  !!p?.phone_number && p.notification_preferences.includes('mobile');

/**
 * Whether a save (`before` -> `after`) asked for texts to a number that is not verified yet: SMS was just
 * turned on, or the number changed while it was on. Its code is then sent at once.
 */
export const smsNeedsCode = (before: UserProfile | undefined, after: UserProfile) =>
  wantsTexts(after) &&
  !after.phone_verified &&
  (!wantsTexts(before) || before?.phone_number !== after.phone_number);

/** Texts are asked for, and the number is not verified yet: the profile offers to verify it. */
export const needsVerification = (p: UserProfile) => wantsTexts(p) && !p.phone_verified;

export const fullName = (p: UserProfile) => `${p.first_name} ${p.last_name}`.trim() || p.username;

/** "Off", "1 day before", "3 days before"... */
export const reminderLabel = (t: Translate, days: number) =>
  days === 0 ? t(MESSAGES.reminderOff) : t(MESSAGES.reminderDays, { days });

/** The reminder select's choices, in the page's language. */
export const reminderOptions = (t: Translate) =>
  REMINDER_DAY_OPTIONS.map((days) => ({ value: String(days), label: reminderLabel(t, days) }));

let zones: string[] | null = null;

/** The runtime's IANA zones plus UTC, and the member's own one when the runtime does not list it. */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  // Older browsers lack the list; they still get UTC and the member's own zone.
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  zones ??= [DEFAULT_TIME_ZONE, ...listed.filter((z) => z !== DEFAULT_TIME_ZONE)];
  const all = zones.includes(current) || !current ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** "From my browser (United Kingdom)": what no choice of country means here and now. */
function browserRegionLabel(t: Translate, language: string): string {
  const region = browserRegion();
  return region
    ? t(MESSAGES.fromBrowserIn, { country: regionName(region, language) })
    : t(MESSAGES.fromBrowser);
}

/** The country a profile shows (in the page's `language`): its name, or what following the browser means. */
export const regionLabel = (t: Translate, region: string | null, language: string) =>
  region ? regionName(region, language) : browserRegionLabel(t, language);

/** The countries by name, per language (made once each: 250 names, sorted). */
const countries = new Map<string, { value: string; label: string }[]>();

/** The select's value for "from my browser" (the form's '', the profile's null). */
export const BROWSER_REGION = 'browser';

/**
 * Every country of the contract's list by its name in the page's `language`, in that language's
 * alphabetical order; `current` too if unlisted.
 */
export function countryOptions(current: string, language: string): { value: string; label: string }[] {
  let all = countries.get(language);
  if (!all) {
    // US English sorts as the product always has (by 'en').
    const collation = language === 'en-US' ? 'en' : language;
    all = REGION_CODES.map((code) => ({ value: code, label: regionName(code, language) })).sort((a, b) =>
      a.label.localeCompare(b.label, collation),
    );
    countries.set(language, all);
  }
  const listed = !current || all.some((c) => c.value === current);
  return listed ? all : [{ value: current, label: regionName(current, language) }, ...all];
}

/** "From my browser", then every country by its name in `language`; the saved one even if unlisted. */
export function regionOptions(
  t: Translate,
  current: string,
  language: string,
): { value: string; label: string }[] {
  return [
    { value: BROWSER_REGION, label: browserRegionLabel(t, language) },
    ...countryOptions(current, language),
  ];
}

/** The movie release kind select's choices, in the page's language. */
export const movieReleaseKindOptions = (t: Translate) =>
  MOVIE_RELEASE_KINDS.map((kind) => ({ value: kind, label: t(MOVIE_RELEASE_KIND_LABELS[kind]) }));
