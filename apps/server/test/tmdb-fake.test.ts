import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  startTmdbFake,
  type TmdbFake,
  titleSlug,
  tmdbErrorBody,
  WATCH_PROVIDERS,
  WATCH_REGIONS,
} from './tmdb-fake';

/** The fake's clock: fixed, so the catalog and the windows are the same on every run. */
const START = Date.parse('2027-03-01T12:00:00.000Z');
let nowMs = START;
let fake: TmdbFake;

beforeAll(async () => {
  fake = await startTmdbFake({ now: () => nowMs });
});
afterAll(() => fake.close());
afterEach(() => {
  nowMs = START;
  fake.setRateLimit(null);
});

type Auth = 'bearer' | 'key' | 'none';
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below.
type Json = any;

async function get(path: string, auth: Auth = 'bearer', init: RequestInit = {}) {
  const url = new URL(`${fake.url}${path}`);
  if (auth === 'key') url.searchParams.set('api_key', fake.apiKey);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth === 'bearer') headers.authorization = `Bearer ${fake.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  const body: Json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('auth', () => {
  it('accepts the v4 token as a Bearer header and the v3 key as ?api_key=', async () => {
    const byHeader = await get('/configuration', 'bearer');
    const byKey = await get('/configuration', 'key');
    expect(byHeader.status).toBe(200);
    expect(byKey.status).toBe(200);
    expect(byHeader.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(fake.requests.slice(-2).map((r) => r.auth)).toEqual(['bearer', 'api_key']);
  });

  it('answers 401 with status_code 7 when the credentials are missing or wrong', async () => {
    const invalid = {
      status_code: 7,
      status_message: 'Invalid API key: You must be granted a valid key.',
      success: false,
    };
    const missing = await get('/movie/popular', 'none');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(invalid);

    const wrongKey = await fetch(`${fake.url}/movie/popular?api_key=0123456789abcdef0123456789abcdef`);
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual(invalid);

    const wrongToken = await fetch(`${fake.url}/movie/popular`, {
      headers: { authorization: 'Bearer eyJnope' },
    });
    expect(wrongToken.status).toBe(401);
    expect(await wrongToken.json()).toEqual(invalid);
  });
});

describe('reference data', () => {
  it('generates the same catalog from the same seed and day', async () => {
    const twin = await startTmdbFake({ now: () => START });
    try {
      const mine = (await get('/movie/popular?page=2')).body;
      const res = await fetch(`${twin.url}/movie/popular?page=2&api_key=${twin.apiKey}`);
      expect(await res.json()).toEqual(mine);
      expect(twin.apiKey).toBe(fake.apiKey);
    } finally {
      await twin.close();
    }
  });

  it('serves the configuration and the genre lists', async () => {
    const config = (await get('/configuration')).body;
    expect(config.images.secure_base_url).toBe('https://image.tmdb.org/t/p/');
    expect(config.images.poster_sizes).toContain('w500');
    expect(config.change_keys).toContain('releases');

    const movie = (await get('/genre/movie/list')).body;
    const tv = (await get('/genre/tv/list')).body;
    expect(movie.genres).toContainEqual({ id: 878, name: 'Science Fiction' });
    expect(tv.genres).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' });
  });
});

describe('movie lists', () => {
  it('pages 20 at a time with page, results, total_pages and total_results', async () => {
    const first = (await get('/movie/popular')).body;
    const second = (await get('/movie/popular?page=2&language=en-US')).body;
    expect(first).toMatchObject({ page: 1, total_pages: 3, total_results: 60 });
    expect(second).toMatchObject({ page: 2, total_pages: 3, total_results: 60 });
    expect(first.results).toHaveLength(20);
    const ids = new Set(first.results.map((m: Json) => m.id));
    expect(second.results.some((m: Json) => ids.has(m.id))).toBe(false);
    expect(first.results[0].popularity).toBeGreaterThanOrEqual(first.results[19].popularity);

    const summary = first.results[0];
    expect(Object.keys(summary).sort()).toEqual(
      [
        'adult',
        'backdrop_path',
        'genre_ids',
        'id',
        'original_language',
        'original_title',
        'overview',
        'popularity',
        'poster_path',
        'release_date',
        'title',
        'video',
        'vote_average',
        'vote_count',
      ].sort(),
    );

    expect((await get('/movie/popular?page=4')).body).toMatchObject({ page: 4, results: [], total_pages: 3 });
    for (const page of ['0', '501', 'two']) {
      const bad = await get(`/movie/popular?page=${page}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(tmdbErrorBody(22));
    }
  });

  it('gives upcoming and now_playing a dates window and keeps to it in the region', async () => {
    const upcoming = (await get('/movie/upcoming?region=US')).body;
    expect(upcoming.dates).toEqual({ minimum: '2027-03-02', maximum: '2027-03-20' });
    expect(upcoming.results.length).toBeGreaterThan(0);
    for (const m of upcoming.results)
      expect(m.release_date >= '2027-03-02' && m.release_date <= '2027-03-20').toBe(true);
    expect(upcoming.results.map((m: Json) => m.id)).toEqual(
      expect.arrayContaining(fake.data.seeded.movies.upcoming.slice(0, 1)),
    );

    const playing = (await get('/movie/now_playing?region=US')).body;
    expect(playing.dates.maximum).toBe('2027-03-01');
    for (const m of playing.results) expect(m.release_date <= '2027-03-01').toBe(true);
  });

  it('discovers by primary release date, release type and region', async () => {
    const { body } = await get(
      '/discover/movie?region=US&with_release_type=2|3&release_date.gte=2027-03-02&release_date.lte=2028-12-31&sort_by=primary_release_date.asc',
    );
    expect(body.total_results).toBeGreaterThan(0);
    const dates = body.results.map((m: Json) => m.release_date);
    expect(dates).toEqual([...dates].sort());
    for (const id of body.results.map((m: Json) => m.id)) {
      const us = fake.data.movie(id).releases.US ?? [];
      expect(us.some((r) => r.type === 2 || r.type === 3)).toBe(true);
    }
    // A movie released only outside the US is not in the US list.
    const foreign = fake.data.seeded.movies.foreignOnly;
    expect(body.results.some((m: Json) => foreign.includes(m.id))).toBe(false);

    const primary = (await get('/discover/movie?primary_release_date.gte=2027-03-02')).body;
    for (const m of primary.results) expect(m.release_date >= '2027-03-02').toBe(true);
  });

  it('lists trending movies with media_type', async () => {
    const { body } = await get('/trending/movie/week');
    expect(body.total_results).toBe(60);
    expect(body.results[0].media_type).toBe('movie');
  });
});

describe('movie details', () => {
  it('appends release_dates and credits in TMDB shapes', async () => {
    const id = fake.data.seeded.movies.released[0]!;
    const { status, body } = await get(
      `/movie/${id}?append_to_response=release_dates,credits&language=en-US`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, status: 'Released', belongs_to_collection: null });
    expect(body.release_date).toMatch(DAY);
    expect(body.genres[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(body.imdb_id).toMatch(/^tt\d+$/);
    expect(body.runtime).toBeGreaterThan(0);

    const countries = body.release_dates.results.map((r: Json) => r.iso_3166_1);
    expect(countries).toEqual(expect.arrayContaining(['US', 'GB']));
    const us = body.release_dates.results.find((r: Json) => r.iso_3166_1 === 'US');
    for (const entry of us.release_dates) {
      expect(entry).toEqual({
        certification: expect.any(String),
        descriptors: [],
        iso_639_1: expect.any(String),
        note: expect.any(String),
        release_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
        type: expect.any(Number),
      });
      expect([1, 2, 3, 4, 5, 6]).toContain(entry.type);
    }
    expect(us.release_dates.map((r: Json) => r.type)).toEqual(expect.arrayContaining([3, 4, 5]));

    const director = body.credits.crew.find((c: Json) => c.job === 'Director');
    expect(director).toMatchObject({
      department: 'Directing',
      name: expect.any(String),
      id: expect.any(Number),
    });
    expect(body.credits.cast[0]).toMatchObject({
      order: 0,
      character: expect.any(String),
      credit_id: expect.any(String),
    });

    const plain = (await get(`/movie/${id}`)).body;
    expect(plain.release_dates).toBeUndefined();
    const sub = (await get(`/movie/${id}/release_dates`)).body;
    expect(sub).toEqual({ id, results: body.release_dates.results });
  });

  it('sends "" as the release date of a movie without one', async () => {
    const id = fake.data.seeded.movies.noDate[0]!;
    const { body } = await get(`/movie/${id}?append_to_response=release_dates`);
    expect(body.release_date).toBe('');
    expect(body.release_dates).toEqual({ results: [] });
    expect(body.status).not.toBe('Released');
  });

  it('answers 404 with status_code 34 for an unknown id or path', async () => {
    const notFound = {
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
      success: false,
    };
    for (const path of [
      '/movie/999999999',
      '/tv/999999999',
      `/tv/${fake.data.seeded.series.ended[0]}/season/42`,
      '/nope',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });
});

describe('tv', () => {
  it('serves series details with seasons, networks and the next episode', async () => {
    const id = fake.data.seeded.series.airingToday[0]!;
    const { body } = await get(`/tv/${id}`);
    expect(body).toMatchObject({ id, status: 'Returning Series', in_production: true });
    expect(body.networks[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      logo_path: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      origin_country: expect.any(String),
    });
    expect(body.created_by[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(body.last_air_date).toBe('2027-03-01');
    expect(body.next_episode_to_air.air_date).toBe('2027-03-08');
    expect(body.number_of_seasons).toBe(body.seasons.length);
    const season = body.seasons.at(-1);
    expect(Object.keys(season).sort()).toEqual(
      [
        'air_date',
        'episode_count',
        'id',
        'name',
        'overview',
        'poster_path',
        'season_number',
        'vote_average',
      ].sort(),
    );

    const details = (await get(`/tv/${id}/season/${season.season_number}`)).body;
    expect(details).toMatchObject({ season_number: season.season_number, air_date: season.air_date });
    expect(details.episodes).toHaveLength(season.episode_count);
    expect(details.episodes[0]).toMatchObject({
      episode_number: 1,
      show_id: id,
      episode_type: expect.any(String),
    });

    const today = (await get('/tv/airing_today')).body.results.map((s: Json) => s.id);
    expect(today).toContain(id);
  });

  it('shows undated and unaired series as TMDB does', async () => {
    const undated = (await get(`/tv/${fake.data.seeded.series.undatedSeason[0]}`)).body;
    expect(undated.seasons.at(-1).air_date).toBeNull();
    expect(undated.next_episode_to_air).toBeNull();

    const unaired = fake.data.seeded.series.unaired;
    const noDate = (await get(`/tv/${unaired[1]}`)).body;
    expect(noDate).toMatchObject({ first_air_date: '', last_air_date: null, last_episode_to_air: null });

    const discovered = (await get('/discover/tv?air_date.gte=2027-03-01&air_date.lte=2027-03-07')).body;
    expect(discovered.results.map((s: Json) => s.id)).toEqual(
      expect.arrayContaining(fake.data.seeded.series.airing),
    );
    expect(discovered.results[0]).toHaveProperty('origin_country');
  });
});

describe('search', () => {
  it('mixes movies, series and people with media_type in search/multi', async () => {
    const { body } = await get('/search/multi?query=GOLD');
    const types = new Set(body.results.map((r: Json) => r.media_type));
    expect(types).toEqual(new Set(['movie', 'tv', 'person']));
    const person = body.results.find((r: Json) => r.media_type === 'person');
    expect(person).toMatchObject({ known_for_department: expect.any(String), gender: expect.any(Number) });
    expect(person.known_for[0].media_type).toMatch(/^(movie|tv)$/);
    const movie = body.results.find((r: Json) => r.media_type === 'movie');
    expect(movie.title).toContain('Golden');

    expect((await get('/search/multi?query=')).body).toEqual({
      page: 1,
      results: [],
      total_pages: 1,
      total_results: 0,
    });
  });
});

describe('people', () => {
  const movieKeys = [
    'adult',
    'backdrop_path',
    'genre_ids',
    'id',
    'original_language',
    'original_title',
    'overview',
    'popularity',
    'poster_path',
    'release_date',
    'title',
    'video',
    'vote_average',
    'vote_count',
  ];
  const tvKeys = [
    'adult',
    'backdrop_path',
    'genre_ids',
    'id',
    'origin_country',
    'original_language',
    'original_name',
    'overview',
    'popularity',
    'poster_path',
    'first_air_date',
    'name',
    'vote_average',
    'vote_count',
  ];

  it('serves person details in TMDB shape, and 404 with status_code 34 for an unknown id', async () => {
    const movie = fake.data.movie(fake.data.seeded.movies.released[0]!);
    const id = movie.crew.find((c) => c.job === 'Director')!.personId;
    const { status, body } = await get(`/person/${id}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([
      'adult',
      'also_known_as',
      'biography',
      'birthday',
      'deathday',
      'gender',
      'homepage',
      'id',
      'imdb_id',
      'known_for_department',
      'name',
      'place_of_birth',
      'popularity',
      'profile_path',
    ]);
    const person = fake.data.person(id);
    expect(body).toMatchObject({
      id,
      name: person.name,
      known_for_department: 'Directing',
      adult: false,
      gender: person.gender,
      popularity: person.popularity,
    });
    expect(body.also_known_as).toEqual(expect.any(Array));
    expect(body.biography).toEqual(expect.any(String));
    for (const field of ['birthday', 'deathday'])
      expect(body[field] === null || DAY.test(body[field]), field).toBe(true);
    expect(body.imdb_id === null || /^nm\d{7}$/.test(body.imdb_id)).toBe(true);

    const added = fake.data.addPerson({ name: 'Nadia Sterling', birthday: '1988-04-12' });
    expect((await get(`/person/${added.id}`)).body).toMatchObject({
      name: 'Nadia Sterling',
      birthday: '1988-04-12',
      deathday: null,
      homepage: null,
      imdb_id: null,
      place_of_birth: null,
      biography: '',
      also_known_as: [],
    });
    expect(() => fake.data.person(999_999_999)).toThrow();

    for (const path of ['/person/999999999', '/person/999999999/combined_credits']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(tmdbErrorBody(34));
    }
  });

  it("lists a director's movie as a crew entry with the movie's release_date", async () => {
    const movie = fake.data.movie(fake.data.seeded.movies.released[0]!);
    const director = movie.crew.find((c) => c.job === 'Director')!;
    const { status, body } = await get(`/person/${director.personId}/combined_credits`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['cast', 'crew', 'id']);
    expect(body.id).toBe(director.personId);
    const entry = body.crew.find((c: Json) => c.id === movie.id && c.job === 'Director');
    expect(entry).toMatchObject({
      media_type: 'movie',
      department: 'Directing',
      job: 'Director',
      credit_id: director.creditId,
      title: movie.title,
      original_title: movie.original_title,
      release_date: fake.data.releaseDate(movie.id),
    });
    expect(entry.release_date).toMatch(DAY);
    expect(Object.keys(entry)).toEqual([...movieKeys, 'credit_id', 'department', 'job', 'media_type']);

    // A movie without a date sends "".
    const undated = fake.data.movie(fake.data.seeded.movies.noDate[0]!);
    const undatedDirector = undated.crew.find((c) => c.job === 'Director')!.personId;
    const other = (await get(`/person/${undatedDirector}/combined_credits`)).body;
    expect(other.crew.find((c: Json) => c.id === undated.id && c.job === 'Director').release_date).toBe('');
  });

  it("lists a series' creator in tv crew with department and job Creator", async () => {
    const series = fake.data.tv(fake.data.seeded.series.ended[0]!);
    const creator = series.created_by[0]!;
    const { body } = await get(`/person/${creator}/combined_credits`);
    const entry = body.crew.find((c: Json) => c.media_type === 'tv' && c.id === series.id);
    expect(entry).toMatchObject({
      department: 'Creator',
      job: 'Creator',
      name: series.name,
      original_name: series.original_name,
      first_air_date: expect.stringMatching(DAY),
      episode_count: expect.any(Number),
    });
    expect(entry.first_credit_air_date).toBe(entry.first_air_date);
    expect(Object.keys(entry)).toEqual([
      ...tvKeys,
      'credit_id',
      'department',
      'episode_count',
      'first_credit_air_date',
      'job',
      'media_type',
    ]);
    // The same credit as in the series' created_by.
    const details = (await get(`/tv/${series.id}`)).body;
    expect(details.created_by.find((c: Json) => c.id === creator).credit_id).toBe(entry.credit_id);

    // A series that has not aired sends "" as its dates.
    const unaired = fake.data.addSeries({ name: 'The Unaired Pilot', created_by: [creator] });
    const again = (await get(`/person/${creator}/combined_credits`)).body;
    expect(again.crew.find((c: Json) => c.id === unaired.id && c.media_type === 'tv')).toMatchObject({
      first_air_date: '',
      first_credit_air_date: '',
      episode_count: 0,
      job: 'Creator',
    });
  });

  it("lists an actor's movie and tv roles in cast", async () => {
    const movie = fake.data.movie(fake.data.seeded.movies.released[1]!);
    const role = movie.cast[0]!;
    const { body } = await get(`/person/${role.personId}/combined_credits`);
    const entry = body.cast.find((c: Json) => c.media_type === 'movie' && c.id === movie.id);
    expect(entry).toMatchObject({
      character: role.character,
      credit_id: role.creditId,
      order: 0,
      title: movie.title,
      release_date: fake.data.releaseDate(movie.id),
    });
    expect(Object.keys(entry)).toEqual([...movieKeys, 'character', 'credit_id', 'order', 'media_type']);
    expect(body.crew.filter((c: Json) => c.id === movie.id && c.media_type === 'movie')).toEqual([]);

    const series = fake.data.tv(fake.data.seeded.series.airing[0]!);
    const actor = fake.data.addPerson({ name: 'Theo Marsh', known_for_department: 'Acting' });
    fake.data.creditPerson('tv', series.id, actor.id, { character: 'Detective Marsh' });
    fake.data.creditPerson('movie', movie.id, actor.id, { job: 'Stunt Coordinator', department: 'Crew' });
    const credits = (await get(`/person/${actor.id}/combined_credits`)).body;
    expect(credits.cast).toHaveLength(1);
    const tv = credits.cast[0];
    expect(tv).toMatchObject({
      media_type: 'tv',
      id: series.id,
      character: 'Detective Marsh',
      name: series.name,
      first_air_date: expect.stringMatching(DAY),
      episode_count: expect.any(Number),
    });
    expect(tv.episode_count).toBeGreaterThan(0);
    expect(Object.keys(tv)).toEqual([
      ...tvKeys,
      'character',
      'credit_id',
      'episode_count',
      'first_credit_air_date',
      'media_type',
    ]);
    expect(credits.crew).toEqual([
      expect.objectContaining({
        media_type: 'movie',
        id: movie.id,
        job: 'Stunt Coordinator',
        department: 'Crew',
      }),
    ]);
    expect(() =>
      fake.data.creditPerson('tv', series.id, actor.id, { job: 'Writer', department: 'Writing' }),
    ).toThrow();
  });
});

describe('failures', () => {
  it('rate limits above the set requests per second with 429, Retry-After and status_code 25', async () => {
    fake.setRateLimit(3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/genre/movie/list')));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.headers.get('retry-after')).toBe('1');
    expect(limited[0]!.body).toEqual({
      status_code: 25,
      status_message: 'Your request count (#) is over the allowed limit of (40).',
      success: false,
    });
    fake.setRateLimit(null);
    expect((await get('/genre/movie/list')).status).toBe(200);
  });

  it('applies auth and the rate limit to the person routes too', async () => {
    const id = fake.data.movie(fake.data.seeded.movies.released[0]!).cast[0]!.personId;
    for (const path of [`/person/${id}`, `/person/${id}/combined_credits`, '/person/changes']) {
      const res = await get(path, 'none');
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(tmdbErrorBody(7));
      expect((await get(path, 'key')).status, path).toBe(200);
    }
    fake.setRateLimit(2);
    const answers = await Promise.all(Array.from({ length: 3 }, () => get(`/person/${id}/combined_credits`)));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.headers.get('retry-after')).toBe('1');
    expect(limited[0]!.body).toEqual(tmdbErrorBody(25));
  });

  it('answers the next requests as failNext says', async () => {
    fake.failNext(1, { status: 500 });
    fake.failNext(1, { status: 503, retryAfter: 7 });
    fake.failNext(1, { status: 502, body: '<html>Bad gateway</html>' });
    const internal = await get('/configuration');
    expect(internal.status).toBe(500);
    expect(internal.body).toEqual({
      status_code: 11,
      status_message: 'Internal error: Something went wrong, contact TMDB.',
      success: false,
    });
    const offline = await get('/configuration');
    expect(offline.status).toBe(503);
    expect(offline.headers.get('retry-after')).toBe('7');
    expect(offline.body).toEqual(tmdbErrorBody(9));
    const gateway = await get('/configuration');
    expect(gateway).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });

    fake.failNext(1, 'drop');
    await expect(get('/configuration')).rejects.toThrow();
    expect((await get('/configuration')).status).toBe(200);
  });

  it("'hang' never answers until the fake is closed", async () => {
    const other = await startTmdbFake({ now: () => START });
    other.failNext(1, 'hang');
    const pending = fetch(`${other.url}/configuration?api_key=${other.apiKey}`);
    await vi.waitFor(() => expect(other.requests).toHaveLength(1));
    let settled = false;
    void pending.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await other.close();
    await expect(pending).rejects.toThrow();
  });
});

describe('changes and mutations', () => {
  it('lists the ids changed in the window, the last 24 hours by default', async () => {
    const [a, b] = fake.data.seeded.movies.released;
    fake.data.touch('movie', a!, Date.parse('2027-02-20T10:00:00Z'));
    fake.data.touch('movie', b!, Date.parse('2027-03-01T08:00:00Z'));

    const recent = (await get('/movie/changes')).body;
    expect(recent).toMatchObject({ page: 1, total_pages: 1 });
    expect(recent.results).toContainEqual({ id: b, adult: false });
    expect(recent.results.map((r: Json) => r.id)).not.toContain(a);

    const window = (await get('/movie/changes?start_date=2027-02-20&end_date=2027-02-21')).body;
    expect(window.results).toEqual([{ id: a, adult: false }]);
    expect(window.total_results).toBe(1);

    const tooLong = await get('/movie/changes?start_date=2027-01-01&end_date=2027-02-21');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toEqual(tmdbErrorBody(20));
    const badDate = await get('/tv/changes?start_date=20270220');
    expect(badDate.status).toBe(400);
    expect(badDate.body).toEqual(tmdbErrorBody(23));
  });

  it('shows a new US theatrical date in details, lists and the change feed', async () => {
    const id = fake.data.seeded.movies.noDate[1]!;
    nowMs = Date.parse('2027-03-05T09:00:00Z');
    fake.data.setUsTheatricalDate(id, '2027-03-10', 'PG-13');

    const { body } = await get(`/movie/${id}?append_to_response=release_dates`);
    expect(body.release_date).toBe('2027-03-10');
    expect(body.release_dates.results).toEqual([
      {
        iso_3166_1: 'US',
        release_dates: [
          {
            certification: 'PG-13',
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: '2027-03-10T00:00:00.000Z',
            type: 3,
          },
        ],
      },
    ]);
    const upcoming = (await get('/movie/upcoming?region=US')).body.results.map((m: Json) => m.id);
    expect(upcoming).toContain(id);
    const changed = (await get('/movie/changes?start_date=2027-03-05&end_date=2027-03-05')).body;
    expect(changed.results.map((r: Json) => r.id)).toContain(id);

    fake.data.setUsTheatricalDate(id, null);
    expect((await get(`/movie/${id}`)).body.release_date).toBe('');
  });

  it('shows an added season and an added movie, and a removed series as 404', async () => {
    const id = fake.data.seeded.series.ended[1]!;
    const before = (await get(`/tv/${id}`)).body;
    nowMs = Date.parse('2027-03-02T09:00:00Z');
    const season = fake.data.addSeason(id, { air_date: '2027-06-01', episodes: 6 });

    const after = (await get(`/tv/${id}`)).body;
    expect(after.number_of_seasons).toBe(before.number_of_seasons + 1);
    expect(after.status).toBe('Returning Series');
    expect(after.seasons.at(-1)).toMatchObject({
      air_date: '2027-06-01',
      episode_count: 6,
      season_number: season.season_number,
    });
    expect(after.next_episode_to_air).toMatchObject({ air_date: '2027-06-01', episode_number: 1 });
    expect((await get(`/tv/${id}/season/${season.season_number}`)).body.episodes.at(-1).air_date).toBe(
      addDays('2027-06-01', 35),
    );
    const tvChanges = (await get('/tv/changes')).body.results.map((r: Json) => r.id);
    expect(tvChanges).toContain(id);

    const added = fake.data.addMovie({ title: 'A Brand New Film', usTheatrical: '2027-09-01' });
    expect((await get(`/movie/${added.id}`)).body).toMatchObject({
      title: 'A Brand New Film',
      release_date: '2027-09-01',
    });
    expect((await get('/search/multi?query=brand new')).body.results[0]).toMatchObject({ id: added.id });

    fake.data.remove('tv', id);
    expect((await get(`/tv/${id}`)).status).toBe(404);
    expect((await get('/tv/changes')).body.results).toContainEqual({ id, adult: null });
  });

  it('lists in /person/changes the people credited by addMovie, addSeries and addSeason, in the window', async () => {
    const director = fake.data.seeded.movies.released
      .map((m) => fake.data.movie(m).crew.find((c) => c.job === 'Director')!.personId)
      .at(-1)!;
    const actor = fake.data.addPerson({ name: 'Iris Calder' });
    nowMs = Date.parse('2027-02-10T09:00:00Z');
    fake.data.addMovie({
      title: 'Credits Roll',
      crew: [
        {
          personId: director,
          job: 'Director',
          department: 'Directing',
          creditId: 'c0ffee0000000000000000a1',
        },
      ],
      cast: [{ personId: actor.id, character: 'Mara', creditId: 'c0ffee0000000000000000a2', castId: 1 }],
    });

    const changed = (await get('/person/changes?start_date=2027-02-10&end_date=2027-02-10')).body;
    expect(changed).toMatchObject({ page: 1, total_pages: 1 });
    expect(changed.results).toEqual(
      expect.arrayContaining([
        { id: director, adult: false },
        { id: actor.id, adult: false },
      ]),
    );
    const before = (await get('/person/changes?start_date=2027-02-01&end_date=2027-02-09')).body;
    expect(before.results.map((r: Json) => r.id)).not.toContain(director);
    const after = (await get('/person/changes?start_date=2027-02-11&end_date=2027-02-12')).body;
    expect(after.results.map((r: Json) => r.id)).not.toContain(director);
    // Movies and people are separate feeds.
    const movies = (await get('/movie/changes?start_date=2027-02-10&end_date=2027-02-10')).body;
    expect(movies.results.map((r: Json) => r.id)).not.toContain(director);

    const creator = fake.data.seeded.series.airing
      .map((s) => fake.data.tv(s).created_by[0]!)
      .find((p) => p !== director)!;
    nowMs = Date.parse('2027-02-12T09:00:00Z');
    const series = fake.data.addSeries({ name: 'Made By Someone', created_by: [creator] });
    nowMs = Date.parse('2027-02-13T09:00:00Z');
    fake.data.addSeason(series.id, { air_date: '2027-05-01', episodes: 4 });
    for (const day of ['2027-02-12', '2027-02-13']) {
      const ids = (await get(`/person/changes?start_date=${day}&end_date=${day}`)).body.results.map(
        (r: Json) => r.id,
      );
      expect(ids, day).toContain(creator);
    }

    const bad = await get('/person/changes?start_date=2027-01-01&end_date=2027-02-21');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(tmdbErrorBody(20));
  });
});

describe('find by external id', () => {
  const lists = ['movie_results', 'person_results', 'tv_results', 'tv_episode_results', 'tv_season_results'];
  const find = (id: string, source: string | null = 'imdb_id', auth: Auth = 'bearer') =>
    get(`/find/${encodeURIComponent(id)}${source === null ? '' : `?external_source=${source}`}`, auth);

  it('finds a seeded movie by its IMDb id, in the key order /find sends', async () => {
    const movie = fake.data.movie(fake.data.seeded.movies.released[0]!);
    expect(movie.imdb_id).toMatch(/^tt\d{7,8}$/);
    const { status, body } = await find(movie.imdb_id!);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(lists);
    expect(body.movie_results).toHaveLength(1);
    const found = body.movie_results[0];
    expect(found).toMatchObject({
      id: movie.id,
      title: movie.title,
      original_title: movie.original_title,
      media_type: 'movie',
      release_date: fake.data.releaseDate(movie.id),
      vote_count: movie.vote_count,
    });
    expect(Object.keys(found)).toEqual([
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
    ]);
    for (const list of lists.filter((l) => l !== 'movie_results')) expect(body[list], list).toEqual([]);

    // An undated movie has an IMDb id too, derived from its TMDB id.
    const undated = fake.data.movie(fake.data.seeded.movies.noDate[0]!);
    expect(undated.imdb_id).toBe(`tt${String(undated.id).padStart(7, '0')}`);
    const other = (await find(undated.imdb_id!)).body;
    expect(other.movie_results).toEqual([
      expect.objectContaining({ id: undated.id, title: undated.title, release_date: '' }),
    ]);
  });

  it('finds a seeded series by the IMDb id of its external_ids, also appended to its details', async () => {
    const series = fake.data.tv(fake.data.seeded.series.ended[0]!);
    const ids = await get(`/tv/${series.id}/external_ids`);
    expect(ids.status).toBe(200);
    expect(ids.body).toEqual({
      id: series.id,
      imdb_id: series.imdb_id,
      freebase_mid: null,
      freebase_id: null,
      tvdb_id: series.tvdb_id,
      tvrage_id: null,
      wikidata_id: null,
      facebook_id: null,
      instagram_id: null,
      twitter_id: null,
    });
    expect(ids.body.imdb_id).toMatch(/^tt\d{7,8}$/);
    expect(ids.body.tvdb_id).toEqual(expect.any(Number));

    const details = (await get(`/tv/${series.id}?append_to_response=external_ids`)).body;
    const { id: _id, ...appended } = ids.body;
    expect(details.external_ids).toEqual(appended);
    const plain = (await get(`/tv/${series.id}`)).body;
    expect(plain.external_ids).toBeUndefined();
    expect(plain.imdb_id).toBeUndefined();

    const { status, body } = await find(series.imdb_id!);
    expect(status).toBe(200);
    expect(body.movie_results).toEqual([]);
    expect(body.tv_results).toHaveLength(1);
    expect(body.tv_results[0]).toMatchObject({
      id: series.id,
      name: series.name,
      original_name: series.original_name,
      media_type: 'tv',
      first_air_date: expect.stringMatching(DAY),
    });
    expect(Object.keys(body.tv_results[0])).toEqual([
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
    ]);
    const byTvdb = (await find(String(series.tvdb_id), 'tvdb_id')).body;
    expect(byTvdb.tv_results.map((s: Json) => s.id)).toEqual([series.id]);

    const missing = await get('/tv/999999999/external_ids');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(tmdbErrorBody(34));
  });

  it('gives every seeded movie and series its own IMDb id, the same from the same seed', async () => {
    // Fresh fakes: the shared one has had titles added and removed by now.
    const [one, two] = await Promise.all([
      startTmdbFake({ now: () => START }),
      startTmdbFake({ now: () => START }),
    ]);
    try {
      const ids = (f: TmdbFake) => [
        ...[...f.data.movies.values()].map((m) => m.imdb_id),
        ...[...f.data.series.values()].map((s) => s.imdb_id),
      ];
      const all = ids(one);
      expect(all).toHaveLength(80);
      for (const id of all) expect(id).toMatch(/^tt\d{7,8}$/);
      expect(new Set(all).size).toBe(80);
      expect(ids(two)).toEqual(all);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('finds a person by IMDb id, with known_for', async () => {
    const person = [...fake.data.persons.values()].find(
      (p) => p.imdb_id && p.known_for_department === 'Acting',
    )!;
    const { body } = await find(person.imdb_id!);
    expect(body.person_results).toEqual([
      expect.objectContaining({ id: person.id, name: person.name, media_type: 'person' }),
    ]);
    expect(body.person_results[0].known_for[0].media_type).toMatch(/^(movie|tv)$/);
    expect(body.movie_results).toEqual([]);
  });

  it('answers an id that matches nothing with 200 and all lists empty', async () => {
    const empty = Object.fromEntries(lists.map((l) => [l, []]));
    for (const [id, source] of [
      ['tt99999999', 'imdb_id'],
      ['999999999', 'tvdb_id'],
      ['SomeHandle', 'instagram_id'],
    ] as const) {
      const res = await find(id, source);
      expect(res.status, `${source} ${id}`).toBe(200);
      expect(res.body).toEqual(empty);
    }
  });

  it('finds a movie and a series added with an imdb_id', async () => {
    expect((await find('tt40000001')).body.movie_results).toEqual([]);
    const movie = fake.data.addMovie({ title: 'Found Footage', imdb_id: 'tt40000001' });
    const series = fake.data.addSeries({ name: 'Found Series', imdb_id: 'tt40000002' });
    expect((await find('tt40000001')).body.movie_results).toEqual([
      expect.objectContaining({ id: movie.id, title: 'Found Footage', media_type: 'movie' }),
    ]);
    expect((await find('tt40000002')).body.tv_results).toEqual([
      expect.objectContaining({ id: series.id, name: 'Found Series', media_type: 'tv' }),
    ]);

    const plain = fake.data.addSeries({ name: 'No Ids Yet' });
    expect((await get(`/tv/${plain.id}/external_ids`)).body).toMatchObject({ imdb_id: null, tvdb_id: null });
  });

  it('answers 404 with status_code 34 without a supported external_source, and 401 without credentials', async () => {
    const imdb = fake.data.movie(fake.data.seeded.movies.released[0]!).imdb_id!;
    for (const source of [null, '', 'imdb', 'IMDB_ID', 'freebase_mid', 'tvrage_id']) {
      const res = await find(imdb, source);
      expect(res.status, String(source)).toBe(404);
      expect(res.body).toEqual(tmdbErrorBody(34));
    }
    const anonymous = await find(imdb, 'imdb_id', 'none');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(tmdbErrorBody(7));
  });
});

describe('where to watch', () => {
  const OFFER_ORDER = ['flatrate', 'rent', 'buy', 'free', 'ads'];
  const PROVIDER_KEYS = [
    'display_priorities',
    'display_priority',
    'logo_path',
    'provider_name',
    'provider_id',
  ];
  const OFFER_KEYS = ['logo_path', 'provider_id', 'provider_name', 'display_priority'];
  /** Checks a title's `results` as TMDB sends them, against the offers kept. */
  const expectResults = (results: Json, offers: Json, link: (country: string) => string) => {
    expect(Object.keys(results)).toEqual(Object.keys(offers).sort());
    for (const [country, entry] of Object.entries<Json>(results)) {
      const keys = Object.keys(entry);
      expect(keys[0], country).toBe('link');
      expect(entry.link).toBe(link(country));
      expect(keys.slice(1)).toEqual(OFFER_ORDER.filter((t) => offers[country][t]?.length));
      for (const type of keys.slice(1)) {
        expect(entry[type].length, `${country} ${type}`).toBeGreaterThan(0);
        expect(entry[type].map((o: Json) => o.provider_id)).toEqual(offers[country][type]);
        for (const offer of entry[type]) {
          expect(Object.keys(offer)).toEqual(OFFER_KEYS);
          const provider = WATCH_PROVIDERS.get(offer.provider_id)!;
          expect(offer).toEqual({
            logo_path: provider.logo_path,
            provider_id: provider.provider_id,
            provider_name: provider.provider_name,
            display_priority: provider.display_priorities[country],
          });
        }
      }
    }
  };
  const movieLink = (id: number) => (country: string) =>
    `https://www.themoviedb.org/movie/${titleSlug(id, fake.data.movie(id).title)}/watch?locale=${country}`;
  const tvLink = (id: number, season?: number) => (country: string) =>
    `https://www.themoviedb.org/tv/${titleSlug(id, fake.data.tv(id).name)}${season === undefined ? '' : `/season/${season}`}/watch?locale=${country}`;

  it('lists the regions by code, GB included and AQ, KP, VA not', async () => {
    const { status, body } = await get('/watch/providers/regions?language=en-US');
    expect(status).toBe(200);
    const codes = body.results.map((r: Json) => r.iso_3166_1);
    expect(codes).toEqual([...codes].sort());
    expect(codes.length).toBeGreaterThanOrEqual(35);
    expect(codes).toEqual(
      expect.arrayContaining(
        'US GB FR DE JP KR CA AU ES IT BR MX IN NL SE NO DK FI IE NZ PL PT AT CH BE AR'.split(' '),
      ),
    );
    for (const code of ['AQ', 'KP', 'VA']) expect(codes).not.toContain(code);
    expect(body.results[0]).toEqual({ iso_3166_1: 'AD', english_name: 'Andorra', native_name: 'Andorra' });
    expect(Object.keys(body.results[0])).toEqual(['iso_3166_1', 'english_name', 'native_name']);
    expect(body.results.find((r: Json) => r.iso_3166_1 === 'GB')).toEqual({
      iso_3166_1: 'GB',
      english_name: 'United Kingdom',
      native_name: 'United Kingdom',
    });
    expect(body.results).toEqual(WATCH_REGIONS);
  });

  it("lists a region's providers by its display priority, every provider without one, none for an unlisted one", async () => {
    const gb = (await get('/watch/providers/movie?watch_region=GB&language=en-US')).body.results;
    expect(Object.keys(gb[0])).toEqual(PROVIDER_KEYS);
    expect(gb[0]).toMatchObject({
      display_priority: 1,
      logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg',
      provider_name: 'Netflix',
      provider_id: 8,
    });
    for (const p of gb) expect(p.display_priority).toBe(p.display_priorities.GB);
    const priorities = gb.map((p: Json) => p.display_priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const gbIds = gb.map((p: Json) => p.provider_id);
    expect(gbIds).toContain(39); // NOW
    expect(gbIds).not.toContain(15); // Hulu: US only
    expect(gb).toEqual(fake.data.watchProviders('movie', 'GB'));

    // Each region its own order: Prime Video leads in Germany, Hulu and Peacock are in the US only.
    const de = (await get('/watch/providers/tv?watch_region=DE')).body.results;
    expect(de[0]).toMatchObject({ provider_id: 9, display_priority: 1 });
    const us = (await get('/watch/providers/tv?watch_region=us')).body.results.map(
      (p: Json) => p.provider_id,
    );
    expect(us.slice(0, 3)).toEqual([8, 9, 15]);
    expect(us).toContain(386);

    // Movie and tv lists differ: MUBI shows films only.
    expect(gbIds).toContain(11);
    const gbTv = (await get('/watch/providers/tv?watch_region=GB')).body.results;
    expect(gbTv.map((p: Json) => p.provider_id)).not.toContain(11);

    const all = (await get('/watch/providers/movie?language=en-US')).body.results;
    expect(all).toHaveLength(WATCH_PROVIDERS.size);
    expect(all.map((p: Json) => p.display_priority)).toEqual(
      [...WATCH_PROVIDERS.values()].map((p) => p.display_priority).sort((a, b) => a - b),
    );
    expect(all.find((p: Json) => p.provider_id === 15).display_priorities).toEqual({ US: 3 });
    const allTv = (await get('/watch/providers/tv')).body.results;
    expect(allTv).toHaveLength(WATCH_PROVIDERS.size - 1);

    for (const region of ['AQ', 'KP', 'VA']) {
      const res = await get(`/watch/providers/movie?watch_region=${region}`);
      expect(res.status, region).toBe(200);
      expect(res.body).toEqual({ results: [] });
    }
  });

  it('gives every provider a TMDB-like logo and a priority in each country it is listed in', () => {
    const codes = WATCH_REGIONS.map((r) => r.iso_3166_1);
    for (const p of WATCH_PROVIDERS.values()) {
      expect(p.logo_path, p.provider_name).toMatch(/^\/[0-9A-Za-z]{27}\.jpg$/);
      expect(Object.keys(p.display_priorities).length, p.provider_name).toBeGreaterThan(0);
      for (const country of Object.keys(p.display_priorities)) expect(codes).toContain(country);
    }
    expect(new Set([...WATCH_PROVIDERS.values()].map((p) => p.logo_path)).size).toBe(WATCH_PROVIDERS.size);
  });

  it("serves a released movie's offers by country, with the link and only the types it has", async () => {
    const id = fake.data.seeded.movies.released.find((m) => fake.data.movie(m).watch)!;
    const { status, body } = await get(`/movie/${id}/watch/providers`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['id', 'results']);
    expect(body.id).toBe(id);
    expect(Object.keys(body.results).length).toBeGreaterThan(0);
    expectResults(body.results, fake.data.offers({ movie: id }), movieLink(id));

    // Exactly TMDB's shape, on offers set by the test.
    fake.data.clearOffers({ movie: id });
    fake.data.setOffers({ movie: id }, 'GB', 'buy', [3, 2]);
    fake.data.setOffers({ movie: id }, 'GB', 'flatrate', [8]);
    const gb = (await get(`/movie/${id}/watch/providers`)).body;
    expect(gb).toEqual({
      id,
      results: {
        GB: {
          link: movieLink(id)('GB'),
          flatrate: [
            {
              logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg',
              provider_id: 8,
              provider_name: 'Netflix',
              display_priority: 1,
            },
          ],
          buy: [
            {
              logo_path: WATCH_PROVIDERS.get(3)!.logo_path,
              provider_id: 3,
              provider_name: 'Google Play Movies',
              display_priority: WATCH_PROVIDERS.get(3)!.display_priorities.GB,
            },
            {
              logo_path: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg',
              provider_id: 2,
              provider_name: 'Apple TV',
              display_priority: WATCH_PROVIDERS.get(2)!.display_priorities.GB,
            },
          ],
        },
      },
    });
    expect(Object.keys(gb.results.GB)).toEqual(['link', 'flatrate', 'buy']);
    // Also as an append to the details, without the id.
    const details = (await get(`/movie/${id}?append_to_response=watch/providers`)).body;
    expect(details['watch/providers']).toEqual({ results: gb.results });
  });

  it('links to the page of the title: id, then the title lowercased with other characters as "-"', async () => {
    expect(titleSlug(550, 'Fight Club')).toBe('550-fight-club');
    expect(titleSlug(7, 'Amélie: Part 2!')).toBe('7-amelie-part-2');
    const movie = fake.data.addMovie({ title: "Don't Look Up... Again", usTheatrical: '2026-01-10' });
    fake.data.setOffers({ movie: movie.id }, 'US', 'rent', [2]);
    const { body } = await get(`/movie/${movie.id}/watch/providers`);
    expect(body.results.US.link).toBe(
      `https://www.themoviedb.org/movie/${movie.id}-don-t-look-up-again/watch?locale=US`,
    );
  });

  it("serves a series' offers and a season's, each with its own id and link", async () => {
    const series = [...fake.data.series.values()].find(
      (s) => s.watch && s.seasons.filter((x) => x.watch).length >= 2,
    )!;
    const season = series.seasons.find((x) => x.watch)!;

    const whole = (await get(`/tv/${series.id}/watch/providers`)).body;
    expect(whole.id).toBe(series.id);
    expectResults(whole.results, fake.data.offers({ tv: series.id }), tvLink(series.id));

    const one = (await get(`/tv/${series.id}/season/${season.season_number}/watch/providers`)).body;
    expect(Object.keys(one)).toEqual(['id', 'results']);
    expect(one.id).toBe(season.id);
    expectResults(
      one.results,
      fake.data.offers({ tv: series.id, season: season.season_number }),
      tvLink(series.id, season.season_number),
    );
    expect(Object.values<Json>(one.results)[0].link).toMatch(
      new RegExp(
        `^https://www\\.themoviedb\\.org/tv/${series.id}-[a-z0-9-]+/season/${season.season_number}/watch\\?locale=[A-Z]{2}$`,
      ),
    );

    // A season's offers are its own.
    fake.data.setOffers({ tv: series.id, season: season.season_number }, 'FR', 'flatrate', [1899]);
    const after = (await get(`/tv/${series.id}/season/${season.season_number}/watch/providers`)).body;
    expect(after.results.FR.flatrate.map((o: Json) => o.provider_id)).toEqual([1899]);
    expect(fake.data.offers({ tv: series.id }).FR?.flatrate ?? []).not.toContain(1899);

    const appended = (await get(`/tv/${series.id}?append_to_response=watch/providers`)).body;
    expect(appended['watch/providers']).toEqual({ results: whole.results });
  });

  it('gives titles not released yet no offers: results {}', async () => {
    for (const id of [...fake.data.seeded.movies.upcoming, ...fake.data.seeded.movies.future]) {
      const { status, body } = await get(`/movie/${id}/watch/providers`);
      expect(status).toBe(200);
      expect(body).toEqual({ id, results: {} });
    }
    for (const id of fake.data.seeded.series.unaired)
      expect((await get(`/tv/${id}/watch/providers`)).body).toEqual({ id, results: {} });
    const future = fake.data.tv(fake.data.seeded.series.futureSeason[0]!).seasons.at(-1)!;
    expect(future.watch).toBeUndefined();
  });

  it('answers 404 with status_code 34 for an unknown movie, series or season, and 401 without credentials', async () => {
    const series = fake.data.seeded.series.ended[0]!;
    for (const path of [
      '/movie/999999/watch/providers',
      '/tv/999999/watch/providers',
      '/tv/999999/season/1/watch/providers',
      `/tv/${series}/season/99/watch/providers`,
      '/watch/providers/person',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(tmdbErrorBody(34));
    }
    for (const path of [
      '/watch/providers/regions',
      '/watch/providers/movie',
      `/tv/${series}/watch/providers`,
    ]) {
      const res = await get(path, 'none');
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(tmdbErrorBody(7));
      expect((await get(path, 'key')).status).toBe(200);
    }
    fake.failNext(1, { status: 503 });
    expect((await get('/watch/providers/regions')).status).toBe(503);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/3/watch/providers/regions', auth: 'bearer' });
  });

  it('shows setOffers and clearOffers in the next answer, and records no change', async () => {
    const id = fake.data.seeded.movies.released.at(-1)!;
    const target = { movie: id };
    const changes = fake.data.changes.length;
    fake.data.clearOffers(target);
    expect(fake.data.offers(target)).toEqual({});
    expect((await get(`/movie/${id}/watch/providers`)).body.results).toEqual({});

    fake.data.setOffers(target, 'US', 'flatrate', [15, 8]);
    fake.data.setOffers(target, 'US', 'ads', [73]);
    fake.data.setOffers(target, 'DE', 'rent', [10]);
    expect(fake.data.offers(target)).toEqual({ US: { flatrate: [15, 8], ads: [73] }, DE: { rent: [10] } });
    let results = (await get(`/movie/${id}/watch/providers`)).body.results;
    expect(Object.keys(results)).toEqual(['DE', 'US']);
    expect(Object.keys(results.US)).toEqual(['link', 'flatrate', 'ads']);
    expect(results.US.flatrate.map((o: Json) => [o.provider_id, o.display_priority])).toEqual([
      [15, 3],
      [8, 1],
    ]);

    // An empty list removes the type; a country left without any is removed.
    fake.data.setOffers(target, 'US', 'ads', []);
    fake.data.setOffers(target, 'DE', 'rent', []);
    results = (await get(`/movie/${id}/watch/providers`)).body.results;
    expect(Object.keys(results)).toEqual(['US']);
    expect(Object.keys(results.US)).toEqual(['link', 'flatrate']);

    fake.data.setOffers(target, 'GB', 'buy', [2]);
    fake.data.clearOffers(target, 'US');
    expect(Object.keys((await get(`/movie/${id}/watch/providers`)).body.results)).toEqual(['GB']);
    fake.data.clearOffers(target);
    expect((await get(`/movie/${id}/watch/providers`)).body.results).toEqual({});
    expect(fake.data.changes.length).toBe(changes);
    // offers() is a copy.
    fake.data.offers(target).GB = { buy: [2] };
    expect(fake.data.offers(target)).toEqual({});
  });

  it('refuses an unknown title, season, region or provider, and a provider not listed there', () => {
    const movie = fake.data.seeded.movies.released[1]!;
    const series = fake.data.seeded.series.ended[0]!;
    const before = fake.data.offers({ movie });
    expect(() => fake.data.setOffers({ movie }, 'GB', 'flatrate', [8, 999_999])).toThrow(
      'tmdb fake: no watch provider 999999',
    );
    expect(() => fake.data.setOffers({ movie }, 'GB', 'flatrate', [15])).toThrow(
      'tmdb fake: no watch provider 15 (Hulu) for movie in GB',
    );
    expect(() => fake.data.setOffers({ tv: series }, 'GB', 'flatrate', [11])).toThrow(
      'tmdb fake: no watch provider 11 (MUBI) for tv in GB',
    );
    expect(() => fake.data.setOffers({ movie }, 'AQ', 'flatrate', [8])).toThrow(
      'tmdb fake: no watch region AQ',
    );
    expect(() => fake.data.setOffers({ movie: 999_999 }, 'GB', 'flatrate', [8])).toThrow(
      'tmdb fake: no movie 999999',
    );
    expect(() => fake.data.setOffers({ tv: 999_999 }, 'GB', 'flatrate', [8])).toThrow(
      'tmdb fake: no tv series 999999',
    );
    expect(() => fake.data.setOffers({ tv: series, season: 99 }, 'GB', 'flatrate', [8])).toThrow(
      `tmdb fake: no season 99 of tv series ${series}`,
    );
    expect(() => fake.data.clearOffers({ movie: 999_999 })).toThrow('tmdb fake: no movie 999999');
    expect(fake.data.offers({ movie })).toEqual(before);
  });

  it('seeds offers from a generator of its own: the rest of the catalog is as it was, the offers the same from the same seed', async () => {
    const [one, two] = await Promise.all([
      startTmdbFake({ now: () => START }),
      startTmdbFake({ now: () => START }),
    ]);
    try {
      const withoutOffers = (f: TmdbFake) =>
        JSON.stringify(
          {
            m: [...f.data.movies.values()],
            s: [...f.data.series.values()],
            p: [...f.data.persons.values()],
            c: [...f.data.companies.values()],
          },
          (key, value) => (key === 'watch' ? undefined : value),
        );
      // The digest of the seed-1 catalog on START from before offers were seeded: a change of the generator
      // (on purpose) changes it; seeding offers must not.
      expect(createHash('sha256').update(withoutOffers(one)).digest('hex')).toBe(
        '6321a2932e0669d74dfb762ba4888da1cf0ca270aac73914df8065caeaa44c6b',
      );
      const offers = (f: TmdbFake) => [
        ...[...f.data.movies.values()].map((m) => m.watch),
        ...[...f.data.series.values()].flatMap((s) => [s.watch, ...s.seasons.map((x) => x.watch)]),
      ];
      expect(offers(two)).toEqual(offers(one));

      const { movies, series } = one.data.seeded;
      for (const id of movies.released) expect(one.data.movie(id).watch, String(id)).toBeDefined();
      for (const id of [...movies.upcoming, ...movies.future, ...movies.noDate, ...movies.foreignOnly])
        expect(one.data.movie(id).watch, String(id)).toBeUndefined();
      for (const id of series.unaired) expect(one.data.tv(id).watch, String(id)).toBeUndefined();
      expect(series.ended.filter((id) => one.data.tv(id).watch).length).toBeGreaterThan(0);
      // A streamer's own film streams there only.
      for (const id of movies.digitalOnly) {
        const m = one.data.movie(id);
        for (const entry of Object.values(m.watch ?? {})) expect(Object.keys(entry)).toEqual(['flatrate']);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
