import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { contentRequests } from '../../db/schema';

/** The app's clock, 40 days ahead of the database's: createdAt must be the app's time. */
const NOW = new Date(Date.now() + 40 * 86_400_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: NOW });
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.database.db.delete(contentRequests);
});

async function storedRequests() {
  return app.database.db.select().from(contentRequests);
}

const valid = {
  mediaType: 'books',
  title: '  The Lantern Keeper  ',
  extraInfo: 'Second book of the series',
  userId: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('POST /api/request', () => {
  it('stores the request and answers 201 with it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/request', payload: valid });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      mediaType: 'books',
      title: 'The Lantern Keeper',
      extraInfo: 'Second book of the series',
      userId: null,
      status: 'pending',
      // The server's own time; the client's is kept apart.
      createdAt: NOW.toISOString(),
    });
    const rows = await storedRequests();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mediaType: 'books', title: 'The Lantern Keeper', status: 'pending' });
    expect(rows[0]?.clientCreatedAt?.toISOString()).toBe(valid.createdAt);
  });

  it('accepts a request without extra info or createdAt', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/request',
      payload: { mediaType: 'movies', title: 'Nightwell 3' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().extraInfo).toBe('');
  });

  it('never trusts a user id from the body: a visitor request is stored without a user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/request',
      payload: { ...valid, userId: 'someone-else' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).toBeNull();
    expect((await storedRequests())[0]).toMatchObject({ userId: null });
  });

  it.each([
    [{ ...valid, title: '   ' }, 'title', 'Title is required!'],
    [{ ...valid, title: undefined }, 'title', undefined],
    [{ ...valid, mediaType: 'games' }, 'mediaType', 'must be one of: tv_seasons, movies, books'],
    [{ ...valid, createdAt: 'yesterday' }, 'createdAt', undefined],
    [{ ...valid, title: 'x'.repeat(201) }, 'title', 'must be at most 200 characters'],
    [{ ...valid, isAdmin: true }, 'isAdmin', undefined],
  ])(
    'rejects a bad body with a 400 naming the field and changes nothing (%#)',
    async (payload, field, message) => {
      const res = await app.inject({ method: 'POST', url: '/api/request', payload });
      expect(res.statusCode).toBe(400);
      const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
      expect(detail).toBeDefined();
      if (message) expect(detail.message).toBe(message);
      expect(await storedRequests()).toHaveLength(0);
    },
  );

  it('rejects a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/request',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTypeOf('string');
  });
});
