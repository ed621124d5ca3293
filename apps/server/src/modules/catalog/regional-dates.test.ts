import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildTestApp, insertItems } from '../../../test/helpers';
import { mediaItems } from '../../db/schema';
import { createCatalogRepository } from './repository';

describe("a movie's typed regional dates", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('are stored with the item, replaced whole at each update, and left alone when a provider sends none', async () => {
    const repo = createCatalogRepository(app.database.db);
    const item = buildItem({
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
      releaseDates: [
        { country: 'US', type: 3, date: '2027-03-14' },
        { country: 'US', type: 4, date: '2027-05-02' },
        { country: 'GB', type: 3, date: '2027-03-20' },
        { country: 'GB', type: 3, date: '2027-03-20' },
      ],
    });
    await insertItems(app, [item]);
    const [row] = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, item.providerId));
    const id = row?.id;
    expect(id).toBeDefined();
    expect(await repo.regionalDates(id!)).toEqual([
      { country: 'GB', type: 3, date: '2027-03-20' },
      { country: 'US', type: 3, date: '2027-03-14' },
      { country: 'US', type: 4, date: '2027-05-02' },
    ]);
    await insertItems(app, [{ ...item, releaseDates: [{ country: 'US', type: 3, date: '2027-04-01' }] }]);
    expect(await repo.regionalDates(id!)).toEqual([{ country: 'US', type: 3, date: '2027-04-01' }]);
    const { releaseDates: _, ...withoutDates } = item;
    await insertItems(app, [withoutDates]);
    expect(await repo.regionalDates(id!)).toEqual([{ country: 'US', type: 3, date: '2027-04-01' }]);
  });
});
