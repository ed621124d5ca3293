import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, followableRefs, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { importFile } from '../../../test/imports';

// Leaving and coming back: a member's export, imported after they deleted their account and signed up
// again with the same address, gives back the same watchlist and the same follows.

describe('export, delete, sign up again, import the export', () => {
  let app: FastifyInstance;
  const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true });
  });
  afterAll(async () => app.close());

  const watchlistOf = async (user: TestUser) =>
    ((await app.inject({ url: `/watchlist/${user.id}`, headers: as(user) })).json() as { item_id: string }[])
      .map((e) => e.item_id)
      .sort();
  const followsOf = async (user: TestUser) =>
    ((await app.inject({ url: '/api/follows', headers: as(user) })).json().follows as { ref: string }[])
      .map((f) => f.ref)
      .sort();

  it('gives back exactly the titles and the follows', async () => {
    const member = await signUp(app, { register: true });
    const upcoming = (
      await Promise.all(
        ['movies', 'tv_seasons', 'books'].map(
          async (type) =>
            (await app.inject({ url: `/upcoming/${type}?limit=2` })).json() as {
              item_id: string;
              media_type: string;
            }[],
        ),
      )
    ).flat();
    for (const item of upcoming) {
      const added = await app.inject({
        method: 'POST',
        url: `/watchlist/${member.id}`,
        headers: as(member),
        payload: { item_id: item.item_id, media_type: item.media_type },
      });
      expect(added.statusCode, added.body).toBeLessThan(300);
    }
    const [ref] = await followableRefs(app);
    const followed = await app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: as(member),
      payload: { ref },
    });
    expect(followed.statusCode, followed.body).toBe(201);
    const titles = await watchlistOf(member);
    const refs = await followsOf(member);
    expect(titles.length).toBeGreaterThanOrEqual(upcoming.length);

    const exported = await app.inject({ url: '/api/export', headers: as(member) });
    expect(exported.statusCode).toBe(200);
    const fileName = /filename="([^"]+)"/.exec(String(exported.headers['content-disposition']))![1]!;
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: as(member),
      payload: { password: member.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const again = await signUp(app, { email: member.email, register: true });
    expect(await watchlistOf(again)).toEqual([]);
    const preview = await importFile(app, again, fileName, new Uint8Array(exported.rawPayload));
    expect(preview).toMatchObject({ source: 'releasebell', unmatched: 0, ambiguous: 0 });
    const follow = preview.suggested_follows.filter((f) => f.checked).map((f) => f.ref);
    expect(follow.sort()).toEqual(refs);
    const applied = await app.inject({
      method: 'POST',
      url: `/api/imports/${preview.id}/apply`,
      headers: as(again),
      payload: { follow },
    });
    expect(applied.statusCode, applied.body).toBe(200);

    expect(await watchlistOf(again)).toEqual(titles);
    expect(await followsOf(again)).toEqual(refs);
  });
});
