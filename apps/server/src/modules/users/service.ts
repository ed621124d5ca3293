import { randomInt } from 'node:crypto';
import {
  AVATAR_MESSAGES,
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  type Locale,
  type MovieReleaseKind,
  type NotificationChannel,
  notificationChannels,
  type SessionUser,
  type UserProfile,
} from '@releasebell/contract';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@releasebell/contract/constants';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { HttpError, joined } from '../../errors';
import type { PhoneRules } from '../../infra/texts/phone-rules';
import { type Clock, systemClock } from '../../lib/clock';
import type { ProfileRecord, UsersRepository } from './repository';

/** The spec's rule: the email's local part without non-alphanumerics, plus a number 0-999. */
export function generateUsername(email: string, random: () => number = () => randomInt(0, 1000)): string {
  const local = email.split('@')[0] ?? '';
  const base = local.replace(/[^A-Za-z0-9]/g, '') || 'member';
  return `${base.slice(0, 40)}${random()}`;
}

/** Email always; mobile and push only as asked (the schema already refused mobile without a phone). */
const preferences = (asked: NotificationChannel[]) =>
  notificationChannels(asked.includes('mobile'), asked.includes('push'));

const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const MESSAGES = {
  profileNotFound: /*i18n*/ {
    id: 'error.users.profileNotFound',
    message: 'This user has not completed registration yet.',
  },
  ownAccountOnly: /*i18n*/ {
    id: 'error.users.ownAccountOnly',
    message: 'You can only register your own account.',
  },
  mustBeSignedInUser: /*i18n*/ {
    id: 'error.users.mustBeSignedInUser',
    message: 'must be the signed-in user',
  },
  mustBeAccountEmail: /*i18n*/ {
    id: 'error.users.mustBeAccountEmail',
    message: "must be the signed-in account's email",
  },
  noFreeUsername: /*i18n*/ {
    id: 'error.users.noFreeUsername',
    message: 'Could not find a free username. Try again.',
  },
};

export const profileNotFound = () => new HttpError(404, 'PROFILE_NOT_FOUND', MESSAGES.profileNotFound);

function toUserProfile(record: ProfileRecord): UserProfile {
  return {
    uid: record.userId,
    email: record.email,
    username: record.username,
    first_name: record.firstName,
    last_name: record.lastName,
    phone_number: record.phoneNumber,
    phone_number_display: record.phoneNumber
      ? (parsePhoneNumberFromString(record.phoneNumber)?.formatInternational() ?? record.phoneNumber)
      : null,
    // The version in the URL makes a new picture bypass the browser's cache.
    avatar: record.avatarUpdatedAt
      ? `/user/avatar/${encodeURIComponent(record.userId)}?v=${record.avatarUpdatedAt.getTime()}`
      : null,
    notification_preferences: preferences(record.notificationPreferences),
    time_zone: record.timeZone,
    reminder_days: record.reminderDays,
    email_paused: record.emailPausedAt !== null,
    sms_opted_out: record.smsOptedOutAt !== null,
    phone_verified: record.phoneVerifiedAt !== null,
    region: record.region,
    movie_release_kind: record.movieReleaseKind,
    locale: record.locale,
    created_at: record.createdAt.toISOString(),
  };
}

export interface RegisterInput {
  email: string;
  firebase_id: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  notification_preferences: NotificationChannel[];
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  time_zone?: string;
  locale?: Locale | undefined;
}

export function createUsersService(repo: UsersRepository, rules: PhoneRules, clock: Clock = systemClock) {
  const load = async (userId: string) => {
    const record = await repo.findProfile(userId);
    if (!record) throw profileNotFound();
    return toUserProfile(record);
  };

  return {
    load,

    /** Creates the member's profile; registering again answers the existing one. */
    /** `fallbackLocale`: the request's language, when the browser did not send one. */
    async register(
      user: SessionUser,
      input: RegisterInput,
      fallbackLocale: Locale = DEFAULT_LOCALE,
    ): Promise<{ created: boolean; profile: UserProfile }> {
      if (input.firebase_id !== user.id) {
        throw new HttpError(403, 'FORBIDDEN', MESSAGES.ownAccountOnly, [
          { field: 'firebase_id', message: MESSAGES.mustBeSignedInUser },
        ]);
      }
      if (input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new HttpError(400, 'VALIDATION_ERROR', joined('email: ', MESSAGES.mustBeAccountEmail), [
          { field: 'email', message: MESSAGES.mustBeAccountEmail },
        ]);
      }
      const phoneNumber = rules.toE164(input.phone_number);
      for (let attempt = 0; attempt < 20; attempt++) {
        const outcome = await repo.insertProfile(
          {
            userId: user.id,
            // After a few collisions, widen the number so a popular local part still finds a free name.
            username: generateUsername(
              user.email,
              attempt < 10 ? undefined : () => randomInt(1000, 1_000_000),
            ),
            firstName: input.first_name.trim(),
            lastName: input.last_name.trim(),
            phoneNumber,
            // No device is subscribed yet: push comes on with the first one.
            notificationPreferences: notificationChannels(input.notification_preferences.includes('mobile')),
            timeZone: input.time_zone ?? DEFAULT_TIME_ZONE,
            locale: input.locale ?? fallbackLocale,
            utmSource: emptyToNull(input.utm_source),
            utmMedium: emptyToNull(input.utm_medium),
            utmCampaign: emptyToNull(input.utm_campaign),
          },
          clock(),
        );
        if (outcome === 'inserted') return { created: true, profile: await load(user.id) };
        if (outcome === 'exists') return { created: false, profile: await load(user.id) };
      }
      throw new HttpError(409, 'USERNAME_UNAVAILABLE', MESSAGES.noFreeUsername);
    },

    async update(
      userId: string,
      input: {
        first_name: string;
        last_name: string;
        phone_number: string | null;
        notification_preferences: NotificationChannel[];
        time_zone?: string | undefined;
        reminder_days?: number | undefined;
        email_paused?: boolean | undefined;
        region?: string | null | undefined;
        movie_release_kind?: MovieReleaseKind | undefined;
        locale?: Locale | undefined;
      },
    ): Promise<UserProfile> {
      const phone = rules.toE164(input.phone_number);
      const now = clock();
      const mobile = input.notification_preferences.includes('mobile');
      const updated = await repo.updateProfile(
        userId,
        {
          firstName: input.first_name.trim(),
          lastName: input.last_name.trim(),
          phoneNumber: phone,
          notificationPreferences: preferences(input.notification_preferences),
          ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
          ...(input.reminder_days !== undefined ? { reminderDays: input.reminder_days } : {}),
          ...(input.email_paused !== undefined ? { emailPausedAt: input.email_paused ? now : null } : {}),
          ...(input.region !== undefined ? { region: input.region } : {}),
          ...(input.movie_release_kind !== undefined ? { movieReleaseKind: input.movie_release_kind } : {}),
          ...(input.locale !== undefined ? { locale: input.locale } : {}),
          // Turning SMS on again is the member's answer to a STOP: texts may go out again.
          ...(mobile ? { smsOptedOutAt: null } : {}),
        },
        now,
      );
      if (!updated) throw profileNotFound();
      return load(userId);
    },

    async setAvatar(userId: string, contentType: string | undefined, data: Buffer): Promise<UserProfile> {
      const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!(AVATAR_TYPES as readonly string[]).includes(type) || !matchesSignature(type, data)) {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', AVATAR_MESSAGES.wrongType);
      }
      if (data.length > AVATAR_MAX_BYTES) {
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', AVATAR_MESSAGES.tooLarge);
      }
      if (!(await repo.findProfile(userId))) throw profileNotFound();
      await repo.saveAvatar(userId, type, data, clock());
      return load(userId);
    },

    async removeAvatar(userId: string): Promise<UserProfile> {
      await repo.deleteAvatar(userId);
      return load(userId);
    },

    avatar: (userId: string) => repo.findAvatar(userId),
  };
}

/** The declared type must match the bytes: a script renamed to .png is not an image. */
function matchesSignature(type: string, data: Buffer): boolean {
  if (type === 'image/png')
    return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (type === 'image/jpeg') return data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (type === 'image/webp')
    return (
      data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP'
    );
  return false;
}

export type UsersService = ReturnType<typeof createUsersService>;
