import { z } from 'zod';
import { REQUEST_EXTRA_INFO_MAX, REQUEST_MESSAGES, REQUEST_TITLE_MAX } from './constants';
import { mediaTypeSchema } from './media';
import { text } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

export const contentRequestBodySchema = z.strictObject({
  mediaType: mediaTypeSchema,
  title: text()
    .trim()
    .min(1, { error: say(REQUEST_MESSAGES.titleRequired) })
    .max(REQUEST_TITLE_MAX, { error: say(V.maxLength, { max: REQUEST_TITLE_MAX }) }),
  extraInfo: text()
    .trim()
    .max(REQUEST_EXTRA_INFO_MAX, { error: say(V.maxLength, { max: REQUEST_EXTRA_INFO_MAX }) })
    .default(''),
  // Sent by the client as the spec shows; the server records the session's user, never this value.
  userId: text().nullable().default(null),
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type ContentRequestBody = z.input<typeof contentRequestBodySchema>;
export type ContentRequestInput = z.output<typeof contentRequestBodySchema>;

export const contentRequestSchema = z
  .object({
    id: z.string(),
    mediaType: mediaTypeSchema,
    title: z.string(),
    extraInfo: z.string(),
    userId: z.string().nullable(),
    status: z.enum(['pending', 'added', 'rejected']),
    createdAt: z.string(),
  })
  .meta({ id: 'ContentRequest' });
export type ContentRequest = z.infer<typeof contentRequestSchema>;
