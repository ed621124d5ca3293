import { z } from 'zod';
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_TIMEFRAMES } from './constants';
import { isoDateSchema, mediaTypeSchema, releaseDatePrecisionSchema } from './media';

export const leaderboardQuerySchema = z.object({
  timeframe: z
    .enum(LEADERBOARD_TIMEFRAMES, { error: () => `must be one of: ${LEADERBOARD_TIMEFRAMES.join(', ')}` })
    .default('weekly'),
  /** One media type; all types when absent. */
  media_type: mediaTypeSchema.optional(),
  page: z.coerce
    .number({ error: () => 'must be a page number from 1' })
    .int({ error: () => 'must be a page number from 1' })
    .min(1, { error: () => 'must be a page number from 1' })
    .max(1000)
    .default(1),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardItemSchema = z
  .object({
    rank: z.number().int().min(1),
    item_id: z.string(),
    title: z.string(),
    creator: z.string().nullable(),
    image: z.string().nullable(),
    release_date: isoDateSchema.nullable(),
    release_date_precision: releaseDatePrecisionSchema.nullable(),
    media_type: mediaTypeSchema,
    slug: z.string(),
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
