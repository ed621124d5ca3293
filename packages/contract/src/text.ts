import { z } from 'zod';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

/**
 * A string the product may store. PostgreSQL's text cannot hold U+0000, so every string a client
 * sends is refused with a 400 here rather than failing in the database.
 */
export const text = () => z.string().refine((value) => !value.includes('\u0000'), { error: say(V.noNul) });

/** An email address as accounts key it: trimmed and lower-cased. */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, { error: say(V.maxLength, { max: 254 }) })
  .pipe(z.email({ error: say(V.email) }));

/**
 * A country as the API takes it: two letters (ISO 3166-1 alpha-2, either case), answered in upper
 * case. A well-formed code TMDB lists nothing for is not an error: that country just has no dates.
 */
export const regionSchema = text()
  .regex(/^[A-Za-z]{2}$/, { error: say(V.region) })
  .transform((code) => code.toUpperCase());
