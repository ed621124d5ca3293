import type { Locale } from '@releasebell/contract';
import { and, eq, gt, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userProfiles, users, verifications } from '../../db/schema';

/** better-auth keeps each reset token as a verification row `reset-password:{token}` -> user id. */
const RESET_PREFIX = 'reset-password:';

export interface AccountUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

const userColumns = { id: users.id, email: users.email, name: users.name, image: users.image };

/** The identity tables read and tidied by the product itself (better-auth writes them). */
export function createAuthRepository(db: Database) {
  return {
    /** The language the member reads in (their profile's), or null before they have a profile. */
    async localeOf(userId: string): Promise<Locale | null> {
      const [row] = await db
        .select({ locale: userProfiles.locale })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId));
      return row?.locale ?? null;
    },

    async userByEmail(email: string): Promise<AccountUser | null> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /** The user a reset token belongs to, while it is unexpired. */
    async resetTokenOwner(token: string, now: Date): Promise<AccountUser | null> {
      const [row] = await db
        .select(userColumns)
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.value))
        .where(and(eq(verifications.identifier, `${RESET_PREFIX}${token}`), gt(verifications.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    /** Every reset link of the user stops working (after one of them was used). */
    async deleteResetTokens(userId: string): Promise<void> {
      await db
        .delete(verifications)
        .where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
