import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN } from '../../test/helpers';
import { contentRequests } from '../db/schema';
import { createRequestsRepository } from '../modules/requests/repository';
import { formatOpenRequests } from './open-requests';

describe('npm run requests:list', () => {
  let app: FastifyInstance;
  let now = new Date('2027-02-01T10:30:00Z');
  beforeAll(async () => {
    app = await buildTestApp({ clock: () => now });
  });
  afterAll(() => app.close());

  it('lists open requests oldest first, with who asked; handled ones are gone', async () => {
    const member = await signUp(app, { register: true });
    const post = (payload: Record<string, unknown>, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/request',
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { extraInfo: '', userId: null, createdAt: '2027-02-01T10:30:00Z', ...payload },
      });
    expect(
      (await post({ mediaType: 'books', title: 'The Lost Atlas', extraInfo: 'by  Mara Quill,\n 2027' }))
        .statusCode,
    ).toBeLessThan(300);
    now = new Date('2027-02-02T08:05:00Z');
    expect(
      (await post({ mediaType: 'movies', title: 'Night Owl II', userId: member.id }, member.cookie))
        .statusCode,
    ).toBeLessThan(300);
    await app.database.db
      .insert(contentRequests)
      .values({ mediaType: 'tv_seasons', title: 'Done Already', status: 'added' });
    const open = await createRequestsRepository(app.database.db).open();
    expect(formatOpenRequests(open)).toBe(
      [
        '2 open requests:',
        '',
        '2027-02-01 10:30 UTC  Book: The Lost Atlas',
        '  by Mara Quill, 2027',
        '  asked by a visitor (not signed in)',
        '',
        '2027-02-02 08:05 UTC  Movie: Night Owl II',
        `  asked by ${member.email}`,
      ].join('\n'),
    );
    expect(formatOpenRequests([])).toBe('No open requests.');
  });
});
