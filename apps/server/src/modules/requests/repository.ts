import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type ContentRequestRow,
  contentRequests,
  mediaItems,
  notificationDeliveries,
  userProfiles,
  users,
} from '../../db/schema';

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

    byId(id: string) {
      return db
        .select()
        .from(contentRequests)
        .where(eq(contentRequests.id, id))
        .then((rows) => rows[0] ?? null);
    },

    /** Open requests the resolution job has not looked at since `checkedBefore`, oldest first. */
    toCheck(checkedBefore: Date, limit: number): Promise<ContentRequestRow[]> {
      return db
        .select()
        .from(contentRequests)
        .where(
          and(
            eq(contentRequests.status, 'pending'),
            or(isNull(contentRequests.checkedAt), lt(contentRequests.checkedAt, checkedBefore)),
          ),
        )
        .orderBy(asc(contentRequests.createdAt), asc(contentRequests.id))
        .limit(limit);
    },

    /** The catalog id of the title with this provider id, if it is in the catalog. */
    async itemIdOf(providerId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(eq(mediaItems.providerId, providerId));
      return row?.id ?? null;
    },

    async markChecked(id: string, at: Date): Promise<void> {
      await db.update(contentRequests).set({ checkedAt: at }).where(eq(contentRequests.id, id));
    },

    /**
     * Marks an open request answered by `itemId` and, in the same transaction, tells the member who
     * asked (in the app, and by email unless they paused release emails). False if it was not open.
     */
    async resolve(id: string, itemId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .update(contentRequests)
          .set({ status: 'added', resolvedItemId: itemId, resolvedAt: at, checkedAt: at })
          .where(and(eq(contentRequests.id, id), eq(contentRequests.status, 'pending')))
          .returning();
        if (!request) return false;
        if (!request.userId) return true;
        const [member] = await tx
          .select({ emailPausedAt: userProfiles.emailPausedAt })
          .from(userProfiles)
          .where(eq(userProfiles.userId, request.userId));
        const [item] = await tx
          .select({ date: mediaItems.releaseDate, precision: mediaItems.releaseDatePrecision })
          .from(mediaItems)
          .where(eq(mediaItems.id, itemId));
        const base = {
          userId: request.userId,
          itemId,
          kind: 'request_resolved' as const,
          // One message per member and title, however many times they asked for it.
          keyDate: 'request',
          newDate: item?.date ?? null,
          newPrecision: item?.precision ?? null,
          dueAt: at,
          nextAttemptAt: at,
          createdAt: at,
        };
        await tx
          .insert(notificationDeliveries)
          .values([
            { ...base, channel: 'in_app', status: 'sent', sentAt: at },
            ...(member?.emailPausedAt
              ? []
              : [{ ...base, channel: 'email' as const, status: 'pending' as const }]),
          ])
          .onConflictDoNothing();
        return true;
      });
    },
  };
}
