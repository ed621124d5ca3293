import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItems } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await insertItems(app, [
    buildItem({ title: 'Dragon Harbor', popularity: 40 }),
    buildItem({ title: 'The Dragonfly Accord', popularity: 90 }),
    buildItem({ title: 'Dragon', popularity: 5 }),
    buildItem({ title: 'Here Be Dragons', mediaType: 'books', popularity: 70 }),
    buildItem({ title: 'Moonwake', mediaType: 'tv_seasons', popularity: 30 }),
    buildItem({ title: 'Café Lumière', popularity: 20 }),
    buildItem({ title: 'Salt & Ember', mediaType: 'books', popularity: 10 }),
  ]);
});
afterAll(() => app.close());

async function search(q: string, type = 'all') {
  const res = await app.inject({ url: '/api/search', query: { q, type } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string }[]).map((i) => i.title);
}

describe('GET /api/search', () => {
  it('matches prefixes as the user types, best match first', async () => {
    // Exact title, then titles starting with the query, then titles with a word starting with it.
    expect(await search('drago')).toEqual([
      'Dragon Harbor',
      'Dragon',
      'The Dragonfly Accord',
      'Here Be Dragons',
    ]);
    expect(await search('dragon')).toEqual([
      'Dragon',
      'Dragon Harbor',
      'The Dragonfly Accord',
      'Here Be Dragons',
    ]);
    expect(await search('dr')).toContain('Dragon Harbor');
    expect(await search('moo')).toEqual(['Moonwake']);
  });

  it('tolerates a typo', async () => {
    expect(await search('moonwaké')).toEqual(['Moonwake']);
    expect(await search('monwake')).toContain('Moonwake');
    expect(await search('dragin harbor')).toContain('Dragon Harbor');
  });

  it('tolerates a short word typed wrong among several', async () => {
    await insertItems(app, [buildItem({ title: 'Long Hunters', popularity: 15 })]);
    expect(await search('long hug')).toEqual(['Long Hunters']);
  });

  it('tolerates a typo in a title added or renamed since', async () => {
    const item = buildItem({ title: 'Quillborne Tide', popularity: 12 });
    await insertItems(app, [item]);
    expect(await search('quilborne')).toEqual(['Quillborne Tide']);
    await insertItems(app, [{ ...item, title: 'Marrowgate Tide' }]);
    expect(await search('marowgate')).toEqual(['Marrowgate Tide']);
    expect(await search('quilborne')).toEqual([]);
  });

  it('offers close spellings only when prefix matching finds almost nothing', async () => {
    await insertItems(app, [
      ...[1, 2, 3, 4, 5].map((n) => buildItem({ title: `Lantern ${n}`, popularity: n })),
      buildItem({ title: 'Lanturn Deep', popularity: 99 }),
    ]);
    const found = await search('lantern');
    expect(found).toHaveLength(5);
    expect(found).not.toContain('Lanturn Deep');
    expect(await search('lantrn')).toEqual(expect.arrayContaining(['Lantern 1', 'Lantern 5']));
  });

  it('ignores accents, case and punctuation', async () => {
    expect(await search('CAFE lumi')).toEqual(['Café Lumière']);
    expect(await search('salt & em')).toEqual(['Salt & Ember']);
  });

  it('filters by media type', async () => {
    expect(await search('dragon', 'books')).toEqual(['Here Be Dragons']);
    expect(await search('dragon', 'tv_seasons')).toEqual([]);
  });

  it('returns an empty list for an empty or blank query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('rejects an unknown type with the allowed values', async () => {
    const res = await app.inject({ url: '/api/search?q=x&type=games' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'type', message: 'must be one of: all, tv_seasons, movies, books' },
    ]);
  });

  it('rejects an overlong query', async () => {
    const res = await app.inject({ url: `/api/search?q=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('q');
  });

  it('answers what a result shows, and each of many searches at once its own titles', async () => {
    const asked = ['drago', 'moo', 'cafe', 'salt', 'here be', 'lantrn'];
    const answers = await Promise.all(asked.map((q) => search(q)));
    expect(answers).toEqual(
      await asked.reduce<Promise<string[][]>>(
        async (done, q) => [...(await done), await search(q)],
        Promise.resolve([]),
      ),
    );
    expect(answers[1]).toEqual(['Moonwake']);
    const res = await app.inject({ url: '/api/search', query: { q: 'moonwake' } });
    const [item] = res.json();
    expect(Object.keys(item).sort()).toEqual(
      [
        '_id',
        'creator',
        'creator_label',
        'id',
        'image',
        'item_id',
        'media_type',
        'release_date',
        'release_date_precision',
        'slug',
        'title',
      ].sort(),
    );
    expect(item).toMatchObject({ title: 'Moonwake', media_type: 'tv_seasons', slug: expect.any(String) });
  });

  it('honours limit', async () => {
    expect(await app.inject({ url: '/api/search?q=dragon&limit=2' }).then((r) => r.json())).toHaveLength(2);
  });
});
