import { z } from 'zod';
import { MEDIA_TYPES, SEARCH_TYPES } from './constants';
import { text } from './text';

export const mediaTypeSchema = z.enum(MEDIA_TYPES, {
  error: () => `must be one of: ${MEDIA_TYPES.join(', ')}`,
});

export const searchTypeSchema = z.enum(SEARCH_TYPES, {
  error: () => `must be one of: ${SEARCH_TYPES.join(', ')}`,
});

export const releaseDatePrecisionSchema = z.enum(['day', 'month', 'year']);
export type ReleaseDatePrecision = z.infer<typeof releaseDatePrecisionSchema>;

/** A calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

export const mediaItemSchema = z
  .object({
    // The spec names the identifier `_id`, `id` and `item_id` in different places; all three carry it.
    _id: z.string(),
    id: z.string(),
    item_id: z.string(),
    media_type: mediaTypeSchema,
    title: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    description: z.string(),
    author: z.string().nullable(),
    director: z.string().nullable(),
    network_name: z.string().nullable(),
    series: z.string().nullable(),
    series_number: z.number().int().nullable(),
    creator: z.string().nullable(),
    creator_label: z.string().nullable(),
    release_date: isoDateSchema.nullable(),
    release_date_precision: releaseDatePrecisionSchema.nullable(),
    language: z.string(),
    genres: z.array(z.string()),
    hype_meter_percentage: z.number().min(0).max(100),
    popularity: z.number(),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.array(mediaItemSchema);

export const mediaTypeParamsSchema = z.object({ mediaType: mediaTypeSchema });
export const mediaSlugParamsSchema = z.object({
  mediaType: mediaTypeSchema,
  slug: text().min(1).max(200),
});
export const recommendationParamsSchema = z.object({
  mediaType: mediaTypeSchema,
  itemId: z.uuid({ error: () => 'must be an item id' }),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const searchQuerySchema = z.object({
  q: text().max(200).default(''),
  type: searchTypeSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(30),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
