import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContentRequestRow, contentRequests, users } from '../../db/schema';

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;

export function createRequestsRepository(db: Database) {
  return {
    async create(values: typeof contentRequests.$inferInsert): Promise<ContentRequestRow> {
      const [row] = await db.insert(contentRequests).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Requests nobody has dealt with yet, oldest first, with the asker's email when signed in. */
    open() {
      return db
        .select({
          id: contentRequests.id,
          mediaType: contentRequests.mediaType,
          title: contentRequests.title,
          extraInfo: contentRequests.extraInfo,
          userId: contentRequests.userId,
          status: contentRequests.status,
          clientCreatedAt: contentRequests.clientCreatedAt,
          createdAt: contentRequests.createdAt,
          email: users.email,
        })
        .from(contentRequests)
        .leftJoin(users, eq(users.id, contentRequests.userId))
        .where(eq(contentRequests.status, 'pending'))
        .orderBy(asc(contentRequests.createdAt), asc(contentRequests.id));
    },
  };
}
