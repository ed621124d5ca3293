import { FOLLOWS_MAX, FOLLOWS_PER_MINUTE } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, followableRefs, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { goodreadsSample } from '../../../test/import-samples';
import { importFile } from '../../../test/imports';
import { createFollowsRepository } from '../follows';

/** Applying an import follows what the member ticked: those follows count like any other. */
describe("an import's follows and the follow limits", () => {
  let app: FastifyInstance;
  let current = new Date('2027-03-01T12:00:00Z');
  /** Refs the demo catalog credits, each one a member can follow. */
  let refs: string[];
  const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const apply = (user: TestUser, id: string, follow: string[]) =>
    app.inject({ method: 'POST', url: `/api/imports/${id}/apply`, headers: as(user), payload: { follow } });
  const followsOf = async (user: TestUser) =>
    ((await app.inject({ url: '/api/follows', headers: as(user) })).json() as { follows: unknown[] }).follows;
  const newImport = (user: TestUser) =>
    importFile(app, user, 'goodreads_library_export.csv', goodreadsSample({ rows: 3, seed: 7 }));

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true, clock: () => current });
    refs = await followableRefs(app);
    expect(refs.length).toBeGreaterThan(FOLLOWS_PER_MINUTE + 1);
  });
  afterAll(async () => app.close());

  it(`counts toward the ${FOLLOWS_PER_MINUTE} new follows a minute, by import or by hand`, async () => {
    const member = await signUp(app, { register: true });
    const { id } = await newImport(member);
    const applied = await apply(member, id, refs.slice(0, FOLLOWS_PER_MINUTE));
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ followed: FOLLOWS_PER_MINUTE });

    const byHand = await app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: as(member),
      payload: { ref: refs[FOLLOWS_PER_MINUTE] },
      remoteAddress: '198.51.100.77',
    });
    expect(byHand.statusCode).toBe(429);
    expect(byHand.json().error.code).toBe('RATE_LIMITED');
    const again = await apply(member, id, [refs[FOLLOWS_PER_MINUTE]!, refs[FOLLOWS_PER_MINUTE + 1]!]);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(await followsOf(member)).toHaveLength(FOLLOWS_PER_MINUTE);

    current = new Date(current.getTime() + 61_000);
    const later = await apply(member, id, [refs[FOLLOWS_PER_MINUTE]!, refs[FOLLOWS_PER_MINUTE + 1]!]);
    expect(later.statusCode).toBe(200);
    expect(await followsOf(member)).toHaveLength(FOLLOWS_PER_MINUTE + 2);
  });

  it('refuses more than a minute allows in one apply', async () => {
    const member = await signUp(app, { register: true });
    const { id } = await newImport(member);
    const applied = await apply(member, id, refs.slice(0, FOLLOWS_PER_MINUTE + 1));
    expect(applied.statusCode).toBe(429);
    expect(applied.json().error.code).toBe('RATE_LIMITED');
    // Refused whole: no follow made, and the import can still be applied.
    expect(await followsOf(member)).toHaveLength(0);
    expect((await apply(member, id, refs.slice(0, 2))).statusCode).toBe(200);
  });

  it(`cannot follow past ${FOLLOWS_MAX}`, async () => {
    const member = await signUp(app, { register: true });
    // FOLLOWS_MAX follows by HTTP would take long (and the rate limit); written as the service would.
    const repo = createFollowsRepository(app.database.db);
    for (let i = 0; i < FOLLOWS_MAX; i++) {
      const ref = `demo:author:seeded-${i}`;
      await repo.saveTarget(ref, { kind: 'author', name: `Seeded ${i}`, image: null }, current, null);
      await repo.insert({ userId: member.id, ref, roles: ['author'], createdAt: current }, FOLLOWS_MAX);
    }
    const { id } = await newImport(member);
    const applied = await apply(member, id, [refs[0]!]);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().error.code).toBe('TOO_MANY_FOLLOWS');
    expect(await followsOf(member)).toHaveLength(FOLLOWS_MAX);
  });
});
