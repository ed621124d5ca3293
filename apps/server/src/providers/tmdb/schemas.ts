import { z } from 'zod';

// One zod schema per TMDB v3 endpoint the product reads (developer.themoviedb.org/reference).
// Objects are not strict: TMDB adds fields over time and unknown keys are ignored. Dates come as
// `YYYY-MM-DD` or as "" when unknown, which is read as null.

/** "" or a missing date is no date. */
const tmdbDate = z
  .string()
  .nullish()
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null));

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    results: z.array(item),
    total_pages: z.number().int(),
    total_results: z.number().int(),
  });

const movieSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  original_title: z.string().optional(),
  overview: z.string().nullish(),
  poster_path: z.string().nullish(),
  release_date: tmdbDate,
  popularity: z.number().nullish(),
  genre_ids: z.array(z.number().int()).optional(),
  original_language: z.string().nullish(),
  adult: z.boolean().nullish(),
});

/** /movie/upcoming, /movie/now_playing, /movie/popular, /trending/movie/week, /discover/movie. */
export const movieListSchema = page(movieSummarySchema);

/** TMDB's release types: 1 premiere, 2 theatrical (limited), 3 theatrical, 4 digital, 5 physical, 6 TV. */
export const RELEASE_TYPES = {
  premiere: 1,
  theatricalLimited: 2,
  theatrical: 3,
  digital: 4,
  physical: 5,
  tv: 6,
} as const;

const releaseDatesSchema = z.object({
  results: z.array(
    z.object({
      iso_3166_1: z.string(),
      release_dates: z.array(
        z.object({
          certification: z.string().nullish(),
          note: z.string().nullish(),
          release_date: z.string(),
          type: z.number().int().min(1).max(6),
        }),
      ),
    }),
  ),
});
export type ReleaseDates = z.infer<typeof releaseDatesSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

/** `append_to_response=translations`: the title (movies) or name (series) and overview per language. */
const translationsSchema = z.object({
  translations: z
    .array(
      z.object({
        iso_639_1: z.string(),
        iso_3166_1: z.string(),
        data: z.object({
          title: z.string().nullish(),
          name: z.string().nullish(),
          overview: z.string().nullish(),
        }),
      }),
    )
    .default([]),
});
export type TmdbTranslations = z.infer<typeof translationsSchema>;
const castMember = person.extend({ order: z.number().int().nullish() });

/** /movie/{id}?append_to_response=release_dates,credits */
export const movieDetailsSchema = movieSummarySchema.extend({
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
  imdb_id: z.string().nullish(),
  status: z.string().nullish(),
  runtime: z.number().nullish(),
  release_dates: releaseDatesSchema.optional(),
  translations: translationsSchema.optional(),
  credits: z
    .object({
      crew: z
        .array(person.extend({ job: z.string().nullish(), department: z.string().nullish() }))
        .default([]),
      cast: z.array(castMember).default([]),
    })
    .optional(),
});
export type MovieDetails = z.infer<typeof movieDetailsSchema>;

const tvSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  overview: z.string().nullish(),
  poster_path: z.string().nullish(),
  first_air_date: tmdbDate,
  popularity: z.number().nullish(),
  genre_ids: z.array(z.number().int()).optional(),
  original_language: z.string().nullish(),
});

/** /tv/on_the_air, /tv/airing_today, /tv/popular, /trending/tv/week, /discover/tv. */
export const tvListSchema = page(tvSummarySchema);

/** /tv/{id}: a series with its seasons (each season is one catalog item). */
export const tvDetailsSchema = tvSummarySchema.extend({
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
  networks: z.array(person).default([]),
  created_by: z.array(person).default([]),
  translations: translationsSchema.optional(),
  status: z.string().nullish(),
  in_production: z.boolean().nullish(),
  seasons: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        overview: z.string().nullish(),
        poster_path: z.string().nullish(),
        season_number: z.number().int(),
        air_date: tmdbDate,
        episode_count: z.number().int().nullish(),
      }),
    )
    .default([]),
  next_episode_to_air: z
    .object({ air_date: tmdbDate, season_number: z.number().int(), episode_number: z.number().int() })
    .nullish(),
  credits: z.object({ cast: z.array(castMember).default([]) }).optional(),
  external_ids: z.object({ imdb_id: z.string().nullish() }).optional(),
});
export type TvDetails = z.infer<typeof tvDetailsSchema>;

/** Any list read only for its ids (the lists, discover, trending: movies or series alike). */
export const pageOfIdsSchema = page(z.object({ id: z.number().int() }));

/** /movie/changes, /tv/changes: ids changed within a window (at most 14 days). */
export const changesSchema = page(z.object({ id: z.number().int(), adult: z.boolean().nullish() }));

/** /search/multi: movies, series and people in one list; people are ignored. */
export const searchMultiSchema = page(
  z.discriminatedUnion('media_type', [
    movieSummarySchema.extend({ media_type: z.literal('movie') }),
    tvSummarySchema.extend({ media_type: z.literal('tv') }),
    z.object({ media_type: z.literal('person'), id: z.number().int() }),
  ]),
);

/** /person/{id} */
export const personDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_path: z.string().nullish(),
});

const personCredit = z.object({
  id: z.number().int(),
  media_type: z.enum(['movie', 'tv']),
  release_date: z.string().nullish(),
  department: z.string().nullish(),
  job: z.string().nullish(),
});

/** /person/{id}/combined_credits: the person's movies and series, as cast and as crew. */
export const combinedCreditsSchema = z.object({
  cast: z.array(personCredit).default([]),
  crew: z.array(personCredit).default([]),
});
export type CombinedCredits = z.infer<typeof combinedCreditsSchema>;

/** /find/{external id}?external_source=imdb_id: what TMDB knows by another service's id. */
export const findSchema = z.object({
  movie_results: z.array(z.object({ id: z.number().int() })).default([]),
  tv_results: z.array(z.object({ id: z.number().int() })).default([]),
});
