import { ERROR_CODES, type SessionUser } from '@releasebell/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request (looked up once), or null. */
    sessionUser(): Promise<SessionUser | null>;
    /** When this request's session began (its sign-in), or null signed out. */
    sessionStartedAt(): Promise<Date | null>;
  }
}

const MESSAGES = {
  unauthorized: /*i18n*/ { id: 'error.session.unauthorized', message: 'Sign in to continue.' },
  forbidden: /*i18n*/ { id: 'error.session.forbidden', message: 'This belongs to another user.' },
};

export const unauthorized = () => new HttpError(401, ERROR_CODES.unauthorized, MESSAGES.unauthorized);
const forbidden = () => new HttpError(403, ERROR_CODES.forbidden, MESSAGES.forbidden);

/** The signed-in member's id, or a 401: for routes about "my" things without a uid in the path. */
export async function signedInId(req: FastifyRequest): Promise<string> {
  const user = await req.sessionUser();
  if (!user) throw unauthorized();
  return user.id;
}

/**
 * For routes with `:uid`: 401 when signed out, 403 when the uid is not the session's user. Runs before
 * validation, so a malformed uid is simply someone else's (403) and leaks nothing about the schema.
 */
export async function ownerOnly(req: FastifyRequest) {
  const user = await req.sessionUser();
  if (!user) throw unauthorized();
  const uid = (req.params as { uid?: unknown }).uid;
  if (uid !== user.id) throw forbidden();
}
