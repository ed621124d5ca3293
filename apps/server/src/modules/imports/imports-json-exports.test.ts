import type { Import } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import {
  type ReleasebellSampleTitle,
  releasebellExportJson,
  releasebellExportZip,
  type SimklSampleItem,
  simklBackup,
  type TraktSampleItem,
  traktExportZip,
  traktWatchlistJson,
} from '../../../test/import-samples';
import { importFile } from '../../../test/imports';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { addDays } from '../../lib/dates';
import { slugify } from '../../lib/text';
import { loadDemoRecords } from '../../providers/demo/demo-provider';

const linesAndStatuses = (answer: Import) => answer.entries.map((e) => [e.line, e.status]);
const today = new Date().toISOString().slice(0, 10);

describe('Trakt, Simkl and Releasebell exports matched by their ids, at TMDB when the catalog lacks them', () => {
  let app: FastifyInstance;
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let member: TestUser;
  /** The paths TMDB was asked for since `from` (e.g. "/3/movie/10003"). */
  const askedSince = (from: number) => tmdb.requests.slice(from).map((r) => r.path);

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    app = await buildTestApp({ env: { TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url } });
    member = await signUp(app, { register: true });
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
  });

  it('matches a Trakt watchlist by TMDB id, then IMDb id, then title and year', async () => {
    const byTmdb = tmdb.data.addMovie({ title: 'The Copper Lantern', usTheatrical: addDays(today, 40) });
    tmdb.data.addMovie({
      title: 'Harbour Signal',
      usTheatrical: addDays(today, 50),
      imdb_id: 'tt9100001',
    });
    tmdb.data.addMovie({ title: 'Distant Orchard', usTheatrical: addDays(today, 70) });
    const series = tmdb.data.addSeries({ name: 'The Winter Archive' });
    tmdb.data.addSeason(series.id, { air_date: addDays(today, 30) });
    const ended = tmdb.data.addSeries({ name: 'The Ended Garden' });
    tmdb.data.addSeason(ended.id, { air_date: addDays(today, -900) });
    const seasoned = tmdb.data.addSeries({ name: 'Glass Tide' });
    tmdb.data.addSeason(seasoned.id, { air_date: addDays(today, -500) });
    tmdb.data.addSeason(seasoned.id, { air_date: addDays(today, 90) });
    const year = Number(addDays(today, 70).slice(0, 4));
    const item = (fields: Partial<TraktSampleItem> & Pick<TraktSampleItem, 'title'>, i: number) =>
      ({ type: 'movie', year, trakt: 500 + i, tmdb: null, imdb: null, ...fields }) as TraktSampleItem;
    const items = [
      { title: 'The Copper Lantern', tmdb: byTmdb.id },
      { title: 'Harbour Signal', imdb: 'tt9100001' },
      { title: 'Distant Orchard' },
      { type: 'show' as const, title: 'The Winter Archive', tmdb: series.id },
      { type: 'show' as const, title: 'The Ended Garden', tmdb: ended.id },
      { type: 'season' as const, title: 'Glass Tide', tmdb: seasoned.id, season: 2 },
      { title: 'Nobody Made This', tmdb: 99_999_999 },
    ].map(item);

    const before = tmdb.requests.length;
    const answer = await importFile(app, member, 'watchlist.json', traktWatchlistJson(items));
    expect(answer.source).toBe('trakt');
    expect(linesAndStatuses(answer)).toEqual([
      [1, 'matched'],
      [2, 'matched'],
      [3, 'matched'],
      [4, 'matched'],
      [5, 'skipped'],
      [6, 'matched'],
      [7, 'unmatched'],
    ]);
    expect(answer.entries.map((e) => e.item?.title ?? e.reason)).toEqual([
      'The Copper Lantern',
      'Harbour Signal',
      'Distant Orchard',
      'The Winter Archive: Season 1',
      'already out',
      'Glass Tide: Season 2',
      'not found',
    ]);
    // Fetched by their TMDB ids: neither looked up at /find nor searched.
    const asked = askedSince(before);
    expect(asked).toContain(`/3/movie/${byTmdb.id}`);
    expect(asked).toContain(`/3/tv/${series.id}`);
    expect(asked).toContain('/3/find/tt9100001');
    expect(asked.filter((p) => p.startsWith('/3/find/') && p !== '/3/find/tt9100001')).toEqual([]);
    expect(asked.filter((p) => p === '/3/search/movie')).toHaveLength(1);

    // Now in the catalog: the same list matches there, asking TMDB for nothing it holds.
    const again = tmdb.requests.length;
    const second = await importFile(app, member, 'watchlist.json', traktWatchlistJson(items.slice(0, 4)));
    expect(linesAndStatuses(second)).toEqual([
      [1, 'matched'],
      [2, 'matched'],
      [3, 'matched'],
      [4, 'matched'],
    ]);
    expect(askedSince(again)).toEqual([]);
  });

  it("reads Trakt's export ZIP: its watchlist files, not its history or ratings", async () => {
    const movie = tmdb.data.addMovie({ title: 'Burning Library', usTheatrical: addDays(today, 20) });
    const show = tmdb.data.addSeries({ name: 'Iron Harbour' });
    tmdb.data.addSeason(show.id, { air_date: null });
    const zip = traktExportZip({
      movies: [{ type: 'movie', title: 'Burning Library', year: null, trakt: 1, tmdb: movie.id, imdb: null }],
      shows: [{ type: 'show', title: 'Iron Harbour', year: null, trakt: 2, tmdb: show.id, imdb: null }],
      seed: 3,
    });
    const answer = await importFile(app, member, 'trakt-export.zip', zip);
    expect(answer).toMatchObject({ source: 'trakt', rows: 2, matched: 2 });
    expect(answer.entries.map((e) => e.item?.title)).toEqual(['Burning Library', 'Iron Harbour: Season 1']);
  });

  it('skips what a Simkl backup does not plan or watch, naming its status', async () => {
    const movies = ['Quiet Mirror', 'Golden Frontier', 'Hollow Station', 'Ninth Garden', 'Lost Signal'].map(
      (title, i) => tmdb.data.addMovie({ title, usTheatrical: addDays(today, 30 + i) }),
    );
    const statuses: SimklSampleItem['status'][] = ['plantowatch', 'watching', 'completed', 'hold', 'dropped'];
    const items = movies.map(
      (m, i): SimklSampleItem => ({
        list: 'movies',
        status: statuses[i]!,
        title: m.title,
        year: null,
        tmdb: String(m.id),
        imdb: null,
      }),
    );
    const before = tmdb.requests.length;
    const answer = await importFile(app, member, 'simkl_backup.json', simklBackup(items));
    expect(answer.source).toBe('simkl');
    expect(answer.entries.map((e) => [e.status, e.item?.title ?? e.reason])).toEqual([
      ['matched', 'Quiet Mirror'],
      ['matched', 'Golden Frontier'],
      ['skipped', 'marked completed on Simkl'],
      ['skipped', 'on hold on Simkl'],
      ['skipped', 'dropped on Simkl'],
    ]);
    // Skipped rows cost TMDB nothing.
    expect(askedSince(before).filter((p) => movies.slice(2).some((m) => p === `/3/movie/${m.id}`))).toEqual(
      [],
    );
    const german = await app.inject({
      url: `/api/imports/${answer.id}`,
      headers: { cookie: member.cookie, 'accept-language': 'de' },
    });
    expect(
      german
        .json()
        .entries.slice(2)
        .map((e: { reason: string }) => e.reason),
    ).toEqual(['auf Simkl als abgeschlossen markiert', 'auf Simkl pausiert', 'auf Simkl abgebrochen']);
  });

  it("fetches a Releasebell export's titles the catalog lacks by their TMDB keys", async () => {
    const movie = tmdb.data.addMovie({ title: 'Wandering Republic', usTheatrical: addDays(today, 60) });
    const series = tmdb.data.addSeries({ name: 'Summer Cartographer' });
    tmdb.data.addSeason(series.id, { air_date: addDays(today, -300) });
    tmdb.data.addSeason(series.id, { air_date: addDays(today, 45) });
    const watchlist: ReleasebellSampleTitle[] = [
      {
        media_type: 'movies',
        title: 'Wandering Republic',
        release_date: addDays(today, 60),
        provider_id: `tmdb:movie:${movie.id}`,
        ids: { tmdb: movie.id },
      },
      {
        media_type: 'tv_seasons',
        title: 'Summer Cartographer: Season 2',
        release_date: addDays(today, 45),
        provider_id: `tmdb:tv:${series.id}:2`,
        ids: { tmdb: series.id, season: 2 },
      },
    ];
    const answer = await importFile(app, member, 'releasebell.json', releasebellExportJson({ watchlist }));
    expect(answer).toMatchObject({ source: 'releasebell', matched: 2, suggested_follows: [] });
    expect(answer.entries.map((e) => e.item?.title)).toEqual([
      'Wandering Republic',
      'Summer Cartographer: Season 2',
    ]);
  });
});

describe('a Releasebell export brings back its titles and its follows', () => {
  let app: FastifyInstance;
  const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true });
  });
  afterAll(async () => app.close());

  it('matches each title by its catalog key, ticks its follows and applies both', async () => {
    const upcoming = (records: Awaited<ReturnType<typeof loadDemoRecords>>) =>
      records.filter((r) => r.release !== null && 'offsetDays' in r.release && r.release.offsetDays > 10);
    const [movie] = upcoming(await loadDemoRecords('movies'));
    const [season] = upcoming(await loadDemoRecords('tv_seasons')).filter((r) => r.show);
    const [book] = upcoming(await loadDemoRecords('books')).filter((r) => r.author);
    const title = (mediaType: string, r: NonNullable<typeof movie>): ReleasebellSampleTitle => ({
      media_type: mediaType as ReleasebellSampleTitle['media_type'],
      title: r.title,
      release_date: null,
      provider_id: `demo:${mediaType}:${r.key}`,
    });
    const watchlist = [title('movies', movie!), title('tv_seasons', season!), title('books', book!)];
    const follows = [
      { ref: `demo:series:${slugify(season!.show!)}`, kind: 'series' as const, name: season!.show! },
      { ref: `demo:author:${slugify(book!.author!)}`, kind: 'author' as const, name: book!.author! },
      {
        ref: `demo:person:${slugify(movie!.director!)}`,
        kind: 'person' as const,
        name: movie!.director!,
        roles: ['directing'],
      },
    ];
    const member = await signUp(app, { register: true });
    const apply = (follow: string[]) =>
      app.inject({
        method: 'POST',
        url: `/api/imports/${answer.id}/apply`,
        headers: as(member),
        payload: { follow },
      });
    const upload = releasebellExportZip({ watchlist, follows });

    const answer = await importFile(app, member, 'releasebell-export.zip', upload);
    expect(answer).toMatchObject({ source: 'releasebell', rows: 3, matched: 3, unmatched: 0 });
    expect(answer.entries.map((e) => e.item?.title)).toEqual(watchlist.map((t) => t.title));
    expect(answer.suggested_follows).toEqual(
      follows.map((f) => ({
        ref: f.ref,
        name: f.name,
        kind: f.kind,
        because: 'Followed in your Releasebell export',
        checked: true,
      })),
    );

    // Its titles, exactly (following would bring the refs' other titles too).
    expect((await apply([])).json()).toEqual({ added: 3, already_tracked: 0, followed: 0 });
    const listed = (await app.inject({ url: `/watchlist/${member.id}`, headers: as(member) })).json();
    expect(listed.map((e: { title: string }) => e.title).sort()).toEqual(
      watchlist.map((t) => t.title).sort(),
    );

    // One of them followed meanwhile: applying skips it and follows the others.
    const byHand = await app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: as(member),
      payload: { ref: follows[2]!.ref },
    });
    expect(byHand.statusCode).toBe(201);
    expect((await apply(follows.map((f) => f.ref))).json()).toMatchObject({ added: 0, followed: 2 });
    const followed = (await app.inject({ url: '/api/follows', headers: as(member) })).json().follows;
    expect(followed.map((f: { ref: string }) => f.ref).sort()).toEqual(follows.map((f) => f.ref).sort());

    // The same export again: everything is there, nothing is offered twice.
    const again = await importFile(
      app,
      member,
      'releasebell.json',
      releasebellExportJson({ watchlist, follows }),
    );
    expect(again).toMatchObject({ matched: 0, already_tracked: 3, suggested_follows: [] });
  });
});
