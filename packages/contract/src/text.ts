import { z } from 'zod';

export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * A string the product may store. PostgreSQL's text cannot hold U+0000, so every string a client
 * sends is refused with a 400 here rather than failing in the database.
 */
export const text = () => z.string().refine((value) => !value.includes('\u0000'), { error: NUL_MESSAGE });

/** An email address as accounts key it: trimmed and lower-cased. */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an email address' }));
