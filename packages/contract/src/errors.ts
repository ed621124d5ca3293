import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './constants';

/** The one error shape every failing API call answers with. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
