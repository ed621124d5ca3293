import { AUTH_MESSAGES, ERROR_CODES } from '@releasebell/contract';
import { HttpError } from '../../errors';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import type { AuthGuards } from './guards';
import type { AccountUser, AuthRepository } from './repository';

const invalidToken = () => new HttpError(400, ERROR_CODES.invalidToken, AUTH_MESSAGES.invalidToken);

export interface ResetOutcome {
  user: AccountUser;
  /** The new session's cookie and the device cookie. */
  cookies: string[];
}

/**
 * Choosing a new password with an emailed token: the password rules, then better-auth sets it and
 * revokes the old sessions, every other reset link of the member stops working, and the member is
 * signed in.
 */
export function createPasswordResetService(deps: {
  auth: Auth;
  repository: AuthRepository;
  guards: AuthGuards;
  clock: () => Date;
}) {
  const { auth, repository, guards, clock } = deps;
  return {
    async reset(
      token: string,
      newPassword: string,
      client: { ip: string; userAgent?: string | undefined },
    ): Promise<ResetOutcome> {
      const user = await repository.resetTokenOwner(token, clock());
      if (!user) throw invalidToken();
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch {
        // Used a moment ago by another request: the token works once.
        throw invalidToken();
      }
      await repository.deleteResetTokens(user.id);
      const headers = new Headers({ [CLIENT_IP_HEADER]: client.ip });
      if (client.userAgent) headers.set('user-agent', client.userAgent);
      const signedIn = await auth.api.signInEmail({
        body: { email: user.email, password: newPassword },
        headers,
        returnHeaders: true,
      });
      return { user, cookies: [...signedIn.headers.getSetCookie(), guards.deviceCookieFor(user.email)] };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
