import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItems } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await insertItems(app, [
    buildItem({ title: 'Theodora Drift', popularity: 99 }),
    buildItem({ title: 'Moonwake', mediaType: 'tv_seasons', popularity: 95 }),
    buildItem({ title: 'The Dragonfly Accord', popularity: 90 }),
    buildItem({ title: 'Salt Harbor', mediaType: 'books', popularity: 80 }),
    buildItem({ title: 'Here Be Dragons', mediaType: 'books', popularity: 70 }),
    buildItem({ title: 'Dragon Harbor', popularity: 40 }),
    buildItem({ title: 'Dragon', popularity: 5 }),
    buildItem({ title: 'Dragon Sky', popularity: 2 }),
    buildItem({ title: 'Drake and Dove', popularity: 1 }),
    buildItem({ title: 'Beyond the Dunes', popularity: 3 }),
    buildItem({ title: 'Theodora Dusk', popularity: 98 }),
  ]);
});
afterAll(() => app.close());

async function search(q: string, type = 'all') {
  const res = await app.inject({ url: '/api/search', query: { q, type, limit: '30' } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string }[]).map((i) => i.title);
}

describe('search ranking', () => {
  it('puts the exact title first, then titles starting with the query, then titles with a word starting so', async () => {
    expect(await search('drago')).toEqual([
      'Dragon Harbor',
      'Dragon',
      'Dragon Sky',
      'The Dragonfly Accord',
      'Here Be Dragons',
    ]);
    expect(await search('dragon')).toEqual([
      'Dragon',
      'Dragon Harbor',
      'Dragon Sky',
      'The Dragonfly Accord',
      'Here Be Dragons',
    ]);
  });

  it('finds rare matches among unpopular titles, most popular first', async () => {
    expect((await search('drake'))[0]).toBe('Drake and Dove');
    expect((await search('dragon s'))[0]).toBe('Dragon Sky');
  });

  it('ranks a title holding a finished word above one where the word only starts a word', async () => {
    // "the" is finished (a space follows it): "Beyond the Dunes" has it as a word, "Theodora Dusk" only
    // starts with it, and comes after however popular it is.
    expect(await search('the du')).toEqual(['Beyond the Dunes', 'Theodora Dusk']);
  });

  it('filters every tier by media type', async () => {
    expect(await search('dragon', 'books')).toEqual(['Here Be Dragons']);
    expect(await search('harbor', 'books')).toEqual(['Salt Harbor']);
    expect(await search('monwake', 'movies')).toEqual([]);
    expect(await search('monwake', 'tv_seasons')).toEqual(['Moonwake']);
  });
});
