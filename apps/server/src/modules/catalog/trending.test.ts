import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { watchlistEntries } from '../../db/schema';
import type { NormalisedItem } from '../../providers/types';
import { hypePercentage } from './media-item';

describe('hypePercentage', () => {
  it('starts from the provider figure, or 25, and rises with diminishing returns per tracker', () => {
    expect(hypePercentage(null, 0)).toBe(25);
    expect(hypePercentage(40, 0)).toBe(40);
    expect(hypePercentage(40, 1)).toBe(55);
    expect(hypePercentage(40, 3)).toBe(70);
    expect(hypePercentage(40, 7)).toBe(85);
    expect(hypePercentage(90, 7)).toBe(100);
    expect(hypePercentage(null, -2)).toBe(25);
  });
});

describe('trending and the hype meter follow tracking', () => {
  let app: FastifyInstance;
  const members: TestUser[] = [];
  const ids: Record<string, string> = {};

  async function addItem(key: string, overrides: Partial<NormalisedItem>) {
    ids[key] = await insertItem(app, { mediaType: 'tv_seasons', ...overrides });
  }
  const track = (user: TestUser, key: string) =>
    app.inject({
      method: 'POST',
      url: `/watchlist/${user.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { item_id: ids[key], media_type: 'tv_seasons' },
    });
  const trending = async (limit = 20) =>
    ((await app.inject({ url: `/trending/tv_seasons?limit=${limit}` })).json() as { title: string }[]).map(
      (i) => i.title,
    );

  beforeAll(async () => {
    app = await buildTestApp();
    for (let i = 0; i < 3; i++) members.push(await signUp(app, { register: true }));
    await addItem('top', { title: 'Top Show', popularity: 90 });
    await addItem('second', { title: 'Second Show', popularity: 80 });
    await addItem('third', { title: 'Third Show', popularity: 70, hypeMeterPercentage: 40 });
    await addItem('quiet', { title: 'Quiet Show', popularity: 20 });
  });
  afterAll(() => app.close());

  it('orders by provider popularity while nobody tracks anything', async () => {
    expect(await trending()).toEqual(['Top Show', 'Second Show', 'Third Show', 'Quiet Show']);
  });

  it('lifts a title members are tracking this week, even from outside the first page', async () => {
    for (const member of members) expect((await track(member, 'third')).statusCode).toBe(201);
    // 70 + 4 x 3 trackers + 6 x 3 this week = 100: ahead of 90 and 80.
    expect(await trending(2)).toEqual(['Third Show', 'Top Show']);
    expect(await trending()).toEqual(['Third Show', 'Top Show', 'Second Show', 'Quiet Show']);
  });

  it("counts old tracking less than this week's", async () => {
    for (const member of members) {
      await app.database.db
        .update(watchlistEntries)
        .set({ addedAt: sql`now() - interval '10 days'` })
        .where(and(eq(watchlistEntries.userId, member.id), eq(watchlistEntries.itemId, ids.third as string)));
    }
    // 70 + 4 x 3 = 82: behind 90 now, still ahead of 80.
    expect(await trending()).toEqual(['Top Show', 'Third Show', 'Second Show', 'Quiet Show']);
  });

  it('raises the hype meter of tracked titles', async () => {
    const item = async (slug: string) =>
      (await app.inject({ url: `/media/slug/tv_seasons/${slug}` })).json().hype_meter_percentage;
    expect(await item('third-show')).toBe(70);
    expect(await item('quiet-show')).toBe(25);
  });
});
