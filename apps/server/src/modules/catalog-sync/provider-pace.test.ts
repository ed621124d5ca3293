import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestDatabase } from '../../../test/helpers';
import { startIsbndbFake } from '../../../test/isbndb-fake';
import { booksTitled } from '../../providers/isbndb/isbndb-provider';

// Two app instances on one database share each provider's rate: ISBNdb sees the configured rate from
// both together, not twice it.

describe("a provider's rate across instances", () => {
  /**
   * The stand-in's limit, and the rate the instances are set to: under it by more than one request a
   * second, so a request a busy machine sends late does not make a second hold one too many; both
   * instances at this rate each would be over it.
   */
  const LIMIT = 5;
  const RATE = 3;
  let isbndb: Awaited<ReturnType<typeof startIsbndbFake>>;
  let database: TestDatabase;
  let second: Awaited<ReturnType<TestDatabase['openAnother']>>;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    // The stand-in refuses past LIMIT requests in any rolling second (a 429), as ISBNdb does.
    isbndb = await startIsbndbFake({ rateLimit: LIMIT });
    const env = {
      ISBNDB_API_KEY: isbndb.apiKey,
      ISBNDB_API_URL: isbndb.url,
      ISBNDB_REQUESTS_PER_SECOND: String(RATE),
    };
    database = await openTestDatabase();
    second = await database.openAnother();
    apps = [await buildTestApp({ env, database }), await buildTestApp({ env, database: second })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.close();
    await isbndb.close();
  });

  it('keeps both instances together under the rate: no request is refused', async () => {
    const clients = apps.map((app) => app.catalogSources.providers.isbndb!.client);
    // Each instance alone stays under the limit; both at once would send twice the rate, over it.
    await Promise.all(
      clients.flatMap((client, i) =>
        Array.from({ length: LIMIT }, (_, n) => booksTitled(client, `title ${i} ${n}`)),
      ),
    );
    const answered = isbndb.requests.map((r) => r.status);
    expect(answered).toHaveLength(2 * LIMIT);
    expect(answered.filter((status) => status === 429)).toEqual([]);
  });
});
