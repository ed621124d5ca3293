import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_LIST_LIMIT } from './constants';
import { mediaTypeSchema, releaseDatePrecisionSchema } from './media';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';
import { offerTypeSchema, watchProviderRefSchema } from './watch';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** One in-app notification: what happened to which title, and when. */
export const notificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    item: z.object({
      item_id: z.string(),
      title: z.string(),
      media_type: mediaTypeSchema,
      slug: z.string(),
      image: z.string().nullable(),
    }),
    /** The date before the change (date_changed), else null. */
    old_date: z.string().nullable(),
    old_date_precision: releaseDatePrecisionSchema.nullable(),
    /** The release date the notification is about (the new one for a change). */
    new_date: z.string().nullable(),
    new_date_precision: releaseDatePrecisionSchema.nullable(),
    /** Days before the release, for a reminder; else null. */
    reminder_days: z.number().int().nullable(),
    /** For `new_title`: the followed person or author whose new title it is (null for a series' season). */
    via: z.string().nullable(),
    /** For `available`: the member's service the title is now on, and how (else null). */
    provider: watchProviderRefSchema.nullable(),
    offer_type: offerTypeSchema.nullable(),
    created_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({
    notifications: z.array(notificationSchema).max(NOTIFICATION_LIST_LIMIT),
    unread_count: z.number().int(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: some by id, or all of them. */
export const markReadBodySchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: say(V.notificationIds) }))
      .min(1)
      .max(100)
      .optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    error: say(V.idsOrAll),
    path: ['ids'],
  })
  .meta({ id: 'MarkNotificationsRead' });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() }).meta({ id: 'UnreadCount' });

/** POST /api/notifications/test: which channels a test went to. */
export const testNotificationResultSchema = z
  .object({ channels: z.array(z.enum(['email', 'mobile', 'push', 'in_app'])) })
  .meta({ id: 'TestNotificationResult' });

/** POST /api/notifications/unsubscribe?token=: the signed token from a release email's link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
export const unsubscribeResultSchema = z
  .object({ email_paused: z.boolean() })
  .meta({ id: 'UnsubscribeResult' });
