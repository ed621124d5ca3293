import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { emailSchema, text } from './text';
import { sessionUserSchema } from './users';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

/**
 * The identity endpoints under /api/auth that the product uses, and the only bodies they accept.
 * Anything else under /api/auth is a 404: the identity service's other endpoints (profile updates,
 * session lists, ...) are never reachable from outside.
 */

// The password rules apply when a password is chosen (sign-up, reset), not when one is tried.
const triedPasswordSchema = text()
  .min(1, { error: say(V.required) })
  .max(PASSWORD_MAX_LENGTH, { error: say(V.maxLength, { max: PASSWORD_MAX_LENGTH }) });

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: triedPasswordSchema,
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const signUpBodySchema = z.strictObject({
  email: emailSchema,
  // The password rules run in the bridge with the spec's own messages (see auth guards).
  password: triedPasswordSchema,
  name: text()
    .trim()
    .max(101, { error: say(V.maxLength, { max: 101 }) }),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const requestPasswordResetBodySchema = z.strictObject({ email: emailSchema });

/** Where the browser returns after Google: a path on this site, never another origin. */
const returnPathSchema = text()
  .max(2000)
  .regex(/^\/(?![/\\])/, { error: say(V.sitePath) });

export const socialSignInBodySchema = z.strictObject({
  provider: z.literal('google', { error: () => say(V.google) }),
  callbackURL: returnPathSchema,
  errorCallbackURL: returnPathSchema,
});

export const signOutBodySchema = z.strictObject({}).optional();

/** Sign-in and sign-up answer the member they signed in (the session itself is the HttpOnly cookie). */
export const signedInSchema = z.object({ user: sessionUserSchema }).meta({ id: 'SignedIn' });

/** Answered whether or not the address has an account, so it tells nobody which addresses do. */
export const resetRequestedSchema = z
  .object({ status: z.literal(true), message: z.string().optional() })
  .meta({ id: 'ResetRequested' });

export const signedOutSchema = z.object({ success: z.boolean() }).meta({ id: 'SignedOut' });

/** Where to send the browser to sign in with Google. */
export const socialRedirectSchema = z
  .object({ url: z.url(), redirect: z.boolean() })
  .meta({ id: 'SocialSignIn' });
