import { describe, expect, it } from 'vitest';
import { displayedReleaseDate, typedReleaseDates } from './release-dates';
import { movieDetailsSchema, movieListSchema, tvDetailsSchema } from './schemas';
import { normaliseMovie, popularityScore } from './tmdb-movies';

// Shaped like TMDB's /movie/{id}?append_to_response=release_dates,credits answer (trimmed).
const details = {
  adult: false,
  id: 603,
  title: 'The Matrix',
  original_title: 'The Matrix',
  overview: 'Set in the 22nd century…',
  poster_path: '/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg',
  release_date: '1999-03-30',
  popularity: 91.2,
  original_language: 'en',
  genres: [
    { id: 28, name: 'Action' },
    { id: 878, name: 'Science Fiction' },
  ],
  status: 'Released',
  runtime: 136,
  video: false,
  release_dates: {
    results: [
      {
        iso_3166_1: 'US',
        release_dates: [
          {
            certification: 'R',
            descriptors: [],
            iso_639_1: '',
            note: 'Westwood premiere',
            release_date: '1999-03-24T00:00:00.000Z',
            type: 1,
          },
          {
            certification: 'R',
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: '1999-03-31T00:00:00.000Z',
            type: 3,
          },
          {
            certification: 'R',
            descriptors: [],
            iso_639_1: '',
            note: 'DVD',
            release_date: '1999-09-21T00:00:00.000Z',
            type: 5,
          },
        ],
      },
      {
        iso_3166_1: 'GB',
        release_dates: [
          {
            certification: '15',
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: '1999-06-11T00:00:00.000Z',
            type: 3,
          },
          {
            certification: '15',
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: '1999-06-10T00:00:00.000Z',
            type: 2,
          },
        ],
      },
      {
        iso_3166_1: 'DE',
        release_dates: [
          { certification: '16', note: 'Blu-ray', release_date: '2008-11-07T00:00:00.000Z', type: 5 },
        ],
      },
    ],
  },
  credits: {
    cast: [{ id: 6384, name: 'Keanu Reeves', character: 'Neo' }],
    crew: [
      { id: 9339, name: 'Lilly Wachowski', job: 'Director', department: 'Directing' },
      { id: 9340, name: 'Joel Silver', job: 'Producer', department: 'Production' },
    ],
  },
  some_field_tmdb_added_later: { anything: true },
};

describe('TMDB movie release dates', () => {
  const dates = typedReleaseDates(movieDetailsSchema.parse(details).release_dates);

  it('keeps every typed regional date', () => {
    expect(dates).toEqual([
      { country: 'US', type: 1, date: '1999-03-24' },
      { country: 'US', type: 3, date: '1999-03-31' },
      { country: 'US', type: 5, date: '1999-09-21' },
      { country: 'GB', type: 3, date: '1999-06-11' },
      { country: 'GB', type: 2, date: '1999-06-10' },
      { country: 'DE', type: 5, date: '2008-11-07' },
    ]);
  });

  it("shows the visitor's region's theatrical date (limited counts), else digital, else any, else the primary", () => {
    expect(displayedReleaseDate(dates, 'US', '1999-03-30')).toBe('1999-03-31');
    expect(displayedReleaseDate(dates, 'gb', '1999-03-30')).toBe('1999-06-10');
    expect(displayedReleaseDate(dates, 'DE', '1999-03-30')).toBe('2008-11-07');
    expect(displayedReleaseDate(dates, 'FR', '1999-03-30')).toBe('1999-03-30');
    expect(displayedReleaseDate([], 'FR', null)).toBeNull();
  });

  it('follows the kind of release a member chose, falling back to theatrical', () => {
    expect(displayedReleaseDate(dates, 'US', null, 'physical')).toBe('1999-09-21');
    expect(displayedReleaseDate(dates, 'US', null, 'digital')).toBe('1999-03-31');
  });
});

describe('TMDB schemas', () => {
  it('read "" as no date and ignore keys they do not know', () => {
    const list = movieListSchema.parse({
      page: 1,
      total_pages: 3,
      total_results: 41,
      dates: { maximum: '2027-04-01', minimum: '2027-03-10' },
      results: [{ id: 1, title: 'Untitled', release_date: '', poster_path: null, genre_ids: [], extra: 1 }],
    });
    expect(list.results[0]).toMatchObject({ id: 1, release_date: null, poster_path: null });
  });

  it('read a series with its seasons, a TBD season included', () => {
    const tv = tvDetailsSchema.parse({
      id: 1399,
      name: 'Game of Thrones',
      first_air_date: '2011-04-17',
      networks: [{ id: 49, name: 'HBO', logo_path: '/x.png', origin_country: 'US' }],
      created_by: [{ id: 9813, name: 'David Benioff', credit_id: 'x', gender: 2 }],
      seasons: [
        {
          id: 3624,
          name: 'Season 1',
          season_number: 1,
          air_date: '2011-04-17',
          episode_count: 10,
          poster_path: '/a.jpg',
        },
        { id: 9999, name: 'Season 9', season_number: 9, air_date: null, episode_count: 0, poster_path: null },
      ],
      next_episode_to_air: null,
    });
    expect(tv.seasons.map((s) => s.air_date)).toEqual(['2011-04-17', null]);
    expect(tv.networks[0]?.name).toBe('HBO');
  });

  it('refuse an answer missing what the product needs', () => {
    expect(movieDetailsSchema.safeParse({ id: 'x', title: 'Bad' }).success).toBe(false);
  });
});

describe('a TMDB movie in the catalog', () => {
  it("has the region's date, its director, genres, a proxied poster and every typed date", () => {
    const item = normaliseMovie(movieDetailsSchema.parse(details), { region: 'GB', language: 'en-GB' });
    expect(item).toMatchObject({
      providerId: 'tmdb:movie:603',
      mediaType: 'movies',
      title: 'The Matrix',
      director: 'Lilly Wachowski',
      creator: 'Lilly Wachowski',
      creatorLabel: 'Director',
      releaseDate: '1999-06-10',
      releaseDatePrecision: 'day',
      image: '/proxy-image/tmdb/w500/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg',
      genres: ['Action', 'Science Fiction'],
      language: 'en',
    });
    expect(item.releaseDates).toHaveLength(6);
  });

  it('has no date (TBD) when TMDB knows none', () => {
    const tbd = movieDetailsSchema.parse({
      id: 9,
      title: 'Untitled Sequel',
      release_date: '',
      poster_path: null,
    });
    expect(normaliseMovie(tbd, { region: 'US', language: 'en-US' })).toMatchObject({
      releaseDate: null,
      releaseDatePrecision: null,
      image: null,
      director: null,
    });
  });

  it("ranks TMDB's open-ended popularity on the catalog's 0-100, in order", () => {
    const scores = [0, 1, 10, 100, 1000, 10_000, 1e9].map(popularityScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBe(0);
    expect(scores.at(-1)).toBe(100);
    expect(popularityScore(100)).toBeCloseTo(40.1, 1);
  });
});
