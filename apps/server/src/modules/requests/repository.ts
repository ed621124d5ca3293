import type { Database } from '../../db/client';
import { type ContentRequestRow, contentRequests } from '../../db/schema';

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;

export function createRequestsRepository(db: Database) {
  return {
    async create(values: typeof contentRequests.$inferInsert): Promise<ContentRequestRow> {
      const [row] = await db.insert(contentRequests).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
