import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { createProviderClient } from '../http/provider-client';
import { tvDetailsSchema } from './schemas';
import { fetchSeries, listedSeriesIds, normaliseSeason, trackableSeasons } from './tmdb-tv';

const options = { region: 'US', language: 'en-US' };

describe('a TMDB series as seasons', () => {
  const series = tvDetailsSchema.parse({
    id: 95396,
    name: 'Severance',
    overview: 'Mark leads a team of office workers…',
    poster_path: '/series.jpg',
    original_language: 'en',
    popularity: 300,
    genres: [{ id: 18, name: 'Drama' }],
    networks: [{ id: 2552, name: 'Apple TV+' }],
    created_by: [{ id: 1, name: 'Dan Erickson' }],
    seasons: [
      { id: 1, name: 'Specials', season_number: 0, air_date: '2022-01-01', poster_path: null },
      { id: 2, name: 'Season 1', season_number: 1, air_date: '2022-02-18', poster_path: '/s1.jpg' },
      {
        id: 3,
        name: 'Season 2',
        season_number: 2,
        air_date: '2027-01-17',
        poster_path: '/s2.jpg',
        overview: 'Back.',
      },
      { id: 4, name: 'Season 3', season_number: 3, air_date: '', poster_path: null },
    ],
  });

  it('keeps the seasons worth tracking: to come, TBD, or out within a year; never specials', () => {
    expect(trackableSeasons(series, '2026-11-25').map((s) => s.season_number)).toEqual([2, 3]);
  });

  it('makes each season an item with the series, its network, creator and the season date', () => {
    const [s2, s3] = trackableSeasons(series, '2026-11-25').map((s) => normaliseSeason(series, s));
    expect(s2).toMatchObject({
      providerId: 'tmdb:tv:95396:2',
      mediaType: 'tv_seasons',
      title: 'Severance: Season 2',
      description: 'Back.',
      image: '/proxy-image/tmdb/w500/s2.jpg',
      series: 'Severance',
      seriesNumber: 2,
      networkName: 'Apple TV+',
      creator: 'Dan Erickson',
      creatorLabel: 'Creator',
      releaseDate: '2027-01-17',
      releaseDatePrecision: 'day',
      genres: ['Drama'],
    });
    // Announced without a date: a TBD item with the series' poster and overview.
    expect(s3).toMatchObject({
      providerId: 'tmdb:tv:95396:3',
      releaseDate: null,
      releaseDatePrecision: null,
      image: '/proxy-image/tmdb/w500/series.jpg',
      description: 'Mark leads a team of office workers…',
    });
  });
});

describe('TMDB series against the TMDB stand-in', () => {
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  beforeAll(async () => {
    tmdb = await startTmdbFake();
  });
  afterAll(() => tmdb.close());

  it('reads every listed series and its seasons through the schemas', async () => {
    const client = createProviderClient({
      name: 'TMDB',
      baseUrl: tmdb.url,
      query: { api_key: tmdb.apiKey },
      keyVariable: 'TMDB_API_KEY',
      requestsPerSecond: 40,
    });
    const ids = await listedSeriesIds(client, { ...options, pages: 2, today: tmdb.data.today() });
    expect(ids.length).toBeGreaterThan(3);
    const today = tmdb.data.today();
    const items = [];
    for (const id of ids) {
      const series = await fetchSeries(client, id, options);
      items.push(...trackableSeasons(series, today).map((s) => normaliseSeason(series, s)));
    }
    const undated = tmdb.data.seeded.series.undatedSeason[0]!;
    expect(items.some((i) => i.providerId.startsWith(`tmdb:tv:${undated}:`) && i.releaseDate === null)).toBe(
      true,
    );
    expect(items.every((i) => i.seriesNumber !== null && i.seriesNumber >= 1)).toBe(true);
  });
});
