import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, signUp, track } from '../../../test/helpers';
import { startTmdbFake } from '../../../test/tmdb-fake';

describe("titles in the reader's language", () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    app = await buildTestApp({ env: { TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url } });
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
  });

  it("gives a movie's title and overview in the languages TMDB has them, and the original in the others", async () => {
    const movieId = tmdb.data.seeded.movies.upcoming[0]!;
    const movie = tmdb.data.movie(movieId);
    tmdb.data.setTranslations('movie', movieId, [
      { language: 'de', country: 'DE', title: 'Die leise Küste', overview: 'Eine Küste, die schweigt.' },
      { language: 'pt', country: 'PT', title: 'A Costa (Portugal)', overview: '' },
      { language: 'pt', country: 'BR', title: 'A Costa Silenciosa', overview: 'Uma costa em silêncio.' },
    ]);
    await app.catalogSync.refresh([{ providerId: `tmdb:movie:${movieId}`, title: '' }]);
    // Search reads the sync's titles once its index has read the change (a notice starts it).
    await app.searchIndex.refresh();
    const [item] = (await get(`/api/search?q=${encodeURIComponent(movie.title)}&type=movies`)).filter(
      (i: { title: string }) => i.title === movie.title,
    );
    const path = `/media/slug/movies/${item.slug}`;

    const german = await get(`${path}?lang=de`);
    expect(german).toMatchObject({ title: 'Die leise Küste', description: 'Eine Küste, die schweigt.' });
    // Brazilian Portuguese before Portugal's, for pt-BR.
    expect((await get(`${path}?lang=pt-BR`)).title).toBe('A Costa Silenciosa');
    // No French translation: the catalog's own title; and without `lang`, always the catalog's own.
    expect((await get(`${path}?lang=fr`)).title).toBe(movie.title);
    expect((await get(path)).title).toBe(movie.title);
    // The same in the lists and in search: one title, whatever list it is in.
    const search = await get(`/api/search?q=${encodeURIComponent(movie.title)}&type=movies&lang=de`);
    expect(
      search.map((i: { item_id: string; title: string }) => i.item_id === item.item_id && i.title),
    ).toContain('Die leise Küste');

    // A reader finds it by its name in their language too.
    const byGermanName = await get('/api/search?q=die%20leise&type=movies&lang=de');
    expect(byGermanName.map((i: { title: string }) => i.title)).toContain('Die leise Küste');
    const inEnglish = await get('/api/search?q=die%20leise%20kuste&type=movies');
    expect(inEnglish.map((i: { item_id: string }) => i.item_id)).not.toContain(item.item_id);
    // By a word inside that name, and by a close spelling of it.
    for (const q of ['kuste', 'leise kuste', 'kusste', 'leise kusste']) {
      const found = await get(`/api/search?q=${encodeURIComponent(q)}&type=movies&lang=de`);
      expect(
        found.map((i: { title: string }) => i.title),
        q,
      ).toContain('Die leise Küste');
      const english = await get(`/api/search?q=${encodeURIComponent(q)}&type=movies`);
      expect(
        english.map((i: { item_id: string }) => i.item_id),
        q,
      ).not.toContain(item.item_id);
    }

    // A member's watchlist and the leaderboard name it the same way.
    const member = await signUp(app, { register: true });
    await track(app, member.id, item.item_id, new Date());
    const watchlist = await app.inject({
      method: 'GET',
      url: `/watchlist/${member.id}?lang=de`,
      headers: { cookie: member.cookie },
    });
    expect(watchlist.json().map((e: { title: string }) => e.title)).toEqual(['Die leise Küste']);
    const board = await get('/leaderboard/api/leaderboard?timeframe=weekly&media_type=movies&lang=de');
    expect(board.items.map((i: { title: string }) => i.title)).toContain('Die leise Küste');
    const english = await get('/leaderboard/api/leaderboard?timeframe=weekly&media_type=movies');
    expect(english.items.map((i: { title: string }) => i.title)).toContain(movie.title);
  });

  it("names a season in the reader's words, with the series' translated name", async () => {
    const [series] = [...tmdb.data.series.values()].filter((s) =>
      s.seasons.some((n) => n.season_number >= 1),
    );
    const season = series!.seasons.find((s) => s.season_number >= 1)!;
    tmdb.data.setTranslations('tv', series!.id, [
      { language: 'ja', country: 'JP', title: '静かな港', overview: '港の物語。' },
    ]);
    await app.catalogSync.refresh([
      { providerId: `tmdb:tv:${series!.id}:${season.season_number}`, title: '' },
    ]);
    await app.searchIndex.refresh();
    const [item] = (await get(`/api/search?q=${encodeURIComponent(series!.name)}&type=tv_seasons`)).filter(
      (i: { title: string }) => i.title === `${series!.name}: Season ${season.season_number}`,
    );
    expect((await get(`/media/slug/tv_seasons/${item.slug}?lang=ja`)).title).toBe(
      `静かな港: シーズン${season.season_number}`,
    );
    expect((await get(`/media/slug/tv_seasons/${item.slug}?lang=de`)).title).toBe(
      `${series!.name}: Staffel ${season.season_number}`,
    );
  });

  it('leaves a book its own title, and refuses a language the product does not speak, naming `lang`', async () => {
    await insertItem(app, { mediaType: 'books', title: 'The Salt Cartographer' });
    const [book] = await get('/api/search?q=salt%20cartographer&type=books&lang=fr');
    expect(book.title).toBe('The Salt Cartographer');
    const bad = await app.inject({ method: 'GET', url: '/trending/movies?lang=xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('lang');
  });
});
