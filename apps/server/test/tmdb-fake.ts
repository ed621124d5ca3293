/**
 * A local fake of The Movie Database (TMDB) API v3: a real HTTP server on 127.0.0.1 that speaks
 * TMDB's JSON formats, error bodies included, over a small deterministic catalog the test can mutate.
 *
 * Shapes followed (field names, types, nullables, key order):
 * - Errors, their `status_code`s, HTTP statuses and messages (7/401, 9/503, 11/500, 20/422, 22/400,
 *   23/400, 24/504, 25/429, 27/400, 34/404): https://developer.themoviedb.org/docs/errors and the
 *   older https://www.themoviedb.org/documentation/api/status-codes; the 401 body as captured in the
 *   tmdb-api crate's assets/invalid-api-key.json.
 * - Rate limiting (429 + Retry-After, body 25; the legacy 40/10 s limit lifted, ~40-50/s now):
 *   https://developer.themoviedb.org/docs/rate-limiting.
 * - Region, `with_release_type` (`|` = OR, `,` = AND) and the release types 1 Premiere, 2 Theatrical
 *   (limited), 3 Theatrical, 4 Digital, 5 Physical, 6 TV: https://developer.themoviedb.org/docs/region-support,
 *   https://developer.themoviedb.org/reference/movie-release-dates.
 * - Change lists (ids changed in the last 24 h by default, at most 14 days, 100 a page, `{ results: [{ id,
 *   adult }], page, total_pages, total_results }`): https://developer.themoviedb.org/docs/tracking-content-changes,
 *   https://developer.themoviedb.org/reference/changes-movie-list.
 * - Response examples of the reference pages (movie details/credits/release_dates/upcoming/now_playing,
 *   discover movie/tv, trending tv, tv series details, tv season details, search multi/person,
 *   configuration, changes, person details, person combined_credits and tv_credits, people changes), as
 *   mirrored in the api-evangelist/tmdb repository's examples/. Person details send null (not {}, as those
 *   examples show) for an unknown deathday/homepage.
 * - A series' creators in a person's credits: tv crew entries with `department: "Creator"`, `job: "Creator"`
 *   (TMDB derives them from the series' created_by; /configuration/jobs has no "Creator" department), and tv
 *   entries carry `first_credit_air_date`: captured person credits in public client fixtures and models.
 * - Genre lists and the full configuration (`images` sizes, `change_keys`) as returned by
 *   /genre/{movie,tv}/list and /configuration, copied in many public client fixtures.
 * - Find by external id (/find/{external_id}?external_source=): the five lists, always all present, and the
 *   accepted sources (imdb_id, facebook_id, instagram_id, tvdb_id, tiktok_id, twitter_id, wikidata_id,
 *   youtube_id): https://developer.themoviedb.org/reference/find-by-id. Its items' key order (not the list
 *   endpoints' order) as in live captures kept by the tmdb-api crate (assets/find-by-id-{movie,show,person}.json).
 *   An id that matches nothing answers 200 with the lists empty (josh/wikidatabots' tmdb.find and its test);
 *   a request without external_source answers 404, status_code 34 (grantholle/moviedb-promise#34).
 * - TV external ids (/tv/{id}/external_ids: id, imdb_id, freebase_mid, freebase_id, tvdb_id, tvrage_id,
 *   wikidata_id, facebook_id, instagram_id, twitter_id): the reference example and the tmdb-api crate's
 *   assets/tv-external-ids.json.
 * - Where to watch (watch providers, data from JustWatch): /watch/providers/regions, /watch/providers/{movie,tv},
 *   /movie/{id}/watch/providers, /tv/{id}/watch/providers, /tv/{id}/season/{n}/watch/providers; the regions,
 *   the provider registry, the seeded offers and the shapes are in ./tmdb-watch-fake.ts, with their sources.
 *
 * Behaviour that TMDB does not document and that this fake assumes is marked "Assumed" where it is coded.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import {
  clearHolderOffers,
  movieWatchLink,
  type OfferType,
  seedWatchOffers,
  setHolderOffers,
  tvWatchLink,
  type WatchHolder,
  type WatchOffers,
  type WatchTarget,
  watchProviderList,
  watchRegionsBody,
  watchResults,
} from './tmdb-watch-fake';

export {
  type FakeWatchProvider,
  type OfferType,
  titleSlug,
  WATCH_PROVIDERS,
  WATCH_REGIONS,
  type WatchOffers,
  type WatchTarget,
} from './tmdb-watch-fake';

// ---------------------------------------------------------------------------------------------------
// Catalog types: kept close to TMDB's own field names so a test can mutate them directly.
// ---------------------------------------------------------------------------------------------------

/** 1 Premiere, 2 Theatrical (limited), 3 Theatrical, 4 Digital, 5 Physical, 6 TV. */
export type ReleaseType = 1 | 2 | 3 | 4 | 5 | 6;
const RELEASE_TYPE = {
  premiere: 1,
  theatricalLimited: 2,
  theatrical: 3,
  digital: 4,
  physical: 5,
  tv: 6,
} as const satisfies Record<string, ReleaseType>;

/** One entry of `release_dates.results[].release_dates`, exactly as TMDB sends it. */
export interface TmdbReleaseDate {
  certification: string;
  descriptors: string[];
  iso_639_1: string;
  note: string;
  /** ISO date-time, e.g. "2027-03-14T00:00:00.000Z". */
  release_date: string;
  type: ReleaseType;
}

export interface FakeCastCredit {
  personId: number;
  character: string;
  creditId: string;
  castId: number;
}
interface FakeCrewCredit {
  personId: number;
  job: string;
  department: string;
  creditId: string;
}

type MovieStatus = 'Rumored' | 'Planned' | 'In Production' | 'Post Production' | 'Released' | 'Canceled';

export interface FakeMovie {
  id: number;
  title: string;
  original_title: string;
  original_language: string;
  overview: string;
  tagline: string;
  poster_path: string | null;
  backdrop_path: string | null;
  genre_ids: number[];
  popularity: number;
  vote_average: number;
  vote_count: number;
  /** 0 when unknown, as TMDB sends it. */
  runtime: number;
  status: MovieStatus;
  imdb_id: string | null;
  adult: boolean;
  video: boolean;
  budget: number;
  revenue: number;
  homepage: string;
  origin_country: string[];
  production_company_ids: number[];
  /** Releases by ISO 3166-1 country. The movie's `release_date` is derived from them (see primaryReleaseDate). */
  releases: Record<string, TmdbReleaseDate[]>;
  cast: FakeCastCredit[];
  crew: FakeCrewCredit[];
  /** Where to watch it, by country then offer type (see tmdb-watch-fake.ts); none when absent. */
  watch?: WatchOffers;
}

export interface FakeEpisode {
  id: number;
  episode_number: number;
  name: string;
  overview: string;
  /** YYYY-MM-DD, or null while unscheduled. */
  air_date: string | null;
  runtime: number | null;
  still_path: string | null;
  episode_type: 'standard' | 'mid_season' | 'finale';
  production_code: string;
  vote_average: number;
  vote_count: number;
}

export interface FakeSeason {
  id: number;
  /** The 24-hex `_id` of season details. */
  _id: string;
  season_number: number;
  name: string;
  overview: string;
  /** YYYY-MM-DD, or null when the season has no date yet. */
  air_date: string | null;
  poster_path: string | null;
  vote_average: number;
  episodes: FakeEpisode[];
  /** Where to watch this season, by country then offer type; none when absent. */
  watch?: WatchOffers;
}

type SeriesStatus = 'Returning Series' | 'Planned' | 'In Production' | 'Ended' | 'Canceled' | 'Pilot';
const SERIES_STATUS_CODES: Record<SeriesStatus, number> = {
  'Returning Series': 0,
  Planned: 1,
  'In Production': 2,
  Ended: 3,
  Canceled: 4,
  Pilot: 5,
};

export interface FakeSeries {
  id: number;
  name: string;
  original_name: string;
  overview: string;
  tagline: string;
  original_language: string;
  origin_country: string[];
  languages: string[];
  poster_path: string | null;
  backdrop_path: string | null;
  genre_ids: number[];
  popularity: number;
  vote_average: number;
  vote_count: number;
  status: SeriesStatus;
  in_production: boolean;
  type: 'Scripted' | 'Miniseries' | 'Documentary' | 'Reality';
  homepage: string;
  episode_run_time: number[];
  adult: boolean;
  /** Served by /tv/{id}/external_ids and found by /find (TMDB keeps it there, not in the details). */
  imdb_id: string | null;
  tvdb_id: number | null;
  network_ids: number[];
  production_company_ids: number[];
  /** Person ids, rendered as `created_by`. */
  created_by: number[];
  cast: FakeCastCredit[];
  /** Season 0 is "Specials", as on TMDB. */
  seasons: FakeSeason[];
  /** Where to watch the series, by country then offer type; none when absent. */
  watch?: WatchOffers;
}

export interface FakePerson {
  id: number;
  name: string;
  original_name: string;
  also_known_as: string[];
  /** "" when there is none, as TMDB sends it. */
  biography: string;
  /** YYYY-MM-DD, or null when unknown. */
  birthday: string | null;
  deathday: string | null;
  /** 0 not set, 1 female, 2 male, 3 non-binary. */
  gender: 0 | 1 | 2 | 3;
  homepage: string | null;
  imdb_id: string | null;
  known_for_department: string;
  place_of_birth: string | null;
  popularity: number;
  profile_path: string | null;
  adult: boolean;
}

export interface FakeCompany {
  id: number;
  name: string;
  logo_path: string | null;
  origin_country: string;
}

export interface Genre {
  id: number;
  name: string;
}

export type MediaKind = 'movie' | 'tv';
/** What a change is recorded for: /movie/changes, /tv/changes, /person/changes. */
export type ChangeKind = MediaKind | 'person';

// ---------------------------------------------------------------------------------------------------
// Static reference data
// ---------------------------------------------------------------------------------------------------

const MOVIE_GENRES: Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' },
  { id: 27, name: 'Horror' },
  { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Science Fiction' },
  { id: 10770, name: 'TV Movie' },
  { id: 53, name: 'Thriller' },
  { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
];

const TV_GENRES: Genre[] = [
  { id: 10759, name: 'Action & Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 10762, name: 'Kids' },
  { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' },
  { id: 10764, name: 'Reality' },
  { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' },
  { id: 10767, name: 'Talk' },
  { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
];

const CONFIGURATION = {
  images: {
    base_url: 'http://image.tmdb.org/t/p/',
    secure_base_url: 'https://image.tmdb.org/t/p/',
    backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
    logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
    poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
    profile_sizes: ['w45', 'w185', 'h632', 'original'],
    still_sizes: ['w92', 'w185', 'w300', 'original'],
  },
  change_keys: [
    'adult',
    'air_date',
    'also_known_as',
    'alternative_titles',
    'biography',
    'birthday',
    'budget',
    'cast',
    'certifications',
    'character_names',
    'created_by',
    'crew',
    'deathday',
    'episode',
    'episode_number',
    'episode_run_time',
    'freebase_id',
    'freebase_mid',
    'general',
    'genres',
    'guest_stars',
    'homepage',
    'images',
    'imdb_id',
    'languages',
    'name',
    'network',
    'origin_country',
    'original_name',
    'original_title',
    'overview',
    'parts',
    'place_of_birth',
    'plot_keywords',
    'production_code',
    'production_companies',
    'production_countries',
    'releases',
    'revenue',
    'runtime',
    'season',
    'season_number',
    'season_regular',
    'spoken_languages',
    'status',
    'tagline',
    'title',
    'translations',
    'tvdb_id',
    'tvrage_id',
    'type',
    'video',
    'videos',
  ],
};

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States of America',
  GB: 'United Kingdom',
  FR: 'France',
  DE: 'Germany',
  JP: 'Japan',
  KR: 'South Korea',
};
const LANGUAGES: Record<string, { english_name: string; name: string }> = {
  en: { english_name: 'English', name: 'English' },
  fr: { english_name: 'French', name: 'Français' },
  ja: { english_name: 'Japanese', name: '日本語' },
  de: { english_name: 'German', name: 'Deutsch' },
  ko: { english_name: 'Korean', name: '한국어/조선말' },
};
const CERTIFICATIONS: Record<string, string[]> = {
  US: ['PG-13', 'R', 'PG', 'G', ''],
  GB: ['12A', '15', 'PG', 'U', '18'],
  DE: ['12', '16', '6', '0', '18'],
  FR: ['', '12', 'TP', '16'],
  JP: ['G', 'PG12', 'R15+'],
};

// ---------------------------------------------------------------------------------------------------
// TMDB errors
// ---------------------------------------------------------------------------------------------------

const TMDB_ERRORS: Record<number, [httpStatus: number, message: string]> = {
  7: [401, 'Invalid API key: You must be granted a valid key.'],
  9: [503, 'Service offline: This service is temporarily offline, try again later.'],
  11: [500, 'Internal error: Something went wrong, contact TMDB.'],
  20: [422, 'Invalid date range: Should be a range no longer than 14 days.'],
  22: [400, 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.'],
  23: [400, 'Invalid date: Format needs to be YYYY-MM-DD.'],
  24: [504, 'Your request to the backend server timed out. Try again.'],
  25: [429, 'Your request count (#) is over the allowed limit of (40).'],
  27: [400, 'Too many append to response objects: The maximum number of remote calls is 20.'],
  34: [404, 'The resource you requested could not be found.'],
};
export type TmdbErrorCode = 7 | 9 | 11 | 20 | 22 | 23 | 24 | 25 | 27 | 34;

/** TMDB's error envelope for one of its status codes, e.g. tmdbErrorBody(34) for a 404. */
export function tmdbErrorBody(code: TmdbErrorCode) {
  const [, message] = TMDB_ERRORS[code]!;
  return { status_code: code, status_message: message, success: false };
}

/** The TMDB status code a failNext answer of this HTTP status carries by default. */
const DEFAULT_CODE_FOR_STATUS: Record<number, TmdbErrorCode> = {
  401: 7,
  404: 34,
  429: 25,
  500: 11,
  503: 9,
  504: 24,
};

class TmdbHttpError extends Error {
  constructor(readonly code: TmdbErrorCode) {
    super(TMDB_ERRORS[code]![1]);
  }
}

// ---------------------------------------------------------------------------------------------------
// Dates and determinism
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number) => isoDay(dayMs(day) + n * DAY_MS);
const isValidDay = (s: string) => DATE.test(s) && !Number.isNaN(dayMs(s)) && isoDay(dayMs(s)) === s;
const pad2 = (n: number) => String(n).padStart(2, '0');

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float() {
    return this.next();
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    const n = this.int(min, Math.min(max, pool.length));
    for (let i = 0; i < n; i++) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  round(min: number, max: number, decimals: number) {
    return Number((min + this.next() * (max - min)).toFixed(decimals));
  }
  /** A TMDB-like image path: "/" + 27 base62 characters + extension. */
  image(ext = '.jpg') {
    const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let s = '/';
    for (let i = 0; i < 27; i++) s += abc[Math.floor(this.next() * abc.length)];
    return s + ext;
  }
  hex(n: number) {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

// ---------------------------------------------------------------------------------------------------
// Derived values
// ---------------------------------------------------------------------------------------------------

const releaseDay = (r: TmdbReleaseDate) => r.release_date.slice(0, 10);

/**
 * The movie's `release_date`. Assumed: the earliest theatrical (type 2 or 3) release in any country,
 * else the earliest release of any type, else "" (TMDB sends "" for a movie without a date).
 */
function primaryReleaseDate(movie: FakeMovie): string {
  const all = Object.values(movie.releases).flat();
  const earliest = (types: readonly number[]) =>
    all
      .filter((r) => types.includes(r.type))
      .map(releaseDay)
      .sort()[0];
  return earliest([2, 3]) ?? earliest([1, 2, 3, 4, 5, 6]) ?? '';
}

/** The series' dated episodes (specials excluded), sorted by air date. */
function datedEpisodes(series: FakeSeries) {
  return series.seasons
    .filter((s) => s.season_number > 0)
    .flatMap((s) => s.episodes.map((e) => ({ season: s, episode: e })))
    .filter(
      (x): x is { season: FakeSeason; episode: FakeEpisode & { air_date: string } } => !!x.episode.air_date,
    )
    .sort(
      (a, b) =>
        a.episode.air_date.localeCompare(b.episode.air_date) ||
        a.season.season_number - b.season.season_number ||
        a.episode.episode_number - b.episode.episode_number,
    );
}

/** First air date of the series: that of its first regular season, or "" without one. */
function firstAirDate(series: FakeSeries): string {
  const regular = series.seasons.filter((s) => s.season_number > 0);
  const dates = regular.map((s) => s.air_date ?? s.episodes.find((e) => e.air_date)?.air_date ?? null);
  return dates.filter((d): d is string => !!d).sort()[0] ?? '';
}

// ---------------------------------------------------------------------------------------------------
// The seeded catalog
// ---------------------------------------------------------------------------------------------------

const ADJECTIVES = [
  'Silent',
  'Crimson',
  'Hidden',
  'Golden',
  'Broken',
  'Distant',
  'Electric',
  'Midnight',
  'Frozen',
  'Wild',
  'Hollow',
  'Burning',
  'Quiet',
  'Paper',
  'Iron',
  'Glass',
  'Velvet',
  'Northern',
  'Secret',
  'Last',
];
const MOVIE_NOUNS = [
  'Harbor',
  'Signal',
  'Orchard',
  'Frontier',
  'Kingdom',
  'Echo',
  'Garden',
  'Horizon',
  'Lantern',
  'River',
  'Machine',
  'Empire',
  'Tide',
  'Circus',
  'Station',
  'Compass',
  'Meridian',
  'Archive',
  'Mirror',
  'Summit',
];
const TV_NOUNS = [
  'Files',
  'Diaries',
  'Academy',
  'Chronicles',
  'Bay',
  'Heights',
  'County',
  'Protocol',
  'Division',
  'Road',
  'Club',
  'Hospital',
  'Island',
  'Society',
  'Lodge',
  'Precinct',
  'Frequency',
  'House',
  'Trail',
  'Station',
];
const FIRST_NAMES = [
  'Ava',
  'Noah',
  'Mia',
  'Liam',
  'Zoe',
  'Omar',
  'Ines',
  'Kenji',
  'Lena',
  'Marco',
  'Priya',
  'Tomas',
  'Sofia',
  'Jonas',
  'Amara',
  'Felix',
  'Hana',
  'Diego',
  'Elif',
  'Ruben',
];
const LAST_NAMES = [
  'Hart',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Silva',
  'Kowalski',
  'Brennan',
  'Haddad',
  'Novak',
  'Reyes',
  'Fischer',
  'Osei',
  'Marchetti',
  'Park',
  'Dubois',
  'Larsen',
  'Quinn',
  'Goldberg',
  'Varga',
];
/** Original titles of the non-English movies (category G), by index. */
const FOREIGN_TITLES: [language: string, country: string, title: string][] = [
  ['fr', 'FR', 'Le Dernier Été'],
  ['ja', 'JP', '静かな港'],
  ['fr', 'FR', "Les Marées d'Hiver"],
  ['ko', 'KR', '비밀의 정원'],
  ['fr', 'FR', "L'Horizon Perdu"],
];
const TAGLINES = [
  'Some doors should stay closed.',
  'Every signal has a source.',
  'The tide always comes back.',
  'No map leads home.',
  '',
  'One night changes everything.',
  '',
];
const FESTIVALS = [
  'Sundance Film Festival',
  'Toronto International Film Festival',
  'Cannes Film Festival',
  'Venice Film Festival',
  'SXSW',
];
const STREAMERS = ['Netflix', 'Prime Video', 'Apple TV+', 'Disney+'];
const BIRTHPLACES = [
  'Los Angeles, California, USA',
  'London, England, UK',
  'Lyon, France',
  'Osaka, Japan',
  'Toronto, Ontario, Canada',
  'Seoul, South Korea',
  'Hamburg, Germany',
];
const NETWORKS: FakeCompany[] = [
  { id: 49, name: 'HBO', logo_path: '/tuomPhY2UtuPTqqFnKMVHvSb724.png', origin_country: 'US' },
  { id: 213, name: 'Netflix', logo_path: '/wwemzKWzjKYJFfCeiB57q3r4Bcm.png', origin_country: '' },
  { id: 2739, name: 'Disney+', logo_path: '/uzKjVDmQ1WRMvGBb7UNRE0wTn1H.png', origin_country: 'US' },
  { id: 1024, name: 'Prime Video', logo_path: '/ifhbNuuVnlwYy5oXA5VIb2YR8AZ.png', origin_country: '' },
  { id: 2552, name: 'Apple TV+', logo_path: '/4KAy34EHvRM25Ih8wb82AuGU7zJ.png', origin_country: 'US' },
  { id: 4, name: 'BBC One', logo_path: '/mVn7xESaTNmjBUyUtGNvDQd3CT1.png', origin_country: 'GB' },
  { id: 6, name: 'NBC', logo_path: null, origin_country: 'US' },
];

interface TmdbCatalog {
  movies: Map<number, FakeMovie>;
  series: Map<number, FakeSeries>;
  persons: Map<number, FakePerson>;
  networks: Map<number, FakeCompany>;
  companies: Map<number, FakeCompany>;
}

/** Ids of seeded items, by how they behave on the seed day, so tests can pick one of a kind. */
interface TmdbSeedIndex {
  movies: {
    /** Theatrical and home releases in the past. */
    released: number[];
    /** A theatrical release in the last 40 days (now_playing). */
    nowPlaying: number[];
    /** A US theatrical release in the next 1-18 days (upcoming). */
    upcoming: number[];
    /** US theatrical release 40-400 days ahead; some limited (type 2) then wide (type 3). */
    future: number[];
    /** Only digital (type 4) releases, past or future. */
    digitalOnly: number[];
    /** No release at all: `release_date` "". */
    noDate: number[];
    /** Only future releases outside the US. */
    foreignOnly: number[];
  };
  series: {
    ended: number[];
    /** A season airing weekly around the seed day; `airingToday` ones have an episode on it. */
    airing: number[];
    airingToday: number[];
    /** A new season with future dates. */
    futureSeason: number[];
    /** A new season announced without a date. */
    undatedSeason: number[];
    /** Not aired yet: future dates only, no date at all, or no season. */
    unaired: number[];
  };
}

class IdCounter {
  constructor(private next: number) {}
  take() {
    return this.next++;
  }
}

/**
 * IMDb ids the generator does not draw, so that adding them left its sequence (and so the rest of the seeded
 * catalog) as it was: derived from the TMDB id, "tt" + 7 digits. Below 1000000, they never equal a drawn movie
 * id (tt1000000-tt39999999); series get 500000 + id, apart from movies (whose ids overlap series' ids).
 */
const derivedMovieImdbId = (movieId: number) => `tt${String(movieId).padStart(7, '0')}`;
const derivedSeriesImdbId = (seriesId: number) => `tt${String(500_000 + seriesId).padStart(7, '0')}`;
const derivedSeriesTvdbId = (seriesId: number) => 300_000 + seriesId;

function buildCatalog(seed: number, today: string) {
  const rng = new Rng(seed);
  const seasonIds = new IdCounter(400_001);
  const episodeIds = new IdCounter(900_001);
  const creditId = () => rng.hex(24);
  const catalog: TmdbCatalog = {
    movies: new Map(),
    series: new Map(),
    persons: new Map(),
    networks: new Map(NETWORKS.map((n) => [n.id, { ...n }])),
    companies: new Map(),
  };
  const index: TmdbSeedIndex = {
    movies: {
      released: [],
      nowPlaying: [],
      upcoming: [],
      future: [],
      digitalOnly: [],
      noDate: [],
      foreignOnly: [],
    },
    series: { ended: [], airing: [], airingToday: [], futureSeason: [], undatedSeason: [], unaired: [] },
  };

  const companyNames = [
    'Northlight Pictures',
    'Lakeside Films',
    'Blue Meridian',
    'Ironbark Studios',
    'Paper Moon Productions',
    'Studio Kairo',
    'Atelier Lumière',
    'Greyhound Entertainment',
  ];
  companyNames.forEach((name, i) => {
    const id = 120_000 + i * 17;
    catalog.companies.set(id, {
      id,
      name,
      logo_path: i % 3 === 2 ? null : rng.image('.png'),
      origin_country: i === 5 ? 'JP' : i === 6 ? 'FR' : 'US',
    });
  });
  const companyIds = [...catalog.companies.keys()];

  // People: 30 actors, 5 directors, 5 writers.
  const actors: number[] = [];
  const directors: number[] = [];
  const writers: number[] = [];
  for (let i = 0; i < 40; i++) {
    const id = 50_001 + i * 13;
    const name = `${FIRST_NAMES[i % 20]} ${LAST_NAMES[(i + Math.floor(i / 20) * 3) % 20]}`;
    const department = i < 30 ? 'Acting' : i < 35 ? 'Directing' : 'Writing';
    (i < 30 ? actors : i < 35 ? directors : writers).push(id);
    // The details below come from the index, not the generator, so the rest of the catalog stays as it was.
    const birthday =
      i % 11 === 10 ? null : `${1940 + ((i * 7) % 60)}-${pad2(1 + (i % 12))}-${pad2(1 + ((i * 5) % 28))}`;
    catalog.persons.set(id, {
      id,
      name,
      original_name: name,
      also_known_as: i % 4 === 0 ? [name.toUpperCase()] : [],
      biography:
        i % 5 === 4
          ? ''
          : `${name} (born ${birthday ?? 'in an unknown year'}) is known for ${department.toLowerCase()}.`,
      birthday,
      deathday: i === 33 ? '2019-11-02' : null,
      gender: i % 7 === 6 ? 0 : i % 13 === 12 ? 3 : i % 2 === 0 ? 1 : 2,
      homepage: i % 6 === 1 ? `https://people.example/${id}` : null,
      imdb_id: i % 10 === 9 ? null : `nm${String(100_000 + i * 7_919).padStart(7, '0')}`,
      known_for_department: department,
      place_of_birth: birthday ? BIRTHPLACES[i % BIRTHPLACES.length]! : null,
      popularity: rng.round(0.5, 60, 3),
      profile_path: i % 9 === 8 ? null : rng.image(),
      adult: false,
    });
  }

  const castFor = () =>
    rng.some(actors, 3, 5).map((personId, order) => ({
      personId,
      character: `${rng.pick(['', 'Agent ', 'Dr. ', 'Captain '])}${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
      creditId: creditId(),
      castId: order + 1 + rng.int(0, 20),
    }));

  const release = (day: string, type: ReleaseType, certification: string, note = ''): TmdbReleaseDate => ({
    certification,
    descriptors: [],
    iso_639_1: '',
    note,
    release_date: `${day}T00:00:00.000Z`,
    type,
  });

  // Movies: 60, seven kinds by index (see TmdbSeedIndex).
  for (let i = 0; i < 60; i++) {
    const id = 10_000 + i * 3 + (i % 2);
    const slot = i % 12;
    const kind: keyof TmdbSeedIndex['movies'] =
      slot <= 2
        ? 'released'
        : slot <= 4
          ? 'nowPlaying'
          : slot <= 6
            ? 'upcoming'
            : slot <= 8
              ? 'future'
              : slot === 9
                ? 'digitalOnly'
                : slot === 10
                  ? 'noDate'
                  : 'foreignOnly';
    index.movies[kind].push(id);
    const adjective = ADJECTIVES[i % 20]!;
    const noun = MOVIE_NOUNS[(i * 3 + Math.floor(i / 20)) % 20]!;
    const title = i % 4 === 1 ? `${adjective} ${noun}` : `The ${adjective} ${noun}`;
    const usCert = rng.pick(CERTIFICATIONS.US!);
    const gbCert = rng.pick(CERTIFICATIONS.GB!);
    const deCert = rng.pick(CERTIFICATIONS.DE!);
    const releases: Record<string, TmdbReleaseDate[]> = {};
    let status: MovieStatus = 'Released';
    let original: [string, string, string] = ['en', 'US', title];

    if (kind === 'released') {
      const d = addDays(today, -rng.int(200, 3000));
      const us = [
        release(d, 3, usCert),
        release(addDays(d, rng.int(30, 90)), 4, ''),
        release(addDays(d, rng.int(90, 150)), 5, usCert, rng.pick(['Blu-ray & DVD', '4K Ultra HD', ''])),
      ];
      if (rng.chance(0.5)) us.unshift(release(addDays(d, -rng.int(10, 90)), 1, '', rng.pick(FESTIVALS)));
      // A re-release years later, as TMDB lists some classics.
      if (i === 0) us.push(release(addDays(d, 1500), 3, usCert, 'Re-release'));
      releases.US = us;
      releases.GB = [release(addDays(d, rng.int(0, 21)), 3, gbCert)];
      if (rng.chance(0.6)) releases.DE = [release(addDays(d, rng.int(0, 30)), 3, deCert)];
    } else if (kind === 'nowPlaying') {
      const d = addDays(today, -rng.int(1, 40));
      releases.US = [release(d, 3, usCert), release(addDays(d, rng.int(30, 60)), 4, '')];
      if (rng.chance(0.5))
        releases.US.unshift(release(addDays(d, -rng.int(20, 120)), 1, '', rng.pick(FESTIVALS)));
      releases.GB = [release(addDays(d, rng.int(0, 14)), 3, gbCert)];
    } else if (kind === 'upcoming') {
      status = 'Post Production';
      const d = addDays(today, rng.int(1, 18));
      releases.US = [release(d, 3, usCert)];
      if (rng.chance(0.4))
        releases.US.unshift(release(addDays(today, -rng.int(5, 30)), 1, '', rng.pick(FESTIVALS)));
      releases.GB = [release(addDays(d, rng.int(0, 10)), 3, gbCert)];
      if (rng.chance(0.5)) releases.DE = [release(addDays(d, rng.int(0, 21)), 3, deCert)];
    } else if (kind === 'future') {
      status = rng.chance(0.5) ? 'Post Production' : 'In Production';
      const d = addDays(today, rng.int(40, 400));
      releases.US =
        i % 24 === 7 ? [release(d, 2, usCert), release(addDays(d, 7), 3, usCert)] : [release(d, 3, usCert)];
      if (rng.chance(0.3)) releases.US.unshift(release(addDays(d, -30), 1, '', rng.pick(FESTIVALS)));
      if (rng.chance(0.5)) releases.GB = [release(addDays(d, rng.int(0, 21)), 3, '')];
    } else if (kind === 'digitalOnly') {
      const d = addDays(today, rng.int(-120, 120));
      status = d <= today ? 'Released' : 'Post Production';
      const streamer = rng.pick(STREAMERS);
      releases.US = [release(d, 4, usCert, streamer)];
      releases.GB = [release(d, 4, gbCert, streamer)];
    } else if (kind === 'noDate') {
      status = rng.pick(['In Production', 'Planned', 'Rumored'] as const);
    } else {
      status = 'Post Production';
      original = FOREIGN_TITLES[Math.floor(i / 12)]!;
      const [, country] = original;
      const d = addDays(today, rng.int(20, 300));
      releases[country] = [release(d, 3, rng.pick(CERTIFICATIONS[country] ?? ['']))];
      if (country === 'FR' && rng.chance(0.5))
        releases[country].unshift(release(addDays(d, -rng.int(10, 60)), 1, '', 'Cannes Film Festival'));
      if (rng.chance(0.5)) releases.DE = [release(addDays(d, 14), 3, '')];
    }

    const isOut = status === 'Released';
    const director = rng.pick(directors);
    const writer = rng.pick(writers);
    const crew: FakeCrewCredit[] = [
      { personId: director, job: 'Director', department: 'Directing', creditId: creditId() },
      { personId: writer, job: 'Screenplay', department: 'Writing', creditId: creditId() },
    ];
    if (rng.chance(0.5))
      crew.push({ personId: director, job: 'Producer', department: 'Production', creditId: creditId() });
    if (rng.chance(0.4))
      crew.push({
        personId: rng.pick(writers),
        job: 'Original Music Composer',
        department: 'Sound',
        creditId: creditId(),
      });

    const [language, country, originalTitle] = original;
    catalog.movies.set(id, {
      id,
      title,
      original_title: originalTitle,
      original_language: language,
      overview:
        kind === 'noDate' && i % 24 === 10
          ? ''
          : `When the ${adjective.toLowerCase()} ${noun.toLowerCase()} falls silent, ${catalog.persons.get(rng.pick(actors))!.name.split(' ')[0]} must face what was left behind.`,
      tagline: rng.pick(TAGLINES),
      poster_path: kind === 'noDate' && i % 24 === 22 ? null : rng.image(),
      backdrop_path: kind === 'noDate' || (kind === 'future' && rng.chance(0.3)) ? null : rng.image(),
      genre_ids: rng.some(MOVIE_GENRES, 1, 3).map((g) => g.id),
      popularity: rng.round(isOut ? 5 : 1, isOut ? 900 : 300, 3),
      vote_average: isOut ? rng.round(4, 8.7, 3) : 0,
      vote_count: isOut ? rng.int(12, 25_000) : 0,
      runtime: isOut ? rng.int(82, 172) : kind === 'noDate' ? 0 : rng.pick([0, rng.int(90, 150)]),
      status,
      // The undated ones draw none (keep it that way: a draw here would shift everything generated after).
      imdb_id: kind === 'noDate' ? derivedMovieImdbId(id) : `tt${rng.int(1_000_000, 39_999_999)}`,
      adult: false,
      video: false,
      budget: isOut ? rng.int(1, 200) * 1_000_000 : 0,
      revenue: kind === 'released' ? rng.int(1, 900) * 1_000_000 : 0,
      homepage: rng.chance(0.5) ? `https://films.example/${id}` : '',
      origin_country: [country],
      production_company_ids: rng.some(companyIds, 1, 2),
      releases,
      cast: castFor(),
      crew,
    });
  }

  // TV series: 20, five kinds by index, 1-4 regular seasons each.
  const episodes = (
    count: number,
    start: string | null,
    cadence: number,
    opts: { undated?: boolean } = {},
  ): FakeEpisode[] =>
    Array.from({ length: count }, (_, e) => {
      const airDate = start && !opts.undated ? addDays(start, e * cadence) : null;
      const aired = airDate !== null && airDate <= today;
      return {
        id: episodeIds.take(),
        episode_number: e + 1,
        name: aired ? `${rng.pick(ADJECTIVES)} ${rng.pick(MOVIE_NOUNS)}` : `Episode ${e + 1}`,
        overview: aired ? 'Old loyalties are tested as the past catches up.' : '',
        air_date: airDate,
        runtime: aired ? rng.int(28, 62) : null,
        still_path: aired ? rng.image() : null,
        episode_type:
          e === count - 1
            ? 'finale'
            : count >= 8 && e === Math.floor(count / 2) - 1
              ? 'mid_season'
              : 'standard',
        production_code: '',
        vote_average: aired ? rng.round(6, 9.2, 1) : 0,
        vote_count: aired ? rng.int(1, 300) : 0,
      };
    });
  const season = (
    number: number,
    airDate: string | null,
    eps: FakeEpisode[],
    opts: { name?: string } = {},
  ): FakeSeason => {
    const voted = eps.filter((e) => e.vote_count > 0);
    return {
      id: seasonIds.take(),
      _id: rng.hex(24),
      season_number: number,
      name: opts.name ?? `Season ${number}`,
      overview: airDate && airDate <= today && rng.chance(0.6) ? 'A new chapter begins.' : '',
      air_date: airDate,
      poster_path: airDate && airDate <= today ? rng.image() : rng.chance(0.5) ? rng.image() : null,
      vote_average: voted.length
        ? Number((voted.reduce((sum, e) => sum + e.vote_average, 0) / voted.length).toFixed(1))
        : 0,
      episodes: eps,
    };
  };
  /** A past season: weekly, or all episodes dropped on one day. */
  const pastSeason = (number: number, start: string, drop: boolean) => {
    const count = rng.int(6, 10);
    return season(number, start, episodes(count, start, drop ? 0 : 7));
  };

  for (let j = 0; j < 20; j++) {
    const id = 10_000 + j * 5;
    const slot = j % 5;
    const k = Math.floor(j / 5);
    const name = `${ADJECTIVES[j]} ${TV_NOUNS[(j * 3) % 20]}`;
    let regular = 1 + ((j * 3 + k) % 4);
    const seasons: FakeSeason[] = [];
    let status: SeriesStatus = 'Returning Series';
    const addPast = (count: number, endBefore: number) => {
      for (let s = 1; s <= count; s++)
        seasons.push(
          pastSeason(s, addDays(today, -endBefore - 380 * (count - s) - rng.int(0, 40)), (j + s) % 3 === 0),
        );
    };

    if (slot === 0) {
      status = k === 3 ? 'Canceled' : 'Ended';
      index.series.ended.push(id);
      addPast(regular, 120);
      if (j === 0) {
        const first = seasons[0]!.air_date!;
        seasons.unshift(
          season(0, addDays(first, -30), episodes(2, addDays(first, -30), 200), { name: 'Specials' }),
        );
      }
    } else if (slot === 1) {
      index.series.airing.push(id);
      const weeksIn = 1 + (k % 3);
      const start = k % 2 === 0 ? addDays(today, -7 * weeksIn) : addDays(today, -7 * weeksIn - 3);
      if (k % 2 === 0) index.series.airingToday.push(id);
      addPast(regular - 1, 200);
      seasons.push(season(regular, start, episodes(rng.int(8, 10), start, 7)));
    } else if (slot === 2) {
      index.series.futureSeason.push(id);
      const start = addDays(today, rng.int(30, 200));
      addPast(regular - 1, 150);
      const drop = k % 2 === 1;
      seasons.push(season(regular, start, episodes(rng.int(6, 10), start, drop ? 0 : 7)));
    } else if (slot === 3) {
      index.series.undatedSeason.push(id);
      regular = Math.max(2, regular);
      addPast(regular - 1, 250);
      seasons.push(season(regular, null, k % 2 === 0 ? [] : episodes(3, null, 7, { undated: true })));
    } else {
      index.series.unaired.push(id);
      status = k === 1 ? 'Planned' : 'In Production';
      regular = k === 3 ? 0 : 1;
      if (k === 0 || k === 2) {
        const start = addDays(today, rng.int(60, 300));
        seasons.push(season(1, start, episodes(rng.int(6, 8), start, k === 0 ? 7 : 0)));
      } else if (k === 1) {
        seasons.push(season(1, null, []));
      }
    }

    const aired = seasons.some((s) => s.air_date && s.air_date <= today);
    const creators = rng.some([...directors, ...writers], 1, 2);
    catalog.series.set(id, {
      id,
      name,
      original_name: name,
      overview: slot === 4 && k === 3 ? '' : `In ${name.split(' ')[1]}, nothing stays buried for long.`,
      tagline: rng.pick(TAGLINES),
      original_language: j === 13 ? 'de' : 'en',
      origin_country: [j === 13 ? 'DE' : j % 6 === 5 ? 'GB' : 'US'],
      languages: [j === 13 ? 'de' : 'en'],
      poster_path: slot === 4 && k === 3 ? null : rng.image(),
      backdrop_path: aired ? rng.image() : null,
      genre_ids: rng.some(TV_GENRES, 1, 3).map((g) => g.id),
      popularity: rng.round(aired ? 5 : 1, aired ? 700 : 150, 3),
      vote_average: aired ? rng.round(5.5, 8.9, 3) : 0,
      vote_count: aired ? rng.int(10, 9000) : 0,
      status,
      in_production: status !== 'Ended' && status !== 'Canceled',
      type: j % 7 === 3 ? 'Miniseries' : j === 9 ? 'Documentary' : 'Scripted',
      homepage: rng.chance(0.5) ? `https://tv.example/${id}` : '',
      episode_run_time: aired && rng.chance(0.4) ? [rng.int(30, 60)] : [],
      adult: false,
      imdb_id: derivedSeriesImdbId(id),
      tvdb_id: derivedSeriesTvdbId(id),
      network_ids: [NETWORKS[j % NETWORKS.length]!.id],
      production_company_ids: rng.some(companyIds, 1, 2),
      created_by: creators,
      cast: castFor(),
      seasons,
    });
  }
  return { catalog, index };
}

// ---------------------------------------------------------------------------------------------------
// Rendering (TMDB's wire shapes)
// ---------------------------------------------------------------------------------------------------

interface ListContext {
  region?: string;
  releaseTypes?: readonly number[];
}

/** The date lists show: with a region, that region's (theatrical) release; else the primary date. */
function displayReleaseDate(movie: FakeMovie, { region, releaseTypes }: ListContext): string {
  if (region) {
    const types = releaseTypes ?? [2, 3];
    const inRegion = (movie.releases[region] ?? [])
      .filter((r) => types.includes(r.type))
      .map(releaseDay)
      .sort()[0];
    if (inRegion) return inRegion;
  }
  return primaryReleaseDate(movie);
}

function movieSummary(movie: FakeMovie, ctx: ListContext = {}) {
  return {
    adult: movie.adult,
    backdrop_path: movie.backdrop_path,
    genre_ids: [...movie.genre_ids],
    id: movie.id,
    original_language: movie.original_language,
    original_title: movie.original_title,
    overview: movie.overview,
    popularity: movie.popularity,
    poster_path: movie.poster_path,
    release_date: displayReleaseDate(movie, ctx),
    title: movie.title,
    video: movie.video,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
  };
}

function tvSummary(series: FakeSeries) {
  return {
    adult: series.adult,
    backdrop_path: series.backdrop_path,
    genre_ids: [...series.genre_ids],
    id: series.id,
    origin_country: [...series.origin_country],
    original_language: series.original_language,
    original_name: series.original_name,
    overview: series.overview,
    popularity: series.popularity,
    poster_path: series.poster_path,
    first_air_date: firstAirDate(series),
    name: series.name,
    vote_average: series.vote_average,
    vote_count: series.vote_count,
  };
}

function paged<T>(items: T[], page: number, perPage = 20) {
  return {
    page,
    results: items.slice((page - 1) * perPage, page * perPage),
    // Assumed: an empty list still reports one page.
    total_pages: Math.max(1, Math.ceil(items.length / perPage)),
    total_results: items.length,
  };
}

// ---------------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------------

export interface TmdbFakeOptions {
  /** The v3 API key accepted as ?api_key= (default: 32 hex characters derived from the seed). */
  apiKey?: string;
  /** The v4 read access token accepted as Authorization: Bearer (default: a JWT-like string). */
  token?: string;
  /** Seed of the generated catalog (default 1). Same seed and same day: same catalog. */
  seed?: number;
  /** The fake's clock (default Date.now): "today", the seed day, list windows and change times. */
  now?: () => Date | number;
}

/** An error answer; `body` defaults to TMDB's envelope for the status (500 → 11, 503 → 9, ...). */
interface TmdbFakeResponse {
  status: number;
  /** An object is sent as JSON; a string is sent as is (e.g. a proxy's HTML page). */
  body?: unknown;
  /** Sent as the Retry-After header. */
  retryAfter?: number | string;
}
/** 'drop' destroys the socket; 'hang' never answers (until close()). */
export type TmdbFakeAnswer = TmdbFakeResponse | 'drop' | 'hang';

export interface TmdbFakeRequest {
  method: string;
  /** e.g. "/3/movie/10003". */
  path: string;
  query: Record<string, string>;
  /** How the request authenticated, if it did: by header or by query parameter. */
  auth: 'bearer' | 'api_key' | null;
}

interface TmdbChange {
  kind: ChangeKind;
  id: number;
  /** Epoch milliseconds. */
  at: number;
}

/** Upcoming: theatrical releases from tomorrow to this many days ahead. Assumed from the reference example. */
const UPCOMING_DAYS = 19;
/** Now playing: theatrical releases from this many days ago to today. Assumed from the reference example. */
const NOW_PLAYING_DAYS = 47;
const JSON_TYPE = 'application/json;charset=utf-8';

export async function startTmdbFake(options: TmdbFakeOptions = {}) {
  const seed = options.seed ?? 1;
  const clock = () => {
    const now = options.now?.() ?? Date.now();
    return typeof now === 'number' ? now : now.getTime();
  };
  const today = () => isoDay(clock());
  const apiKey = options.apiKey ?? createHash('md5').update(`releasebell-tmdb-fake-${seed}`).digest('hex');
  const token =
    options.token ??
    [
      Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ aud: apiKey, sub: 'releasebell-tests', scopes: ['api_read'], version: 1 }),
      ).toString('base64url'),
      createHash('sha256').update(`sig-${seed}`).digest('base64url'),
    ].join('.');

  const seedDay = today();
  const { catalog, index } = buildCatalog(seed, seedDay);
  // Its own generator, drawn from once the catalog is built, so that the catalog stays as it was without it.
  seedWatchOffers(catalog, seedDay, new Rng(seed ^ 0x0ffe5));
  const changes: TmdbChange[] = [];
  const requests: TmdbFakeRequest[] = [];
  const queued: TmdbFakeAnswer[] = [];
  let rateLimit: number | null = null;
  let recent: number[] = [];
  let nextMovieId = Math.max(...catalog.movies.keys()) + 1000;
  let nextSeriesId = Math.max(...catalog.series.keys()) + 1000;
  let nextPersonId = Math.max(...catalog.persons.keys()) + 1000;
  const extraIds = new IdCounter(2_000_001);
  const rng = new Rng(seed ^ 0x5eed);

  // ----- data: the catalog and its mutation helpers --------------------------------------------

  const movieOrThrow = (id: number) => {
    const movie = catalog.movies.get(id);
    if (!movie) throw new Error(`tmdb fake: no movie ${id}`);
    return movie;
  };
  const seriesOrThrow = (id: number) => {
    const series = catalog.series.get(id);
    if (!series) throw new Error(`tmdb fake: no tv series ${id}`);
    return series;
  };
  /** The movie, series or season the target names, and the kind of list its providers come from. */
  const watchHolderOrThrow = (target: WatchTarget): { kind: MediaKind; holder: WatchHolder } => {
    if ('movie' in target) return { kind: 'movie', holder: movieOrThrow(target.movie) };
    const series = seriesOrThrow(target.tv);
    if (target.season === undefined) return { kind: 'tv', holder: series };
    const season = series.seasons.find((s) => s.season_number === target.season);
    if (!season) throw new Error(`tmdb fake: no season ${target.season} of tv series ${target.tv}`);
    return { kind: 'tv', holder: season };
  };
  const personOrThrow = (id: number) => {
    const person = catalog.persons.get(id);
    if (!person) throw new Error(`tmdb fake: no person ${id}`);
    return person;
  };
  const touch = (kind: ChangeKind, id: number, at: Date | number = clock()) => {
    changes.push({ kind, id, at: typeof at === 'number' ? at : at.getTime() });
  };
  /** Records a person change for each person credited (once each), as a new credit shows in their changes. */
  const touchPeople = (ids: Iterable<number>) => {
    for (const id of new Set(ids)) touch('person', id);
  };
  /** Keeps `status` in step with the dates, as TMDB editors would. */
  const refreshStatus = (movie: FakeMovie) => {
    const primary = primaryReleaseDate(movie);
    if (primary && primary <= today()) movie.status = 'Released';
    else if (movie.status === 'Released') movie.status = 'Post Production';
  };

  const data = {
    ...catalog,
    /** Ids of seeded items by behaviour on the seed day. */
    seeded: index,
    /** Every change recorded (touch and the mutation helpers), oldest first. */
    changes,
    genres: { movie: MOVIE_GENRES, tv: TV_GENRES },
    /** The fake's current day, YYYY-MM-DD (UTC). */
    today,
    /** The day the catalog was generated for. */
    seedDay,
    movie: movieOrThrow,
    tv: seriesOrThrow,
    person: personOrThrow,
    /** The movie's `release_date` as TMDB would send it. */
    releaseDate: (id: number) => primaryReleaseDate(movieOrThrow(id)),
    /** Records a change of the item at `at` (default now), for /movie/changes, /tv/changes and /person/changes. */
    touch,
    /**
     * Sets (date) or removes (null) the movie's US theatrical (type 3) release: every US type-3 entry is
     * replaced. Records a change.
     */
    setUsTheatricalDate(id: number, date: string | null, certification?: string) {
      data.setRelease(id, 'US', RELEASE_TYPE.theatrical, date, certification);
    },
    /** Sets (date) or removes (null) the movie's releases of that type in that country. Records a change. */
    setRelease(id: number, country: string, type: ReleaseType, date: string | null, certification?: string) {
      if (date !== null && !isValidDay(date)) throw new Error(`tmdb fake: not a YYYY-MM-DD date: ${date}`);
      const movie = movieOrThrow(id);
      const existing = movie.releases[country] ?? [];
      const kept = existing.filter((r) => r.type !== type);
      if (date !== null) {
        const previous = existing.find((r) => r.type === type);
        kept.push({
          certification: certification ?? previous?.certification ?? '',
          descriptors: [],
          iso_639_1: '',
          note: '',
          release_date: `${date}T00:00:00.000Z`,
          type,
        });
        kept.sort((a, b) => a.release_date.localeCompare(b.release_date) || a.type - b.type);
      }
      if (kept.length) movie.releases[country] = kept;
      else delete movie.releases[country];
      refreshStatus(movie);
      touch('movie', id);
    },
    /**
     * Adds a movie (defaults: an English film with a US theatrical release on `usTheatrical`, if given, and no
     * `imdb_id`; give one to have /find find it).
     */
    addMovie(fields: Partial<FakeMovie> & { title: string; usTheatrical?: string | null }): FakeMovie {
      const { usTheatrical, ...rest } = fields;
      const id = fields.id ?? nextMovieId++;
      if (catalog.movies.has(id)) throw new Error(`tmdb fake: movie ${id} exists`);
      const movie: FakeMovie = {
        id,
        original_title: fields.title,
        original_language: 'en',
        overview: '',
        tagline: '',
        poster_path: rng.image(),
        backdrop_path: null,
        genre_ids: [18],
        popularity: 1,
        vote_average: 0,
        vote_count: 0,
        runtime: 0,
        status: 'Post Production',
        imdb_id: null,
        adult: false,
        video: false,
        budget: 0,
        revenue: 0,
        homepage: '',
        origin_country: ['US'],
        production_company_ids: [],
        releases: {},
        cast: [],
        crew: [],
        ...rest,
      };
      catalog.movies.set(id, movie);
      if (usTheatrical) data.setUsTheatricalDate(id, usTheatrical);
      else touch('movie', id);
      touchPeople([...movie.cast, ...movie.crew].map((c) => c.personId));
      return movie;
    },
    /**
     * Adds a series with no season (add them with addSeason) and, unless given, no `imdb_id` or `tvdb_id`.
     * Records a change of it and of each person credited.
     */
    addSeries(fields: Partial<FakeSeries> & { name: string }): FakeSeries {
      const id = fields.id ?? nextSeriesId++;
      if (catalog.series.has(id)) throw new Error(`tmdb fake: tv series ${id} exists`);
      const series: FakeSeries = {
        id,
        original_name: fields.name,
        overview: '',
        tagline: '',
        original_language: 'en',
        origin_country: ['US'],
        languages: ['en'],
        poster_path: rng.image(),
        backdrop_path: null,
        genre_ids: [18],
        popularity: 1,
        vote_average: 0,
        vote_count: 0,
        status: 'In Production',
        in_production: true,
        type: 'Scripted',
        homepage: '',
        episode_run_time: [],
        adult: false,
        imdb_id: null,
        tvdb_id: null,
        network_ids: [NETWORKS[0]!.id],
        production_company_ids: [],
        created_by: [],
        cast: [],
        seasons: [],
        ...fields,
      };
      catalog.series.set(id, series);
      touch('tv', id);
      touchPeople([...series.created_by, ...series.cast.map((c) => c.personId)]);
      return series;
    },
    /**
     * Adds the next regular season: `episodes` episodes (default 8) from `air_date` every `cadenceDays`
     * (default 7; 0 drops them all on one day), or undated ones with `air_date: null`. Records a change of
     * the series and of its creators.
     */
    addSeason(
      seriesId: number,
      {
        air_date = null,
        episodes = 8,
        cadenceDays = 7,
      }: { air_date?: string | null; episodes?: number; cadenceDays?: number } = {},
    ): FakeSeason {
      if (air_date !== null && !isValidDay(air_date))
        throw new Error(`tmdb fake: not a YYYY-MM-DD date: ${air_date}`);
      const series = seriesOrThrow(seriesId);
      const number = Math.max(0, ...series.seasons.map((s) => s.season_number)) + 1;
      const added: FakeSeason = {
        id: extraIds.take(),
        _id: rng.hex(24),
        season_number: number,
        name: `Season ${number}`,
        overview: '',
        air_date,
        poster_path: null,
        vote_average: 0,
        episodes: Array.from({ length: episodes }, (_, e) => ({
          id: extraIds.take(),
          episode_number: e + 1,
          name: `Episode ${e + 1}`,
          overview: '',
          air_date: air_date === null ? null : addDays(air_date, e * cadenceDays),
          runtime: null,
          still_path: null,
          episode_type: e === episodes - 1 ? 'finale' : 'standard',
          production_code: '',
          vote_average: 0,
          vote_count: 0,
        })),
      };
      series.seasons.push(added);
      if (series.status === 'Ended' || series.status === 'Canceled') series.status = 'Returning Series';
      series.in_production = true;
      touch('tv', seriesId);
      touchPeople(series.created_by);
      return added;
    },
    /** Adds a person (defaults: an actor with no details yet). Records a change. */
    addPerson(fields: Partial<FakePerson> & { name: string }): FakePerson {
      const id = fields.id ?? nextPersonId++;
      if (catalog.persons.has(id)) throw new Error(`tmdb fake: person ${id} exists`);
      const person: FakePerson = {
        id,
        original_name: fields.name,
        also_known_as: [],
        biography: '',
        birthday: null,
        deathday: null,
        gender: 0,
        homepage: null,
        imdb_id: null,
        known_for_department: 'Acting',
        place_of_birth: null,
        popularity: 0.6,
        profile_path: null,
        adult: false,
        ...fields,
      };
      catalog.persons.set(id, person);
      touch('person', id);
      return person;
    },
    /**
     * Credits a known person on a movie or series: `{ character }` in the cast, `{ job, department }` in the
     * crew. A series has no crew here but its creators: only `job: "Creator"` is accepted for one (added to
     * `created_by`). Records a change of the title and of the person.
     */
    creditPerson(
      kind: MediaKind,
      id: number,
      personId: number,
      role: { job: string; department: string } | { character: string },
    ) {
      personOrThrow(personId);
      const creditId = rng.hex(24);
      const title = kind === 'movie' ? movieOrThrow(id) : seriesOrThrow(id);
      if ('character' in role) {
        const castId = Math.max(0, ...title.cast.map((c) => c.castId)) + 1;
        title.cast.push({ personId, character: role.character, creditId, castId });
      } else if ('crew' in title) {
        title.crew.push({ personId, job: role.job, department: role.department, creditId });
      } else {
        if (role.job !== 'Creator')
          throw new Error(`tmdb fake: a series' crew is only its creators, not "${role.job}"`);
        if (!title.created_by.includes(personId)) title.created_by.push(personId);
      }
      touch(kind, id);
      touch('person', personId);
    },
    /**
     * Replaces the offers of one type in one country of a movie, a series or a season with these providers,
     * in this order: an empty list removes the type, and a country left with none is removed. Throws on an
     * unknown title, season or provider id, a region TMDB does not list, or a provider not listed for that
     * kind of title in that country (MUBI is in the movie list only). Records no change: Assumed, TMDB's
     * change feeds do not report where-to-watch changes.
     */
    setOffers(target: WatchTarget, country: string, type: OfferType, providerIds: number[]) {
      const { kind, holder } = watchHolderOrThrow(target);
      setHolderOffers(holder, kind, country, type, providerIds);
    },
    /** Removes every offer of a movie, a series or a season, in one country or all. Records no change. */
    clearOffers(target: WatchTarget, country?: string) {
      clearHolderOffers(watchHolderOrThrow(target).holder, country);
    },
    /** A copy of the offers of a movie, a series or a season (`{}` without any), for assertions. */
    offers(target: WatchTarget): WatchOffers {
      return structuredClone(watchHolderOrThrow(target).holder.watch ?? {});
    },
    /** The `results` of /watch/providers/{kind}, with or without a watch_region, for assertions. */
    watchProviders(kind: MediaKind, region?: string) {
      return watchProviderList(kind, region?.toUpperCase() || null);
    },
    /**
     * Gives a movie or series its translations besides the original language's (which it always has):
     * `{ language, country, title, overview }`, a series' title being its name. Records a change.
     */
    setTranslations(
      kind: MediaKind,
      id: number,
      entries: { language: string; country: string; title: string; overview: string }[],
    ) {
      if (kind === 'movie') movieOrThrow(id);
      else seriesOrThrow(id);
      translations.set(
        `${kind}:${id}`,
        entries.map((e) => ({ ...e })),
      );
      touch(kind, id);
    },
    /** Removes an item (its details then answer 404) and records the change, as a deletion on TMDB does. */
    remove(kind: ChangeKind, id: number) {
      const items = { movie: catalog.movies, tv: catalog.series, person: catalog.persons }[kind];
      if (!items.delete(id)) throw new Error(`tmdb fake: no ${kind} ${id}`);
      touch(kind, id);
    },
  };

  // ----- request parsing helpers ----------------------------------------------------------------

  const pageOf = (query: URLSearchParams) => {
    const raw = query.get('page');
    if (raw === null || raw === '') return 1;
    if (!/^\d+$/.test(raw)) throw new TmdbHttpError(22);
    const page = Number(raw);
    if (page < 1 || page > 500) throw new TmdbHttpError(22);
    return page;
  };
  /** "a|b" → OR, "a,b" → AND, as TMDB's with_* filters. */
  const idFilter = (raw: string | null) => {
    if (!raw) return null;
    const and = raw.includes(',');
    const ids = raw
      .split(/[|,]/)
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isFinite(n));
    return (have: readonly number[]) =>
      and ? ids.every((x) => have.includes(x)) : ids.some((x) => have.includes(x));
  };
  const optionalDay = (raw: string | null) => (raw && isValidDay(raw) ? raw : null);
  const within = (day: string, gte: string | null, lte: string | null) =>
    !!day && (!gte || day >= gte) && (!lte || day <= lte);
  const byPopularity = <T extends { popularity: number; id: number }>(a: T, b: T) =>
    b.popularity - a.popularity || a.id - b.id;

  /** Releases in the region (or anywhere), of the given types. */
  const releasesIn = (movie: FakeMovie, region: string | null, types: readonly number[] | null) =>
    (region ? (movie.releases[region] ?? []) : Object.values(movie.releases).flat()).filter(
      (r) => !types || types.includes(r.type),
    );

  const theatricalWindow = (query: URLSearchParams, minimum: string, maximum: string) => {
    const region = query.get('region')?.toUpperCase() || null;
    const movies = [...catalog.movies.values()]
      .filter((m) => releasesIn(m, region, [2, 3]).some((r) => within(releaseDay(r), minimum, maximum)))
      .sort(byPopularity)
      .map((m) => movieSummary(m, { region: region ?? undefined }));
    return { dates: { maximum, minimum }, ...paged(movies, pageOf(query)) };
  };

  const sortMovies = (movies: FakeMovie[], sortBy: string | null, ctx: ListContext) => {
    const [field, direction] = (sortBy ?? 'popularity.desc').split('.');
    const sign = direction === 'asc' ? 1 : -1;
    const key = (m: FakeMovie): number | string => {
      switch (field) {
        case 'title':
          return m.title;
        case 'original_title':
          return m.original_title;
        case 'primary_release_date':
          return primaryReleaseDate(m);
        case 'release_date':
          return displayReleaseDate(m, ctx);
        case 'vote_average':
          return m.vote_average;
        case 'vote_count':
          return m.vote_count;
        case 'revenue':
          return m.revenue;
        default:
          return m.popularity;
      }
    };
    return movies.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const cmp =
        typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
      return cmp * sign || a.id - b.id;
    });
  };

  const discoverMovie = (query: URLSearchParams) => {
    const region = query.get('region')?.toUpperCase() || null;
    const typeRaw = query.get('with_release_type');
    const typeIds = typeRaw
      ? typeRaw
          .split(/[|,]/)
          .map(Number)
          .filter((n) => n >= 1 && n <= 6)
      : null;
    const typesAnd = !!typeRaw?.includes(',');
    const primaryGte = optionalDay(query.get('primary_release_date.gte'));
    const primaryLte = optionalDay(query.get('primary_release_date.lte'));
    const primaryYear = query.get('primary_release_year');
    const releaseGte = optionalDay(query.get('release_date.gte'));
    const releaseLte = optionalDay(query.get('release_date.lte'));
    const year = query.get('year');
    const genres = idFilter(query.get('with_genres'));
    const language = query.get('with_original_language');
    const ctx: ListContext = { region: region ?? undefined, releaseTypes: typeIds ?? undefined };

    const movies = [...catalog.movies.values()].filter((m) => {
      const primary = primaryReleaseDate(m);
      if ((primaryGte || primaryLte) && !within(primary, primaryGte, primaryLte)) return false;
      if (primaryYear && primary.slice(0, 4) !== primaryYear) return false;
      if (genres && !genres(m.genre_ids)) return false;
      if (language && m.original_language !== language) return false;
      if (typeIds && typesAnd && !typeIds.every((t) => releasesIn(m, region, [t]).length > 0)) return false;
      if (typeIds || releaseGte || releaseLte || year) {
        const candidates = releasesIn(m, region, typesAnd ? null : typeIds);
        const match = candidates.some(
          (r) =>
            within(releaseDay(r), releaseGte, releaseLte) &&
            (!year || releaseDay(r).startsWith(`${year}-`)) &&
            (!typesAnd || !typeIds || typeIds.includes(r.type)),
        );
        if (!match) return false;
      }
      return true;
    });
    return paged(
      sortMovies(movies, query.get('sort_by'), ctx).map((m) => movieSummary(m, ctx)),
      pageOf(query),
    );
  };

  const airDates = (series: FakeSeries) => [
    ...datedEpisodes(series).map((x) => x.episode.air_date),
    ...series.seasons.filter((s) => s.air_date && s.episodes.length === 0).map((s) => s.air_date as string),
  ];

  const sortSeries = (list: FakeSeries[], sortBy: string | null) => {
    const [field, direction] = (sortBy ?? 'popularity.desc').split('.');
    const sign = direction === 'asc' ? 1 : -1;
    const key = (s: FakeSeries): number | string =>
      field === 'first_air_date'
        ? firstAirDate(s)
        : field === 'name'
          ? s.name
          : field === 'original_name'
            ? s.original_name
            : field === 'vote_average'
              ? s.vote_average
              : field === 'vote_count'
                ? s.vote_count
                : s.popularity;
    return list.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const cmp =
        typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
      return cmp * sign || a.id - b.id;
    });
  };

  const discoverTv = (query: URLSearchParams) => {
    const airGte = optionalDay(query.get('air_date.gte'));
    const airLte = optionalDay(query.get('air_date.lte'));
    const firstGte = optionalDay(query.get('first_air_date.gte'));
    const firstLte = optionalDay(query.get('first_air_date.lte'));
    const firstYear = query.get('first_air_date_year');
    const genres = idFilter(query.get('with_genres'));
    const networks = idFilter(query.get('with_networks'));
    const statuses = idFilter(query.get('with_status'));
    const language = query.get('with_original_language');
    const list = [...catalog.series.values()].filter((s) => {
      const first = firstAirDate(s);
      if ((airGte || airLte) && !airDates(s).some((d) => within(d, airGte, airLte))) return false;
      if ((firstGte || firstLte) && !within(first, firstGte, firstLte)) return false;
      if (firstYear && first.slice(0, 4) !== firstYear) return false;
      if (genres && !genres(s.genre_ids)) return false;
      if (networks && !networks(s.network_ids)) return false;
      if (statuses && !statuses([SERIES_STATUS_CODES[s.status]])) return false;
      if (language && s.original_language !== language) return false;
      return true;
    });
    return paged(sortSeries(list, query.get('sort_by')).map(tvSummary), pageOf(query));
  };

  const airingBetween = (query: URLSearchParams, from: string, to: string) =>
    paged(
      [...catalog.series.values()]
        .filter((s) => datedEpisodes(s).some((x) => within(x.episode.air_date, from, to)))
        .sort(byPopularity)
        .map(tvSummary),
      pageOf(query),
    );

  /** Popularity boosted near a release, so trending differs from popular. */
  const trendScore = (popularity: number, date: string) => {
    if (!date) return popularity;
    const days = Math.abs(dayMs(date) - dayMs(today())) / DAY_MS;
    return days <= 30 ? popularity * 3 : popularity;
  };
  const trendingMovies = () =>
    [...catalog.movies.values()]
      .map((m) => ({ m, score: trendScore(m.popularity, primaryReleaseDate(m)) }))
      .sort((a, b) => b.score - a.score || a.m.id - b.m.id)
      .map(({ m, score }) => ({ score, item: { ...movieSummary(m), media_type: 'movie' as const } }));
  const trendingTv = () =>
    [...catalog.series.values()]
      .map((s) => {
        const recent = datedEpisodes(s).find((x) => x.episode.air_date >= addDays(today(), -7));
        return { s, score: trendScore(s.popularity, recent?.episode.air_date ?? '') };
      })
      .sort((a, b) => b.score - a.score || a.s.id - b.s.id)
      .map(({ s, score }) => ({ score, item: { ...tvSummary(s), media_type: 'tv' as const } }));

  const personSummary = (p: FakePerson) => ({
    adult: p.adult,
    gender: p.gender,
    id: p.id,
    known_for_department: p.known_for_department,
    name: p.name,
    original_name: p.original_name,
    popularity: p.popularity,
    profile_path: p.profile_path,
  });
  const knownFor = (personId: number) => {
    const movies = [...catalog.movies.values()]
      .filter(
        (m) => m.cast.some((c) => c.personId === personId) || m.crew.some((c) => c.personId === personId),
      )
      .map((m) => ({ popularity: m.popularity, item: { ...movieSummary(m), media_type: 'movie' as const } }));
    const shows = [...catalog.series.values()]
      .filter((s) => s.cast.some((c) => c.personId === personId) || s.created_by.includes(personId))
      .map((s) => ({ popularity: s.popularity, item: { ...tvSummary(s), media_type: 'tv' as const } }));
    return [...movies, ...shows]
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 3)
      .map((x) => x.item);
  };

  const normalize = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  /** Assumed: a case- and accent-insensitive substring match, best (most popular) first. */
  const search = (query: URLSearchParams, kinds: readonly ('movie' | 'tv' | 'person')[]) => {
    const q = normalize((query.get('query') ?? '').trim());
    const page = pageOf(query);
    if (!q) return paged([], page);
    const hits: { popularity: number; item: Record<string, unknown> }[] = [];
    const matches = (...names: string[]) => names.some((n) => normalize(n).includes(q));
    const tag = kinds.length > 1;
    if (kinds.includes('movie'))
      for (const m of catalog.movies.values())
        if (matches(m.title, m.original_title))
          hits.push({
            popularity: m.popularity,
            item: { ...movieSummary(m), ...(tag && { media_type: 'movie' }) },
          });
    if (kinds.includes('tv'))
      for (const s of catalog.series.values())
        if (matches(s.name, s.original_name))
          hits.push({
            popularity: s.popularity,
            item: { ...tvSummary(s), ...(tag && { media_type: 'tv' }) },
          });
    if (kinds.includes('person'))
      for (const p of catalog.persons.values())
        if (matches(p.name, p.original_name))
          hits.push({
            popularity: p.popularity,
            item: { ...personSummary(p), ...(tag && { media_type: 'person' }), known_for: knownFor(p.id) },
          });
    hits.sort((a, b) => b.popularity - a.popularity || Number(a.item.id) - Number(b.item.id));
    return paged(
      hits.map((h) => h.item),
      page,
    );
  };

  // ----- details ----------------------------------------------------------------------------------

  const credit = (personId: number) => {
    const p = catalog.persons.get(personId);
    return {
      adult: p?.adult ?? false,
      gender: p?.gender ?? 0,
      id: personId,
      known_for_department: p?.known_for_department ?? 'Acting',
      name: p?.name ?? '',
      original_name: p?.original_name ?? '',
      popularity: p?.popularity ?? 0,
      profile_path: p?.profile_path ?? null,
    };
  };
  const castOf = (cast: FakeCastCredit[]) =>
    cast.map((c, order) => ({
      ...credit(c.personId),
      cast_id: c.castId,
      character: c.character,
      credit_id: c.creditId,
      order,
    }));
  const movieCredits = (m: FakeMovie) => ({
    cast: castOf(m.cast),
    crew: m.crew.map((c) => ({
      ...credit(c.personId),
      credit_id: c.creditId,
      department: c.department,
      job: c.job,
    })),
  });
  const movieReleaseDates = (m: FakeMovie) => ({
    results: Object.entries(m.releases)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, dates]) => ({ iso_3166_1: country, release_dates: dates.map((d) => ({ ...d })) })),
  });
  const companies = (ids: number[]) =>
    ids
      .map((id) => catalog.companies.get(id))
      .filter((c): c is FakeCompany => !!c)
      .map((c) => ({ id: c.id, logo_path: c.logo_path, name: c.name, origin_country: c.origin_country }));
  const countries = (codes: string[]) => codes.map((c) => ({ iso_3166_1: c, name: COUNTRY_NAMES[c] ?? c }));
  const spoken = (languages: string[]) =>
    languages.map((l) => ({
      english_name: LANGUAGES[l]?.english_name ?? l,
      iso_639_1: l,
      name: LANGUAGES[l]?.name ?? l,
    }));
  const genresOf = (ids: number[], list: Genre[]) =>
    ids.map((id) => list.find((g) => g.id === id)).filter((g): g is Genre => !!g);

  /** Translations given by setTranslations, by `kind:id`; every title also has its original language's. */
  const translations = new Map<
    string,
    { language: string; country: string; title: string; overview: string }[]
  >();
  const LANGUAGE_NAMES: Record<string, [native: string, english: string]> = {
    en: ['English', 'English'],
    de: ['Deutsch', 'German'],
    es: ['Español', 'Spanish'],
    fr: ['Français', 'French'],
    ja: ['日本語', 'Japanese'],
    pt: ['Português', 'Portuguese'],
    ko: ['한국어/조선말', 'Korean'],
  };
  /** `translations` as TMDB appends it: `{ translations: [...] }`, the original language's first. */
  const translationsOf = (
    kind: MediaKind,
    id: number,
    original: { language: string; country: string; title: string; overview: string; tagline: string },
  ) => ({
    translations: [original, ...(translations.get(`${kind}:${id}`) ?? [])].map((t) => ({
      iso_3166_1: t.country,
      iso_639_1: t.language,
      name: LANGUAGE_NAMES[t.language]?.[0] ?? t.language,
      english_name: LANGUAGE_NAMES[t.language]?.[1] ?? t.language,
      data:
        kind === 'movie'
          ? { homepage: '', overview: t.overview, runtime: 0, tagline: '', title: t.title }
          : { name: t.title, overview: t.overview, homepage: '', tagline: '' },
    })),
  });

  const appends = (query: URLSearchParams) => {
    const names = (query.get('append_to_response') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length > 20) throw new TmdbHttpError(27);
    return names;
  };

  const movieDetails = (id: number, query: URLSearchParams) => {
    const m = catalog.movies.get(id);
    if (!m) throw new TmdbHttpError(34);
    const body: Record<string, unknown> = {
      adult: m.adult,
      backdrop_path: m.backdrop_path,
      belongs_to_collection: null,
      budget: m.budget,
      genres: genresOf(m.genre_ids, MOVIE_GENRES),
      homepage: m.homepage,
      id: m.id,
      imdb_id: m.imdb_id,
      origin_country: [...m.origin_country],
      original_language: m.original_language,
      original_title: m.original_title,
      overview: m.overview,
      popularity: m.popularity,
      poster_path: m.poster_path,
      production_companies: companies(m.production_company_ids),
      production_countries: countries(m.origin_country),
      release_date: primaryReleaseDate(m),
      revenue: m.revenue,
      runtime: m.runtime,
      spoken_languages: spoken([m.original_language]),
      status: m.status,
      tagline: m.tagline,
      title: m.title,
      video: m.video,
      vote_average: m.vote_average,
      vote_count: m.vote_count,
    };
    // Assumed: append names this fake does not know are ignored, as TMDB does with unknown ones.
    for (const name of appends(query)) {
      if (name === 'release_dates') body.release_dates = movieReleaseDates(m);
      else if (name === 'credits') body.credits = movieCredits(m);
      else if (name === 'translations')
        body.translations = translationsOf('movie', m.id, {
          language: m.original_language,
          country: m.origin_country[0] ?? 'US',
          title: m.original_title,
          overview: m.overview,
          tagline: m.tagline,
        });
      // As other appends, without the `id` the sub-resource sends.
      else if (name === 'watch/providers') body[name] = { results: watchResults(m.watch, movieWatchLink(m)) };
    }
    return body;
  };

  const episodeSummary = (series: FakeSeries, season: FakeSeason, e: FakeEpisode) => ({
    id: e.id,
    name: e.name,
    overview: e.overview,
    vote_average: e.vote_average,
    vote_count: e.vote_count,
    air_date: e.air_date,
    episode_number: e.episode_number,
    episode_type: e.episode_type,
    production_code: e.production_code,
    runtime: e.runtime,
    season_number: season.season_number,
    show_id: series.id,
    still_path: e.still_path,
  });

  const seasonDetails = (series: FakeSeries, number: number) => {
    const season = series.seasons.find((s) => s.season_number === number);
    if (!season) throw new TmdbHttpError(34);
    return {
      _id: season._id,
      air_date: season.air_date,
      episodes: season.episodes.map((e) => ({
        air_date: e.air_date,
        episode_number: e.episode_number,
        episode_type: e.episode_type,
        id: e.id,
        name: e.name,
        overview: e.overview,
        production_code: e.production_code,
        runtime: e.runtime,
        season_number: season.season_number,
        show_id: series.id,
        still_path: e.still_path,
        vote_average: e.vote_average,
        vote_count: e.vote_count,
        crew: [],
        guest_stars: [],
      })),
      name: season.name,
      networks: networksOf(series),
      overview: season.overview,
      id: season.id,
      poster_path: season.poster_path,
      season_number: season.season_number,
      vote_average: season.vote_average,
    };
  };
  const networksOf = (series: FakeSeries) =>
    series.network_ids
      .map((id) => catalog.networks.get(id))
      .filter((n): n is FakeCompany => !!n)
      .map((n) => ({ id: n.id, logo_path: n.logo_path, name: n.name, origin_country: n.origin_country }));

  /** The credit_id of a series creator: the same in `created_by` and in the person's combined credits. */
  const creatorCreditId = (seriesId: number, personId: number) =>
    createHash('md5').update(`${seriesId}-${personId}`).digest('hex').slice(0, 24);

  const tvDetails = (id: number, query: URLSearchParams) => {
    const s = catalog.series.get(id);
    if (!s) throw new TmdbHttpError(34);
    const day = today();
    const dated = datedEpisodes(s);
    const last = dated.filter((x) => x.episode.air_date <= day).at(-1);
    const next = dated.find((x) => x.episode.air_date > day);
    const regular = s.seasons.filter((x) => x.season_number > 0);
    const body: Record<string, unknown> = {
      adult: s.adult,
      backdrop_path: s.backdrop_path,
      created_by: s.created_by.map((pid) => {
        const p = catalog.persons.get(pid);
        return {
          id: pid,
          credit_id: creatorCreditId(s.id, pid),
          name: p?.name ?? '',
          original_name: p?.original_name ?? '',
          gender: p?.gender ?? 0,
          profile_path: p?.profile_path ?? null,
        };
      }),
      episode_run_time: [...s.episode_run_time],
      first_air_date: firstAirDate(s),
      genres: genresOf(s.genre_ids, TV_GENRES),
      homepage: s.homepage,
      id: s.id,
      in_production: s.in_production,
      languages: [...s.languages],
      // Assumed: null (not "") before anything aired.
      last_air_date: last?.episode.air_date ?? null,
      last_episode_to_air: last ? episodeSummary(s, last.season, last.episode) : null,
      name: s.name,
      next_episode_to_air: next ? episodeSummary(s, next.season, next.episode) : null,
      networks: networksOf(s),
      number_of_episodes: regular.reduce((n, x) => n + x.episodes.length, 0),
      number_of_seasons: regular.length,
      origin_country: [...s.origin_country],
      original_language: s.original_language,
      original_name: s.original_name,
      overview: s.overview,
      popularity: s.popularity,
      poster_path: s.poster_path,
      production_companies: companies(s.production_company_ids),
      production_countries: countries(s.origin_country),
      seasons: [...s.seasons]
        .sort((a, b) => a.season_number - b.season_number)
        .map((x) => ({
          air_date: x.air_date,
          episode_count: x.episodes.length,
          id: x.id,
          name: x.name,
          overview: x.overview,
          poster_path: x.poster_path,
          season_number: x.season_number,
          vote_average: x.vote_average,
        })),
      spoken_languages: spoken(s.languages),
      status: s.status,
      tagline: s.tagline,
      type: s.type,
      vote_average: s.vote_average,
      vote_count: s.vote_count,
    };
    for (const name of appends(query)) {
      const season = /^season\/(\d+)$/.exec(name);
      if (season) {
        // Assumed: an appended season that does not exist is left out.
        if (s.seasons.some((x) => x.season_number === Number(season[1])))
          body[name] = seasonDetails(s, Number(season[1]));
      } else if (name === 'credits') body.credits = { cast: castOf(s.cast), crew: [] };
      // As other appends, without the `id` the sub-resource sends.
      else if (name === 'external_ids') body.external_ids = tvExternalIds(s);
      else if (name === 'translations')
        body.translations = translationsOf('tv', s.id, {
          language: s.original_language,
          country: s.origin_country[0] ?? 'US',
          title: s.original_name,
          overview: s.overview,
          tagline: s.tagline,
        });
      else if (name === 'watch/providers') body[name] = { results: watchResults(s.watch, tvWatchLink(s)) };
    }
    return body;
  };

  /** /tv/{id}/external_ids but its leading `id`. Assumed: the ids the fake does not keep are null. */
  const tvExternalIds = (s: FakeSeries) => ({
    imdb_id: s.imdb_id,
    freebase_mid: null,
    freebase_id: null,
    tvdb_id: s.tvdb_id,
    tvrage_id: null,
    wikidata_id: null,
    facebook_id: null,
    instagram_id: null,
    twitter_id: null,
  });

  // ----- find by external id ----------------------------------------------------------------------

  /** Keys in the order /find sends them (not that of the list endpoints). */
  const FIND_MOVIE_KEYS = [
    'backdrop_path',
    'id',
    'title',
    'original_title',
    'overview',
    'poster_path',
    'media_type',
    'adult',
    'original_language',
    'genre_ids',
    'popularity',
    'release_date',
    'video',
    'vote_average',
    'vote_count',
  ] as const;
  const FIND_TV_KEYS = [
    'backdrop_path',
    'id',
    'name',
    'original_name',
    'overview',
    'poster_path',
    'media_type',
    'adult',
    'original_language',
    'genre_ids',
    'popularity',
    'first_air_date',
    'vote_average',
    'vote_count',
    'origin_country',
  ] as const;
  const inOrder = (item: Record<string, unknown>, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, item[k]]));
  const findMovieItem = (m: FakeMovie) =>
    inOrder({ ...movieSummary(m), media_type: 'movie' }, FIND_MOVIE_KEYS);
  const findTvItem = (s: FakeSeries) => inOrder({ ...tvSummary(s), media_type: 'tv' }, FIND_TV_KEYS);
  const findPersonItem = (p: FakePerson) => ({
    id: p.id,
    name: p.name,
    original_name: p.original_name,
    media_type: 'person',
    adult: p.adult,
    popularity: p.popularity,
    gender: p.gender,
    known_for_department: p.known_for_department,
    profile_path: p.profile_path,
    // Assumed: tv entries take the tv results' order (the captures only show movies).
    known_for: knownFor(p.id).map((x) =>
      inOrder(x, x.media_type === 'movie' ? FIND_MOVIE_KEYS : FIND_TV_KEYS),
    ),
  });
  const FIND_SOURCES = [
    'imdb_id',
    'facebook_id',
    'instagram_id',
    'tvdb_id',
    'tiktok_id',
    'twitter_id',
    'wikidata_id',
    'youtube_id',
  ];

  const findByExternalId = (externalId: string, query: URLSearchParams) => {
    const source = query.get('external_source');
    // Assumed: a source TMDB does not list (the retired freebase_mid, freebase_id, tvrage_id included) answers
    // as a missing one does.
    if (!source || !FIND_SOURCES.includes(source)) throw new TmdbHttpError(34);
    // Assumed: an exact, case-sensitive match, in catalog order. The fake keeps no other source's ids, nor
    // episodes' and seasons' ids, so those lists stay empty.
    const imdb = source === 'imdb_id';
    return {
      movie_results: imdb
        ? [...catalog.movies.values()].filter((m) => m.imdb_id === externalId).map(findMovieItem)
        : [],
      person_results: imdb
        ? [...catalog.persons.values()].filter((p) => p.imdb_id === externalId).map(findPersonItem)
        : [],
      tv_results: [...catalog.series.values()]
        .filter((s) =>
          imdb
            ? s.imdb_id === externalId
            : source === 'tvdb_id' && s.tvdb_id !== null && String(s.tvdb_id) === externalId,
        )
        .map(findTvItem),
      tv_episode_results: [],
      tv_season_results: [],
    };
  };

  // ----- people -----------------------------------------------------------------------------------

  const combinedCredits = (p: FakePerson) => {
    const cast: Record<string, unknown>[] = [];
    const crew: Record<string, unknown>[] = [];
    // Assumed: movies first, then series, each in catalog order (TMDB's own order is not documented).
    for (const m of catalog.movies.values()) {
      m.cast.forEach((c, order) => {
        if (c.personId === p.id)
          cast.push({
            ...movieSummary(m),
            character: c.character,
            credit_id: c.creditId,
            order,
            media_type: 'movie',
          });
      });
      for (const c of m.crew)
        if (c.personId === p.id)
          crew.push({
            ...movieSummary(m),
            credit_id: c.creditId,
            department: c.department,
            job: c.job,
            media_type: 'movie',
          });
    }
    for (const s of catalog.series.values()) {
      // Assumed: the fake's cast and creators are series regulars, credited on every regular episode since
      // the first; "" as the first credit's date before any.
      const episodeCount = s.seasons
        .filter((x) => x.season_number > 0)
        .reduce((n, x) => n + x.episodes.length, 0);
      const firstCredit = firstAirDate(s);
      for (const c of s.cast)
        if (c.personId === p.id)
          cast.push({
            ...tvSummary(s),
            character: c.character,
            credit_id: c.creditId,
            episode_count: episodeCount,
            first_credit_air_date: firstCredit,
            media_type: 'tv',
          });
      if (s.created_by.includes(p.id))
        crew.push({
          ...tvSummary(s),
          credit_id: creatorCreditId(s.id, p.id),
          department: 'Creator',
          episode_count: episodeCount,
          first_credit_air_date: firstCredit,
          job: 'Creator',
          media_type: 'tv',
        });
    }
    return { cast, crew };
  };

  const personDetails = (id: number, query: URLSearchParams) => {
    const p = catalog.persons.get(id);
    if (!p) throw new TmdbHttpError(34);
    const body: Record<string, unknown> = {
      adult: p.adult,
      also_known_as: [...p.also_known_as],
      biography: p.biography,
      birthday: p.birthday,
      deathday: p.deathday,
      gender: p.gender,
      homepage: p.homepage,
      id: p.id,
      imdb_id: p.imdb_id,
      known_for_department: p.known_for_department,
      name: p.name,
      place_of_birth: p.place_of_birth,
      popularity: p.popularity,
      profile_path: p.profile_path,
    };
    for (const name of appends(query))
      if (name === 'combined_credits') body.combined_credits = combinedCredits(p);
    return body;
  };

  // ----- change lists -----------------------------------------------------------------------------

  const changeList = (kind: ChangeKind, query: URLSearchParams) => {
    const startRaw = query.get('start_date');
    const endRaw = query.get('end_date');
    for (const raw of [startRaw, endRaw]) if (raw && !isValidDay(raw)) throw new TmdbHttpError(23);
    const now = clock();
    // Assumed: end_date counts its whole day; without dates, the last 24 hours.
    const end = endRaw ? dayMs(endRaw) + DAY_MS - 1 : now;
    const start = startRaw ? dayMs(startRaw) : end - DAY_MS + 1;
    if (end - start > 14 * DAY_MS) throw new TmdbHttpError(20);
    const page = pageOf(query);
    const latest = new Map<number, number>();
    for (const c of changes)
      if (c.kind === kind && c.at >= start && c.at <= end)
        latest.set(c.id, Math.max(latest.get(c.id) ?? 0, c.at));
    const ids = [...latest.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
    const items = { movie: catalog.movies, tv: catalog.series, person: catalog.persons }[kind];
    // Assumed: a deleted item shows adult: null.
    const results = ids.map((id) => ({ id, adult: items.get(id)?.adult ?? null }));
    const { page: p, results: slice, total_pages, total_results } = paged(results, page, 100);
    return { results: slice, page: p, total_pages, total_results };
  };

  // ----- routing ----------------------------------------------------------------------------------

  type Route = [RegExp, (match: RegExpExecArray, query: URLSearchParams) => unknown];
  const routes: Route[] = [
    [/^\/configuration$/, () => CONFIGURATION],
    [/^\/genre\/movie\/list$/, () => ({ genres: MOVIE_GENRES })],
    [/^\/genre\/tv\/list$/, () => ({ genres: TV_GENRES })],
    [/^\/movie\/changes$/, (_m, q) => changeList('movie', q)],
    [/^\/tv\/changes$/, (_m, q) => changeList('tv', q)],
    [/^\/person\/changes$/, (_m, q) => changeList('person', q)],
    [
      /^\/movie\/upcoming$/,
      (_m, q) => theatricalWindow(q, addDays(today(), 1), addDays(today(), UPCOMING_DAYS)),
    ],
    [/^\/movie\/now_playing$/, (_m, q) => theatricalWindow(q, addDays(today(), -NOW_PLAYING_DAYS), today())],
    [
      /^\/movie\/popular$/,
      (_m, q) => {
        const region = q.get('region')?.toUpperCase() || undefined;
        return paged(
          [...catalog.movies.values()].sort(byPopularity).map((m) => movieSummary(m, { region })),
          pageOf(q),
        );
      },
    ],
    [
      /^\/movie\/top_rated$/,
      (_m, q) =>
        paged(
          [...catalog.movies.values()]
            .filter((m) => m.vote_count > 0)
            .sort((a, b) => b.vote_average - a.vote_average || a.id - b.id)
            .map((m) => movieSummary(m)),
          pageOf(q),
        ),
    ],
    [/^\/discover\/movie$/, (_m, q) => discoverMovie(q)],
    [/^\/discover\/tv$/, (_m, q) => discoverTv(q)],
    [
      /^\/trending\/(movie|tv|all)\/(day|week)$/,
      (m, q) => {
        const kind = m[1];
        const items =
          kind === 'movie'
            ? trendingMovies()
            : kind === 'tv'
              ? trendingTv()
              : [...trendingMovies(), ...trendingTv()].sort((a, b) => b.score - a.score);
        return paged(
          items.map((x) => x.item),
          pageOf(q),
        );
      },
    ],
    [/^\/tv\/on_the_air$/, (_m, q) => airingBetween(q, today(), addDays(today(), 6))],
    [/^\/tv\/airing_today$/, (_m, q) => airingBetween(q, today(), today())],
    [
      /^\/tv\/popular$/,
      (_m, q) => paged([...catalog.series.values()].sort(byPopularity).map(tvSummary), pageOf(q)),
    ],
    [
      /^\/tv\/top_rated$/,
      (_m, q) =>
        paged(
          [...catalog.series.values()]
            .filter((s) => s.vote_count > 0)
            .sort((a, b) => b.vote_average - a.vote_average || a.id - b.id)
            .map(tvSummary),
          pageOf(q),
        ),
    ],
    [/^\/search\/multi$/, (_m, q) => search(q, ['movie', 'tv', 'person'])],
    [/^\/search\/movie$/, (_m, q) => search(q, ['movie'])],
    [/^\/search\/tv$/, (_m, q) => search(q, ['tv'])],
    [/^\/search\/person$/, (_m, q) => search(q, ['person'])],
    [
      /^\/find\/([^/]+)$/,
      (m, q) => {
        let externalId: string;
        try {
          externalId = decodeURIComponent(m[1]!);
        } catch {
          throw new TmdbHttpError(34);
        }
        return findByExternalId(externalId, q);
      },
    ],
    [/^\/movie\/(\d+)$/, (m, q) => movieDetails(Number(m[1]), q)],
    [
      /^\/movie\/(\d+)\/release_dates$/,
      (m) => {
        const movie = catalog.movies.get(Number(m[1]));
        if (!movie) throw new TmdbHttpError(34);
        return { id: movie.id, ...movieReleaseDates(movie) };
      },
    ],
    [
      /^\/movie\/(\d+)\/credits$/,
      (m) => {
        const movie = catalog.movies.get(Number(m[1]));
        if (!movie) throw new TmdbHttpError(34);
        return { id: movie.id, ...movieCredits(movie) };
      },
    ],
    [/^\/tv\/(\d+)$/, (m, q) => tvDetails(Number(m[1]), q)],
    [
      /^\/tv\/(\d+)\/external_ids$/,
      (m) => {
        const series = catalog.series.get(Number(m[1]));
        if (!series) throw new TmdbHttpError(34);
        return { id: series.id, ...tvExternalIds(series) };
      },
    ],
    [
      /^\/tv\/(\d+)\/season\/(\d+)$/,
      (m) => {
        const series = catalog.series.get(Number(m[1]));
        if (!series) throw new TmdbHttpError(34);
        return seasonDetails(series, Number(m[2]));
      },
    ],
    [/^\/person\/(\d+)$/, (m, q) => personDetails(Number(m[1]), q)],
    [/^\/watch\/providers\/regions$/, () => watchRegionsBody()],
    [
      /^\/watch\/providers\/(movie|tv)$/,
      // Assumed: watch_region is read case-insensitively, and an empty one is no region.
      (m, q) => ({
        results: watchProviderList(m[1] as MediaKind, q.get('watch_region')?.toUpperCase() || null),
      }),
    ],
    [
      /^\/movie\/(\d+)\/watch\/providers$/,
      (m) => {
        const movie = catalog.movies.get(Number(m[1]));
        if (!movie) throw new TmdbHttpError(34);
        return { id: movie.id, results: watchResults(movie.watch, movieWatchLink(movie)) };
      },
    ],
    [
      /^\/tv\/(\d+)\/watch\/providers$/,
      (m) => {
        const series = catalog.series.get(Number(m[1]));
        if (!series) throw new TmdbHttpError(34);
        return { id: series.id, results: watchResults(series.watch, tvWatchLink(series)) };
      },
    ],
    [
      /^\/tv\/(\d+)\/season\/(\d+)\/watch\/providers$/,
      (m) => {
        const series = catalog.series.get(Number(m[1]));
        const season = series?.seasons.find((s) => s.season_number === Number(m[2]));
        if (!series || !season) throw new TmdbHttpError(34);
        return { id: season.id, results: watchResults(season.watch, tvWatchLink(series, season)) };
      },
    ],
    [
      /^\/person\/(\d+)\/combined_credits$/,
      (m) => {
        const person = catalog.persons.get(Number(m[1]));
        if (!person) throw new TmdbHttpError(34);
        // Key order as in the reference example: cast, crew, id.
        return { ...combinedCredits(person), id: person.id };
      },
    ],
  ];

  // ----- HTTP -------------------------------------------------------------------------------------

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : JSON_TYPE,
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  };
  const sendError = (res: ServerResponse, code: TmdbErrorCode, headers: Record<string, string> = {}) =>
    send(res, TMDB_ERRORS[code]![0], tmdbErrorBody(code), headers);

  const answer = (req: IncomingMessage, res: ServerResponse, what: TmdbFakeAnswer) => {
    if (what === 'drop') return req.socket.destroy();
    if (what === 'hang') return;
    const body = what.body ?? tmdbErrorBody(DEFAULT_CODE_FOR_STATUS[what.status] ?? 11);
    send(
      res,
      what.status,
      body,
      what.retryAfter === undefined ? {} : { 'retry-after': String(what.retryAfter) },
    );
  };

  /** Sliding one-second window over the requests let through; undefined when the request may pass. */
  const rateLimited = (): number | undefined => {
    if (rateLimit === null) return undefined;
    const now = Date.now();
    recent = recent.filter((t) => t > now - 1000);
    if (recent.length >= rateLimit) return Math.max(1, Math.ceil((recent[0]! + 1000 - now) / 1000));
    recent.push(now);
    return undefined;
  };

  const authOf = (req: IncomingMessage, query: URLSearchParams): TmdbFakeRequest['auth'] => {
    // Assumed: an api_key parameter, when present, decides (a valid header does not rescue a wrong key).
    const key = query.get('api_key');
    if (key !== null) return key === apiKey ? 'api_key' : null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    return match?.[1] === token ? 'bearer' : null;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const auth = authOf(req, url.searchParams);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      auth,
    });

    const next = queued.shift();
    if (next) return answer(req, res, next);
    const retryAfter = rateLimited();
    if (retryAfter !== undefined) return sendError(res, 25, { 'retry-after': String(retryAfter) });
    if (!auth) return sendError(res, 7);

    const path = url.pathname.startsWith('/3/') ? url.pathname.slice(2) : null;
    // Assumed: other methods on these read-only resources answer like an unknown resource.
    if (path === null || (req.method !== 'GET' && req.method !== 'HEAD')) return sendError(res, 34);
    for (const [pattern, handler] of routes) {
      const match = pattern.exec(path);
      if (!match) continue;
      try {
        return send(res, 200, handler(match, url.searchParams));
      } catch (error) {
        if (error instanceof TmdbHttpError) return sendError(res, error.code);
        throw error;
      }
    }
    return sendError(res, 34);
  };

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      try {
        handle(req, res);
      } catch (error) {
        if (!res.headersSent) sendError(res, 11);
        else res.destroy();
        process.emitWarning(`tmdb fake: ${String(error)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The API base, e.g. http://127.0.0.1:PORT/3 (paths like /movie/123 go after it). */
    url: `http://127.0.0.1:${port}/3`,
    /** The v3 key accepted as ?api_key=. */
    apiKey,
    /** The v4 read access token accepted as Authorization: Bearer. */
    token,
    /** Every request received, in order. */
    requests,
    /** The catalog (maps of movies, series, persons, networks, companies) and its mutation helpers. */
    data,
    /** The next `n` requests get `answer` instead of being processed (before rate limiting and auth). */
    failNext(n: number, what: TmdbFakeAnswer) {
      for (let i = 0; i < n; i++) queued.push(what);
    },
    /** Above `perSecond` requests in any one-second window, answer 429 (status_code 25) with Retry-After. */
    setRateLimit(perSecond: number | null) {
      rateLimit = perSecond;
      recent = [];
    },
    /** Stops listening and cuts open connections (hung ones included); safe to call twice. */
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TmdbFake = Awaited<ReturnType<typeof startTmdbFake>>;
