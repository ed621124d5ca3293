import { z } from 'zod';
import { REGION_MESSAGES } from './regions';

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

/**
 * A country as the API takes it: two letters (ISO 3166-1 alpha-2, either case), answered in upper
 * case. A well-formed code TMDB lists nothing for is not an error: that country just has no dates.
 */
export const regionSchema = text()
  .regex(/^[A-Za-z]{2}$/, { error: REGION_MESSAGES.badRegion })
  .transform((code) => code.toUpperCase());
