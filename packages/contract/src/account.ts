import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { emailSchema, text } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

/** Exports a member may download a day. */
export const EXPORTS_PER_DAY = 5;
/** A member without a password (Google) deletes their account only this soon after signing in. */
export const DELETE_SIGN_IN_MINUTES = 10;
/** What `GET /api/export` names its ZIP: `releasebell-export-2026-11-29.zip`. */
export const exportFileName = (day: string) => `releasebell-export-${day}.zip`;

/**
 * DELETE /api/account: the member's password, or (a member who signs in with Google) their email
 * typed out, soon after signing in.
 */
export const deleteAccountBodySchema = z
  .strictObject({
    password: text()
      .min(1, { error: say(V.required) })
      .max(PASSWORD_MAX_LENGTH, { error: say(V.maxLength, { max: PASSWORD_MAX_LENGTH }) })
      .optional(),
    confirm: emailSchema.optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.confirm === undefined), {
    error: say(V.passwordOrConfirm),
    path: ['password'],
  })
  .meta({ id: 'DeleteAccount' });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
