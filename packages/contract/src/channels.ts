import { z } from 'zod';
import {
  CHANNEL_LOG_SIZE,
  CHANNEL_SECRET_MAX,
  CHANNEL_SECRET_MESSAGE,
  CHANNEL_SECRET_MIN,
  CHANNEL_TYPES,
  MAX_PUSH_DEVICES,
  MEDIA_TYPES,
  MOVIE_RELEASE_KINDS,
  NOTIFICATION_KINDS,
} from './constants';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

/* ---------------------------------------------------------------- calendar feed */

/** The feed's window around today, in days, and its defaults. */
export const CALENDAR_PAST_DAYS = { min: 0, max: 365, default: 30 } as const;
export const CALENDAR_FUTURE_DAYS = { min: 1, max: 730, default: 365 } as const;

/** GET /api/calendar: the member's private feed, as https and as webcal (calendar apps open the latter). */
export const calendarLinkSchema = z
  .object({ url: z.string(), webcal_url: z.string() })
  .meta({ id: 'CalendarLink' });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

/** The feed's secret: 43 base64url characters (256 bits). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A comma list of allowed words, each at most once; the field's name is in the message. */
function commaList<const T extends readonly [string, ...string[]]>(allowed: T) {
  const message = say(V.commaList, { values: allowed.join(', ') });
  return z
    .string()
    .transform((value, ctx) => {
      const words = value.split(',').map((w) => w.trim());
      if (words.some((w) => !(allowed as readonly string[]).includes(w))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(words)] as T[number][];
    })
    .meta({ description: message });
}

function dayCount(limits: { min: number; max: number; default: number }) {
  const message = say(V.dayCount, { min: limits.min, max: limits.max });
  return z
    .string()
    .regex(/^\d{1,4}$/, { error: () => message })
    .transform(Number)
    .refine((n) => n >= limits.min && n <= limits.max, { error: () => message })
    .optional()
    .transform((n) => n ?? limits.default);
}

/** GET /calendar/{token}.ics query: which titles, how far back and ahead, which movie releases. */
export const calendarFeedQuerySchema = z.object({
  types: commaList(MEDIA_TYPES).optional(),
  past_days: dayCount(CALENDAR_PAST_DAYS),
  future_days: dayCount(CALENDAR_FUTURE_DAYS),
  release: commaList(MOVIE_RELEASE_KINDS).optional(),
});
export type CalendarFeedQuery = z.infer<typeof calendarFeedQuerySchema>;

/* ---------------------------------------------------------------- web push */

export const pushKeySchema = z.object({ public_key: z.string() }).meta({ id: 'PushKey' });

/**
 * What a browser's PushSubscription.toJSON() gives (expirationTime and other fields are ignored). A
 * member keeps MAX_PUSH_DEVICES devices, the newest: browsers subscribe anew and never say the old
 * endpoint is dead, so one more replaces the oldest rather than being refused.
 */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https$/, error: () => say(V.pushEndpoint) })
      .max(1000, { error: () => say(V.pushEndpoint) }),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { error: () => say(V.pushKey) }),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, { error: () => say(V.pushAuth) }),
    }),
    expirationTime: z.number().nullable().optional(),
  })
  .meta({
    id: 'PushSubscription',
    description:
      `A device's push subscription. A member keeps their ${MAX_PUSH_DEVICES} newest devices: subscribing ` +
      'one more replaces the oldest. An endpoint belongs to the member who subscribed it first; another ' +
      'member posting it is refused with 409 PUSH_ENDPOINT_TAKEN.',
  });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z
  .strictObject({ endpoint: z.string().max(1000) })
  .meta({ id: 'PushUnsubscribe' });

/** What a push carries to the service worker: `tag` is the title and kind, so a newer one replaces it. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/* ---------------------------------------------------------------- chat channels and webhooks */

export const createChannelBodySchema = z
  .strictObject({
    type: z.enum(CHANNEL_TYPES, { error: () => say(V.oneOfThese, { values: CHANNEL_TYPES.join(', ') }) }),
    url: z
      .string({ error: () => say(V.url) })
      .min(1, { error: () => say(V.url) })
      .max(500),
    secret: z
      .string()
      .min(CHANNEL_SECRET_MIN, { error: () => say(CHANNEL_SECRET_MESSAGE) })
      .max(CHANNEL_SECRET_MAX, { error: () => say(CHANNEL_SECRET_MESSAGE) })
      .optional(),
  })
  .meta({ id: 'CreateChannel' });
export type CreateChannelBody = z.infer<typeof createChannelBodySchema>;

export const channelAttemptStatusSchema = z.enum(['sent', 'retry', 'failed']);

export const memberChannelSchema = z
  .object({
    id: z.string(),
    type: z.enum(CHANNEL_TYPES),
    /** The URL with its secret parts masked. */
    target: z.string(),
    created_at: z.string(),
    /** Set when a 4xx answer turned it off; the member adds it again once it is fixed. */
    disabled: z.object({ at: z.string(), reason: z.string() }).nullable(),
    last_delivery: z
      .object({ status: channelAttemptStatusSchema, at: z.string(), error: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'Channel' });
export type MemberChannel = z.infer<typeof memberChannelSchema>;

export const channelListSchema = z
  .object({ channels: z.array(memberChannelSchema) })
  .meta({ id: 'ChannelList' });
export type ChannelList = z.infer<typeof channelListSchema>;

export const channelAttemptSchema = z
  .object({
    kind: z.enum([...NOTIFICATION_KINDS, 'test']),
    title: z.string().nullable(),
    status: channelAttemptStatusSchema,
    http_status: z.number().int().nullable(),
    error: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'ChannelAttempt' });
export type ChannelAttempt = z.infer<typeof channelAttemptSchema>;

export const channelAttemptListSchema = z
  .object({ deliveries: z.array(channelAttemptSchema).max(CHANNEL_LOG_SIZE) })
  .meta({ id: 'ChannelAttemptList' });

export const channelIdParamsSchema = z.object({ id: z.uuid({ error: () => say(V.channelId) }) });

/** POST /api/channels/{id}/test: what the test send did. */
export const channelTestResultSchema = z
  .object({
    status: channelAttemptStatusSchema,
    http_status: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ChannelTestResult' });
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;
