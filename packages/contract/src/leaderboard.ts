import { z } from 'zod';
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_TIMEFRAMES } from './constants';
import { langField, mediaItemSchema, mediaTypeSchema } from './media';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

export const leaderboardQuerySchema = z.object({
  timeframe: z
    .enum(LEADERBOARD_TIMEFRAMES, {
      error: () => say(V.oneOf, { values: LEADERBOARD_TIMEFRAMES.join(', ') }),
    })
    .default('weekly'),
  /** One media type; all types when absent. */
  media_type: mediaTypeSchema.optional(),
  lang: langField,
  page: z.coerce
    .number({ error: () => say(V.pageNumber) })
    .int({ error: () => say(V.pageNumber) })
    .min(1, { error: () => say(V.pageNumber) })
    .max(1000)
    .default(1),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** The media item fields a ranked card carries. */
export const LEADERBOARD_ITEM_FIELDS = {
  item_id: true,
  title: true,
  creator: true,
  image: true,
  release_date: true,
  release_date_precision: true,
  media_type: true,
  slug: true,
} as const;

export const leaderboardItemSchema = z
  .object({ rank: z.number().int().min(1) })
  .extend(mediaItemSchema.pick(LEADERBOARD_ITEM_FIELDS).shape)
  .extend({
    /** Distinct members who added it within the window and still track it. */
    trackers: z.number().int().min(0),
  })
  .meta({ id: 'LeaderboardItem' });
export type LeaderboardItem = z.infer<typeof leaderboardItemSchema>;

export const leaderboardSchema = z
  .object({
    items: z.array(leaderboardItemSchema),
    pagination: z.object({
      page: z.number().int(),
      page_size: z.literal(LEADERBOARD_PAGE_SIZE),
      has_next: z.boolean(),
    }),
  })
  .meta({
    id: 'Leaderboard',
    description: `Ranked by distinct members who added the item within the last 7 (weekly) or 30 (monthly) days and still track it; ties by total trackers, then title. ${LEADERBOARD_PAGE_SIZE} items per page.`,
  });
export type Leaderboard = z.infer<typeof leaderboardSchema>;
