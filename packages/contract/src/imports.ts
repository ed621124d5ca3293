import { z } from 'zod';
import { IMPORT_SOURCES } from './constants';
import { FOLLOW_KINDS, followRefSchema } from './follows';
import { mediaItemSchema } from './media';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

export const IMPORT_STATUSES = ['matching', 'ready', 'applied', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** What became of a row; `pending` until the matching job has looked at it. */
export const IMPORT_ENTRY_STATUSES = [
  'matched',
  'ambiguous',
  'unmatched',
  'already_tracked',
  'skipped',
] as const;
export type ImportEntryStatus = (typeof IMPORT_ENTRY_STATUSES)[number] | 'pending';

export const importCreatedSchema = z
  .object({
    id: z.uuid(),
    source: z.enum(IMPORT_SOURCES),
    rows: z.int().min(0),
    status: z.literal('matching'),
  })
  .meta({ id: 'ImportCreated' });
export type ImportCreated = z.infer<typeof importCreatedSchema>;

export const importEntrySchema = z
  .object({
    line: z.int().min(1).meta({ description: "The row's first line in the file (1 is the header)" }),
    title: z.string(),
    year: z.int().nullable(),
    status: z.enum([...IMPORT_ENTRY_STATUSES, 'pending']),
    item: mediaItemSchema.optional(),
    candidates: z.array(mediaItemSchema).optional().meta({ description: 'Ambiguous entries: best first' }),
    reason: z.string().optional(),
  })
  .meta({ id: 'ImportEntry' });
export type ImportEntry = z.infer<typeof importEntrySchema>;

export const suggestedFollowSchema = z
  .object({
    ref: z.string(),
    name: z.string(),
    kind: z.enum(FOLLOW_KINDS),
    because: z.string(),
    checked: z.boolean().meta({
      description:
        "Ticked in the preview to begin with: a Releasebell export's own follows are, suggestions are not",
    }),
  })
  .meta({ id: 'SuggestedFollow' });
export type SuggestedFollow = z.infer<typeof suggestedFollowSchema>;

export const importSchema = z
  .object({
    id: z.uuid(),
    source: z.enum(IMPORT_SOURCES),
    status: z.enum(IMPORT_STATUSES),
    rows: z.int().min(0),
    progress: z.number().min(0).max(1),
    matched: z.int().min(0),
    ambiguous: z.int().min(0),
    unmatched: z.int().min(0),
    already_tracked: z.int().min(0),
    entries: z.array(importEntrySchema),
    suggested_follows: z.array(suggestedFollowSchema),
  })
  .meta({ id: 'Import' });
export type Import = z.infer<typeof importSchema>;

export const importParamsSchema = z.object({ id: z.uuid({ error: () => say(V.importId) }) });

/** POST /api/imports/{id}/apply: which titles to add, and which suggested refs to follow. */
export const applyImportBodySchema = z
  .strictObject({
    choices: z
      .record(
        z.string().regex(/^[1-9]\d{0,5}$/, { error: () => say(V.lineNumber) }),
        z.uuid({ error: () => say(V.itemIdOrNull) }).nullable(),
      )
      .optional()
      .meta({
        description:
          'Per line: the title to add (one of its candidates for an ambiguous line), or null to leave a matched line out',
      }),
    follow: z.array(followRefSchema).max(50).optional(),
  })
  .meta({ id: 'ApplyImport' });
export type ApplyImportBody = z.infer<typeof applyImportBodySchema>;

export const appliedImportSchema = z
  .object({ added: z.int().min(0), already_tracked: z.int().min(0), followed: z.int().min(0) })
  .meta({ id: 'AppliedImport' });
export type AppliedImport = z.infer<typeof appliedImportSchema>;
