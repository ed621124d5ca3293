import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItems } from '../../../test/helpers';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { mediaItems, releaseEvents } from '../../db/schema';
import { createProviderClient, ProviderAuthError } from '../http/provider-client';
import { fetchMovie, listedMovieIds, normaliseMovie } from './tmdb-movies';

const options = { region: 'US', language: 'en-US' };

describe('TMDB movies against a TMDB stand-in', () => {
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let app: FastifyInstance;
  const client = () =>
    createProviderClient({
      name: 'TMDB',
      baseUrl: tmdb.url,
      headers: { authorization: `Bearer ${tmdb.token}` },
      keyVariable: 'TMDB_API_TOKEN',
      requestsPerSecond: 40,
    });

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    await tmdb.close();
  });

  it('reads every listed movie through the schemas and into the catalog', async () => {
    const c = client();
    const ids = await listedMovieIds(c, { ...options, pages: 2, today: tmdb.data.today() });
    expect(ids.length).toBeGreaterThan(10);
    // Months away: on no list but discover's next 12 months.
    expect(ids.filter((id) => tmdb.data.seeded.movies.future.includes(id)).length).toBeGreaterThan(0);
    const items = [];
    for (const id of ids) items.push(normaliseMovie(await fetchMovie(c, id, options), options));
    const result = await insertItems(app, items);
    expect(result.inserted).toBe(ids.length);
    const upcoming = tmdb.data.seeded.movies.upcoming[0]!;
    const [row] = await app.database.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.providerId, `tmdb:movie:${upcoming}`));
    expect(row?.releaseDate).toBe(tmdb.data.releaseDate(upcoming));
  });

  it('writes exactly one release event when TMDB moves a date, and none when nothing changed', async () => {
    const c = client();
    const id = tmdb.data.seeded.movies.upcoming[1]!;
    const before = normaliseMovie(await fetchMovie(c, id, options), options);
    await insertItems(app, [before]);
    const moved = '2027-12-24';
    tmdb.data.setUsTheatricalDate(id, moved);
    const after = normaliseMovie(await fetchMovie(c, id, options), options);
    expect(after.releaseDate).toBe(moved);
    const first = await insertItems(app, [after]);
    const again = await insertItems(app, [after]);
    expect(first.changes).toMatchObject([
      { kind: before.releaseDate ? 'moved' : 'announced', newDate: moved },
    ]);
    expect(again.changes).toEqual([]);
    const [row] = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, `tmdb:movie:${id}`));
    const events = await app.database.db
      .select()
      .from(releaseEvents)
      .where(eq(releaseEvents.itemId, row!.id));
    expect(events).toHaveLength(1);
  });

  it('stops at a refused token, naming the variable', async () => {
    const refused = createProviderClient({
      name: 'TMDB',
      baseUrl: tmdb.url,
      headers: { authorization: 'Bearer wrong' },
      keyVariable: 'TMDB_API_TOKEN',
      requestsPerSecond: 40,
    });
    await expect(fetchMovie(refused, 603, options)).rejects.toThrow(ProviderAuthError);
    await expect(fetchMovie(refused, 603, options)).rejects.toThrow('check TMDB_API_TOKEN');
  });
});
