import type { Locale, NotificationChannel } from '@releasebell/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { phoneVerifications, type UserProfileRow, userAvatars, userProfiles, users } from '../../db/schema';

export interface NewProfile {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  notificationPreferences: NotificationChannel[];
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  timeZone: string;
  locale: Locale;
}

export interface ProfileRecord extends UserProfileRow {
  email: string;
  hasAvatar: boolean;
  avatarUpdatedAt: Date | null;
}

export function createUsersRepository(db: Database) {
  const deletePhoneCode = async (userId: string) => {
    await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  };
  return {
    async findProfile(userId: string): Promise<ProfileRecord | null> {
      const rows = await db
        .select({ profile: userProfiles, email: users.email, avatarUpdatedAt: userAvatars.updatedAt })
        .from(userProfiles)
        .innerJoin(users, eq(users.id, userProfiles.userId))
        .leftJoin(userAvatars, eq(userAvatars.userId, userProfiles.userId))
        .where(eq(userProfiles.userId, userId))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      return {
        ...row.profile,
        email: row.email,
        hasAvatar: !!row.avatarUpdatedAt,
        avatarUpdatedAt: row.avatarUpdatedAt,
      };
    },

    /**
     * Inserts unless the user already has a profile or the username is taken; returns whether it did.
     * `at` (the app's clock) stamps it.
     */
    async insertProfile(profile: NewProfile, at: Date): Promise<'inserted' | 'exists' | 'username-taken'> {
      const inserted = await db
        .insert(userProfiles)
        .values({ ...profile, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ userId: userProfiles.userId });
      if (inserted.length > 0) return 'inserted';
      const existing = await db
        .select({ userId: userProfiles.userId })
        .from(userProfiles)
        .where(eq(userProfiles.userId, profile.userId))
        .limit(1);
      return existing.length > 0 ? 'exists' : 'username-taken';
    },

    async updateProfile(
      userId: string,
      fields: Pick<NewProfile, 'firstName' | 'lastName' | 'phoneNumber' | 'notificationPreferences'> &
        Partial<
          Pick<
            UserProfileRow,
            | 'timeZone'
            | 'reminderDays'
            | 'emailPausedAt'
            | 'smsOptedOutAt'
            | 'region'
            | 'movieReleaseKind'
            | 'locale'
          >
        >,
      at: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(userProfiles)
        .set({
          ...fields,
          // Push is on while the member has devices subscribed (the push endpoints turn it on and off),
          // whatever the profile form sends.
          notificationPreferences: sql`case when 'push' = any(${userProfiles.notificationPreferences})
            then array_append(${toTextArray(fields.notificationPreferences.filter((c) => c !== 'push'))}, 'push')
            else ${toTextArray(fields.notificationPreferences.filter((c) => c !== 'push'))} end`,
          // A new number is not verified, whoever owned the old one.
          phoneVerifiedAt: sql`case when ${userProfiles.phoneNumber} is not distinct from ${fields.phoneNumber}
            then ${userProfiles.phoneVerifiedAt} end`,
          updatedAt: at,
        })
        .where(eq(userProfiles.userId, userId))
        .returning({ userId: userProfiles.userId });
      return updated.length > 0;
    },

    /** The member's pending code (a new one replaces the last). */
    async savePhoneCode(
      code: { userId: string; phoneNumber: string; codeHash: string; expiresAt: Date },
      at: Date,
    ) {
      const row = { ...code, tries: 0, createdAt: at };
      await db
        .insert(phoneVerifications)
        .values(row)
        .onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
    },

    async findPhoneCode(userId: string) {
      const rows = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
      return rows[0] ?? null;
    },

    /** Counts a wrong answer; returns whether the code still works (fewer than `maxTries` wrong). */
    async failPhoneCode(userId: string, maxTries: number): Promise<boolean> {
      const rows = await db
        .update(phoneVerifications)
        .set({ tries: sql`${phoneVerifications.tries} + 1` })
        .where(and(eq(phoneVerifications.userId, userId), lt(phoneVerifications.tries, maxTries)))
        .returning({ tries: phoneVerifications.tries });
      const tries = rows[0]?.tries ?? maxTries;
      if (tries >= maxTries) await deletePhoneCode(userId);
      return tries < maxTries;
    },

    deletePhoneCode,

    /**
     * The code was right: the number it was sent to is verified, if it is still the profile's, and
     * the code is used up (one statement, so a second right answer finds nothing).
     */
    async confirmPhoneCode(userId: string, phoneNumber: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .delete(phoneVerifications)
          .where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.phoneNumber, phoneNumber)))
          .returning({ userId: phoneVerifications.userId });
        if (used.length === 0) return false;
        const verified = await tx
          .update(userProfiles)
          .set({ phoneVerifiedAt: at, updatedAt: at })
          .where(and(eq(userProfiles.userId, userId), eq(userProfiles.phoneNumber, phoneNumber)))
          .returning({ userId: userProfiles.userId });
        return verified.length > 0;
      });
    },

    async findAvatar(userId: string) {
      const rows = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
      return rows[0] ?? null;
    },

    async saveAvatar(userId: string, contentType: string, data: Buffer, at: Date) {
      await db
        .insert(userAvatars)
        .values({ userId, contentType, data, updatedAt: at })
        .onConflictDoUpdate({ target: userAvatars.userId, set: { contentType, data, updatedAt: at } });
    },

    async deleteAvatar(userId: string) {
      await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** A text[] literal of these values (bound, one parameter each). */
function toTextArray(values: readonly string[]) {
  return values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
}
