import {
  ERROR_CODES,
  itemPath,
  type MarkReadBody,
  NOTIFICATION_LIST_LIMIT,
  type NotificationList,
} from '@releasebell/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type ErrorText, HttpError, inLocale } from '../../errors';
import { DeliveryError } from '../../infra/delivery-error';
import { translate } from '../../infra/i18n';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Clock } from '../../lib/clock';
import { tmdbLogoUrl } from '../../providers/tmdb/tmdb-watch';
import type { Channel } from './channels/channel';
import type { DeliveryQueue } from './delivery-queue';
import type { Inbox } from './inbox';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** "Send me a test notification": at most this many per member per window. */
const TEST_LIMIT = 3;
const TEST_WINDOW_MS = 10 * 60_000;

const MESSAGES = {
  tooManyTests: /*i18n*/ {
    id: 'error.notifications.tooManyTests',
    message: 'You sent a few tests already. Try again in 10 minutes.',
  },
  noProfile: /*i18n*/ { id: 'error.notifications.noProfile', message: 'Complete your profile first.' },
  badUnsubscribeLink: /*i18n*/ {
    id: 'error.notifications.badUnsubscribeLink',
    message: 'This unsubscribe link is not valid.',
  },
  badUnsubscribeToken: /*i18n*/ {
    id: 'error.notifications.badUnsubscribeToken',
    message: 'is not a valid unsubscribe token',
  },
  testFailed: /*i18n*/ {
    id: 'error.notifications.testFailed',
    message: 'The test could not be sent by {channels}.',
  },
  /** One channel the test failed on, and why. */
  failedOn: /*i18n*/ { id: 'error.notifications.failedOn', message: '{channel} ({reason})' },
  /** The channels it failed on: "email (…) or SMS (…) or push (…)". */
  either: /*i18n*/ { id: 'error.notifications.either', message: '{first} or {second}' },
  unexpected: /*i18n*/ { id: 'error.notifications.unexpected', message: 'unexpected error' },
};

const CHANNEL_WORDS = {
  email: /*i18n*/ { id: 'error.notifications.byEmail', message: 'email' },
  mobile: /*i18n*/ { id: 'error.notifications.bySms', message: 'SMS' },
  push: /*i18n*/ { id: 'error.notifications.byPush', message: 'push' },
} as const;

/** "The test could not be sent by email (…) or SMS (…).", in the reader's language. */
const testFailed =
  (failed: { as: keyof typeof CHANNEL_WORDS; why: ErrorText }[]): ErrorText =>
  (locale) => {
    const each = failed.map((f) =>
      translate(locale, MESSAGES.failedOn, {
        channel: translate(locale, CHANNEL_WORDS[f.as]),
        reason: inLocale(locale, f.why),
      }),
    );
    const channels = each.reduce((first, second) => translate(locale, MESSAGES.either, { first, second }));
    return translate(locale, MESSAGES.testFailed, { channels });
  };

export interface NotificationsServiceOptions {
  inbox: Inbox;
  /** Members and titles as a send reads them (the test, short links), and the unsubscribe pause. */
  deliveries: DeliveryQueue;
  channels: Channel[];
  clock: Clock;
  tokens: UnsubscribeTokens;
  limiter: RateLimiter;
}

/** What members do with their notifications over HTTP: the bell, a test, the unsubscribe link. */
export function createNotificationsService({
  inbox,
  deliveries,
  channels,
  clock,
  tokens,
  limiter,
}: NotificationsServiceOptions) {
  return {
    async list(userId: string): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([
        inbox.latest(userId, NOTIFICATION_LIST_LIMIT),
        inbox.unreadCount(userId),
      ]);
      return {
        notifications: rows.map(({ delivery: d, item, logoPath }) => ({
          id: d.id,
          kind: d.kind,
          item: {
            item_id: item.id,
            title: item.title,
            media_type: item.mediaType,
            slug: item.slug,
            image: item.image,
          },
          old_date: d.oldDate,
          old_date_precision: d.oldPrecision,
          new_date: d.newDate,
          new_date_precision: d.newPrecision,
          reminder_days: d.reminderDays,
          via: d.kind === 'available' ? null : d.viaName,
          provider:
            d.providerId !== null && d.viaName !== null
              ? { id: d.providerId, name: d.viaName, logo: tmdbLogoUrl(logoPath) }
              : null,
          offer_type: d.offerType,
          created_at: (d.sentAt ?? d.createdAt).toISOString(),
          read: d.readAt !== null,
        })),
        unread_count: unread,
      };
    },

    async markRead(userId: string, body: MarkReadBody): Promise<{ unread_count: number }> {
      await inbox.markRead(userId, body.all ? 'all' : (body.ids ?? []), clock());
      return { unread_count: await inbox.unreadCount(userId) };
    },

    /**
     * Sends a test on every channel the member gets release messages on, and names those it went out
     * on. Why one failed is told in words; the raw error goes to `log` (the request's).
     */
    async sendTest(
      userId: string,
      log: FastifyBaseLogger,
    ): Promise<{ channels: ('email' | 'mobile' | 'push')[] }> {
      if ((await limiter.hit(`notify-test:${userId}`, TEST_WINDOW_MS)) > TEST_LIMIT) {
        throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyTests);
      }
      const recipient = (await deliveries.recipients([userId])).get(userId);
      if (!recipient) throw new HttpError(404, ERROR_CODES.profileNotFound, MESSAGES.noProfile);
      const sent: ('email' | 'mobile' | 'push')[] = [];
      const failed: { as: keyof typeof CHANNEL_WORDS; why: ErrorText }[] = [];
      let capped = false;
      for (const channel of channels) {
        if (!channel.test || channel.unavailable(recipient)) continue;
        try {
          if (await channel.test.send(recipient)) sent.push(channel.test.as);
        } catch (err) {
          const why = err instanceof DeliveryError ? err.message : MESSAGES.unexpected;
          if (err instanceof DeliveryError) {
            // A cap on texts is the member's own limit: nothing for the operator to look at.
            log[err.kind === 'deferred' ? 'info' : 'warn'](
              { channel: channel.name, code: err.code, detail: err.detail ?? err.message },
              'test notification not sent',
            );
          } else log.warn({ channel: channel.name, err }, 'test notification not sent');
          capped ||= err instanceof DeliveryError && err.kind === 'deferred';
          failed.push({ as: channel.test.as, why });
        }
      }
      if (failed.length > 0) {
        // A cap on texts is this member's limit, not a provider's failure.
        throw new HttpError(
          capped ? 429 : 502,
          capped ? ERROR_CODES.rateLimited : ERROR_CODES.upstreamError,
          testFailed(failed),
        );
      }
      return { channels: sent };
    },

    /** Where a text's short link (`/s/{code}`, the title's id in base64url) leads. */
    async shortLink(code: string): Promise<string | null> {
      const hex = Buffer.from(code, 'base64url').toString('hex');
      if (hex.length !== 32 || Buffer.from(hex, 'hex').toString('base64url') !== code) return null;
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const item = (await deliveries.items([id])).get(id);
      return item ? itemPath({ media_type: item.mediaType, slug: item.slug }) : null;
    },

    /** The signed link from a release email: pauses release emails, no sign-in needed. */
    async unsubscribe(token: string): Promise<{ email_paused: boolean }> {
      const userId = tokens.verify(token);
      if (!userId || !(await deliveries.pauseEmail(userId, clock()))) {
        throw new HttpError(400, ERROR_CODES.invalidToken, MESSAGES.badUnsubscribeLink, [
          { field: 'token', message: MESSAGES.badUnsubscribeToken },
        ]);
      }
      return { email_paused: true };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
