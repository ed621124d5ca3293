import { addDays } from '../../lib/dates';
import type { ProviderClient } from '../http/provider-client';
import type { NormalisedItem } from '../types';
import { type TvDetails, tvDetailsSchema } from './schemas';
import {
  idsOnLists,
  leadingCast,
  popularityScore,
  type TmdbMovieOptions,
  uniqueCredits,
} from './tmdb-movies';
import { seasonTranslations } from './tmdb-translations';

type Season = TvDetails['seasons'][number];

/** How far back a season still counts as news: older ones are history, not releases to track. */
const RECENT_DAYS = 365;

/** One season of a series as a catalog item ("Severance: Season 3"). */
export function normaliseSeason(series: TvDetails, season: Season): NormalisedItem {
  const creator = series.created_by.map((p) => p.name).join(', ') || null;
  const poster = season.poster_path ?? series.poster_path;
  const title = `${series.name}: Season ${season.season_number}`;
  const description = season.overview || series.overview || '';
  return {
    providerId: `tmdb:tv:${series.id}:${season.season_number}`,
    mediaType: 'tv_seasons',
    title,
    description,
    image: poster ? `/proxy-image/tmdb/w500${poster}` : null,
    author: null,
    director: null,
    networkName: series.networks[0]?.name ?? null,
    series: series.name,
    seriesNumber: season.season_number,
    creator,
    creatorLabel: 'Creator',
    releaseDate: season.air_date,
    releaseDatePrecision: season.air_date ? 'day' : null,
    language: (series.original_language ?? 'en').slice(0, 2),
    genres: series.genres.map((g) => g.name),
    hypeMeterPercentage: null,
    popularity: popularityScore(series.popularity),
    credits: uniqueCredits([
      { ref: `tmdb:tv:${series.id}`, role: 'series', name: series.name },
      ...series.created_by.map((p) => ({
        ref: `tmdb:person:${p.id}`,
        role: 'creating' as const,
        name: p.name,
      })),
      ...leadingCast(series.credits?.cast ?? []),
    ]),
    // An import names a series, not a season: each season carries the series' IMDb id.
    identifiers: series.external_ids?.imdb_id ? [{ scheme: 'imdb', value: series.external_ids.imdb_id }] : [],
    translations: seasonTranslations(series, season, { title, description }),
  };
}

/**
 * The seasons of a series worth tracking on `today`: those announced without a date (TBD), those to
 * come, and those out within the last year. Specials (season 0) are not a release.
 */
export function trackableSeasons(series: TvDetails, today: string): Season[] {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - RECENT_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return series.seasons.filter((s) => s.season_number >= 1 && (s.air_date === null || s.air_date >= since));
}

export function fetchSeries(
  client: ProviderClient,
  id: number,
  options: TmdbMovieOptions,
  call?: Parameters<ProviderClient['get']>[3],
) {
  return client.get(
    `/tv/${id}`,
    tvDetailsSchema,
    { append_to_response: 'credits,external_ids,translations', language: options.language },
    call,
  );
}

/**
 * The ids on TMDB's series lists: on the air, airing today, popular, trending this week, and series
 * with episodes airing in the next 12 months, most popular first.
 */
export function listedSeriesIds(
  client: ProviderClient,
  options: TmdbMovieOptions & { pages: number; today: string },
): Promise<number[]> {
  const common = { language: options.language };
  return idsOnLists(
    client,
    [
      ['/tv/on_the_air', common],
      ['/tv/airing_today', common],
      ['/tv/popular', common],
      ['/trending/tv/week', common],
      [
        '/discover/tv',
        {
          ...common,
          'air_date.gte': options.today,
          'air_date.lte': addDays(options.today, 365),
          sort_by: 'popularity.desc',
        },
      ],
    ],
    options.pages,
  );
}
