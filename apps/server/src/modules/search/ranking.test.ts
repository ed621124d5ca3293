import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItems } from '../../../test/helpers';
import { createSearchRepository } from './repository';
import { createSearchService } from './service';

// A catalog of any size is searched in two parts: the most popular titles (walked down the popularity
// index) and, when they hold too few matches, the rest. A walk of two titles puts both parts to work
// on a catalog small enough for a test; the answers must be those of one search over everything.
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

const searchWith = (walkRows: number) => {
  // Made on first use: the app (and its database) exists once beforeAll has run.
  let service: ReturnType<typeof createSearchService> | undefined;
  return async (q: string, limit = 30, type: 'all' | 'books' | 'movies' = 'all') => {
    service ??= createSearchService(createSearchRepository(app.database.db, { walkRows }));
    return (await service.search(q, type, limit)).map((i) => i.title);
  };
};

describe('search over a catalog larger than its walk', () => {
  const short = searchWith(2);
  const whole = searchWith(1000);

  it('answers what one search over the whole catalog answers', async () => {
    for (const [q, limit, type] of [
      ['dr', 30, 'all'],
      ['dr', 2, 'all'],
      ['drago', 4, 'all'],
      ['dragon', 30, 'books'],
      ['harbor', 30, 'all'],
      ['the dr', 30, 'all'],
      ['moonwake', 30, 'all'],
      ['monwake', 30, 'all'],
    ] as const) {
      expect(await short(q, limit, type), `${q} (limit ${limit}, ${type})`).toEqual(
        await whole(q, limit, type),
      );
    }
  });

  it('finds rare matches below the walk, most popular first', async () => {
    // Only low-popularity titles start with "drake" or "dragon s": neither is among the two walked.
    // (Close spellings follow them: each finds fewer than five.)
    expect((await short('drake'))[0]).toBe('Drake and Dove');
    expect((await short('dragon s'))[0]).toBe('Dragon Sky');
    expect(await short('drago')).toEqual([
      'Dragon Harbor',
      'Dragon',
      'Dragon Sky',
      'The Dragonfly Accord',
      'Here Be Dragons',
    ]);
  });

  it('on a big catalog, ranks a finished word above a word it only starts', async () => {
    // "the" is finished (a space follows it): "Beyond the Dunes" has it as a word, "Theodora Dusk" only
    // starts with it, and comes after however popular it is. A small catalog keeps popularity order.
    expect(await short('the du')).toEqual(['Beyond the Dunes', 'Theodora Dusk']);
    expect(await whole('the du')).toEqual(['Theodora Dusk', 'Beyond the Dunes']);
  });
});
