import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems, notificationDeliveries, watchProviders } from '../../db/schema';

/** A member's in-app notifications: what the bell lists, how many are unread, marking them read. */
export function createInbox(db: Database) {
  return {
    /** The bell: the member's latest in-app notifications, with their titles. */
    async latest(userId: string, limit: number) {
      return db
        .select({ delivery: notificationDeliveries, item: mediaItems, logoPath: watchProviders.logoPath })
        .from(notificationDeliveries)
        .innerJoin(mediaItems, eq(mediaItems.id, notificationDeliveries.itemId))
        .leftJoin(watchProviders, eq(watchProviders.providerId, notificationDeliveries.providerId))
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            eq(notificationDeliveries.status, 'sent'),
          ),
        )
        .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            eq(notificationDeliveries.status, 'sent'),
            isNull(notificationDeliveries.readAt),
          ),
        );
      return row?.n ?? 0;
    },

    async markRead(userId: string, ids: string[] | 'all', at: Date) {
      await db
        .update(notificationDeliveries)
        .set({ readAt: at })
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'in_app'),
            isNull(notificationDeliveries.readAt),
            ids === 'all' ? undefined : inArray(notificationDeliveries.id, ids),
          ),
        );
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
