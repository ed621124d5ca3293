import { z } from 'zod';
import { LOCALES, MEDIA_TYPES, SEARCH_TYPES } from './constants';
import { followOptionSchema } from './follows';
import { regionSchema, text } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';
import { titleWatchSchema } from './watch';

export const mediaTypeSchema = z.enum(MEDIA_TYPES, {
  error: () => say(V.oneOf, { values: MEDIA_TYPES.join(', ') }),
});

export const searchTypeSchema = z.enum(SEARCH_TYPES, {
  error: () => say(V.oneOf, { values: SEARCH_TYPES.join(', ') }),
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

/**
 * The media item fields a search result carries: what a result row and the search dropdown show. A
 * search is asked at every pause in typing, so its answer leaves out the description and the facts
 * only a title's page shows (the page reads the whole item).
 */
export const SEARCH_ITEM_FIELDS = {
  _id: true,
  id: true,
  item_id: true,
  media_type: true,
  title: true,
  slug: true,
  image: true,
  creator: true,
  creator_label: true,
  release_date: true,
  release_date_precision: true,
} as const;

export const searchItemSchema = mediaItemSchema.pick(SEARCH_ITEM_FIELDS).meta({ id: 'SearchItem' });
export type SearchItem = z.infer<typeof searchItemSchema>;
export const searchItemListSchema = z.array(searchItemSchema);

/** `?region=GB`: whose release dates the answer gives; absent, the server's default region's. */
/** `?lang=`: titles and descriptions in this locale where the catalog has them (the original otherwise). */
export const langField = z
  .enum(LOCALES)
  .optional()
  .meta({
    description: `One of ${LOCALES.join(', ')}: titles and descriptions in this language where the catalog has them (TMDB's translations; books keep their own title). Absent: the catalog's own.`,
  });

export const regionQuerySchema = z.object({
  lang: langField,
  region: regionSchema.optional().meta({
    description:
      "ISO 3166-1 alpha-2 country (either case), e.g. GB: whose release dates to answer. Absent: the server's default region (TMDB_REGION). A well-formed code with no dates gets the stored date.",
  }),
});

/**
 * A movie's typed release dates in one country, as TMDB lists them (each the earliest of its kind
 * there; null where TMDB has none): theatrical is the earliest cinema release, wide (TMDB type 3) or
 * limited (type 2), the same rule as the date shown; digital is type 4 and physical type 5.
 */
export const regionalDatesSchema = z
  .object({
    /** ISO 3166-1 alpha-2, upper case. */
    region: z.string(),
    theatrical: isoDateSchema.nullable(),
    digital: isoDateSchema.nullable(),
    physical: isoDateSchema.nullable(),
  })
  .meta({
    id: 'RegionalDates',
    description:
      "A movie's release dates in one country (`region`), each the earliest of its kind there and null where TMDB lists none: `theatrical` is the earliest cinema release, wide or limited (TMDB types 3 and 2); `digital` TMDB type 4; `physical` type 5. Premieres and TV airings are none of them.",
  });
export type RegionalDates = z.infer<typeof regionalDatesSchema>;

/**
 * One item as its page shows it (GET /media/slug/...). For a movie, `release_date` (and its
 * precision) is the date the asked region sees when TMDB lists dates for it: its earliest theatrical
 * date, else digital, else any; otherwise, and for other media, the stored date (the server's default
 * region's). `regional_dates` lists that region's theatrical, digital and physical dates; it is null
 * for books and TV seasons, and for a movie TMDB lists none of the three for the region.
 */
export const mediaDetailSchema = mediaItemSchema
  .extend({
    regional_dates: regionalDatesSchema.nullable(),
    watch: titleWatchSchema.nullable(),
    follow: z.array(followOptionSchema).meta({
      description:
        "What this title lets a member follow: a season's series and creators, a movie's directors, a book's authors.",
    }),
  })
  .meta({
    id: 'MediaDetail',
    description:
      "One item as its page shows it. For a movie, `release_date` (precision `day`) is the date the asked region sees when TMDB lists dates there: its theatrical date, else digital, else any; otherwise, and for other media, it is the stored date (the server's default region's) with its own precision. `regional_dates` is that region's theatrical, digital and physical dates; null for books and TV seasons, and for a movie with none of the three in the region.",
  });
export type MediaDetail = z.infer<typeof mediaDetailSchema>;

export const mediaTypeParamsSchema = z.object({ mediaType: mediaTypeSchema });
export const mediaSlugParamsSchema = z.object({
  mediaType: mediaTypeSchema,
  slug: text().min(1).max(200),
});
export const recommendationParamsSchema = z.object({
  mediaType: mediaTypeSchema,
  itemId: z.uuid({ error: () => say(V.itemId) }),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
});
export const langQuerySchema = z.object({ lang: langField });

export const searchQuerySchema = z.object({
  q: text().max(200).default(''),
  type: searchTypeSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(30),
  lang: langField,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
