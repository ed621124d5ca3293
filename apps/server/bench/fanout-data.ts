import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { upsertItems } from '../src/modules/catalog/ingestion';
import { createCatalogRepository } from '../src/modules/catalog/repository';

/** One title released on `releaseDate` and `members` members (UTC, email only) who tracked it in January. */
export async function insertFanoutData(db: Database, members: number, releaseDate: string): Promise<void> {
  await upsertItems(
    createCatalogRepository(db),
    [
      {
        providerId: 'bench:movies:fanout',
        mediaType: 'movies',
        title: 'The Fan-Out',
        description: 'Everyone is waiting for it.',
        image: null,
        author: null,
        director: 'Bench Director',
        networkName: null,
        series: null,
        seriesNumber: null,
        creator: 'Bench Director',
        creatorLabel: 'Director',
        releaseDate,
        releaseDatePrecision: 'day',
        language: 'en',
        genres: ['Drama'],
        hypeMeterPercentage: 99,
        popularity: 99,
      },
    ],
    { source: 'bench', at: new Date() },
  );
  // Set-based inserts: 10,000 members in a few statements.
  await db.execute(sql`
    insert into users (id, email, name)
    select 'fan-' || g, 'fan' || g || '@example.com', 'Fan ' || g from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into user_profiles (user_id, username, time_zone, reminder_days)
    select 'fan-' || g, 'fan' || g, 'UTC', 0 from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into watchlist_entries (user_id, item_id, media_type, added_at)
    select 'fan-' || g, (select id from media_items where provider_id = 'bench:movies:fanout'), 'movies',
      timestamptz '2027-01-15T00:00:00Z'
    from generate_series(1, ${members}) g`);
}
