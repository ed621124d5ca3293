import { createHmac } from 'node:crypto';
import {
  type ChannelType,
  formatDateIn,
  itemPath,
  type Locale,
  PRODUCT_NAME,
  posterUrl,
} from '@releasebell/contract';
import type { MemberChannelRow } from '../../../db/schema';
import { DeliveryError } from '../../../infra/delivery-error';
import { translate } from '../../../infra/i18n';
import type { Clock } from '../../../lib/clock';
import { OutboundError, postOutbound } from '../../../lib/outbound-http';
import type { MemberChannels } from '../member-channels';
import {
  absoluteUrl,
  type Channel,
  deliveryOffer,
  type Notice,
  type OutgoingMessage,
  preparedRecipients,
} from './channel';
import { plainNetworkError } from './network-error';
import { noticeLine } from './notice-line';

/** One request to a member's channel: its body and headers. */
interface PostRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** What an attempt did, as the channel's delivery log and the test button show it. */
export interface ChannelOutcome {
  status: 'sent' | 'retry' | 'failed';
  httpStatus: number | null;
  /** What went wrong, in words the member may see. */
  error: string | null;
  retryAfterSeconds?: number;
  /** The raw network error behind `error`, for the server log only. */
  detail?: string;
}

/** What a message says, whichever channel carries it. */
export interface ChannelMessage {
  kind: string;
  /** A stable id for the message: the delivery's (the same on every retry). */
  id: string;
  title: string;
  line: string;
  /** The language `line` is in (the member's); the Discord embed's field name follows it. */
  locale: Locale;
  /** The title's page, its poster (absolute URLs), and its release date in words. */
  url: string;
  poster: string | null;
  date: string | null;
  /** The webhook's JSON event (what a program reads). */
  event: Record<string, unknown>;
}

const RELEASE_DATE_FIELD = /*i18n*/ { id: 'channels.discord.releaseDate', message: 'Release date' };

const USER_AGENT = `${PRODUCT_NAME}-Hooks/1.0 (+https://github.com/releasebell)`;
/** Discord's embed colour: the product's accent. */
const EMBED_COLOUR = 0xf5a524;

/** The message for one notice: worded as the other channels word it, plus the webhook's event. */
export function channelMessage(
  { delivery, item }: Notice,
  publicUrl: string,
  sentAt: Date,
  locale: Locale,
  today?: string,
): ChannelMessage {
  const url = absoluteUrl(publicUrl, itemPath({ media_type: item.mediaType, slug: item.slug }));
  const poster = item.image ? absoluteUrl(publicUrl, posterUrl(item.image, 'card')) : null;
  const date = formatDateIn(locale, delivery.newDate, delivery.newPrecision);
  const line = noticeLine({ delivery, item }, locale, today);
  return {
    kind: delivery.kind,
    id: delivery.id,
    title: item.title,
    line,
    locale,
    url,
    poster,
    date,
    event: {
      kind: delivery.kind,
      item: {
        id: item.id,
        title: item.title,
        media_type: item.mediaType,
        slug: item.slug,
        creator: item.creator,
        release_date: item.releaseDate,
        release_date_precision: item.releaseDatePrecision,
        image: poster,
      },
      old_date: delivery.oldDate,
      new_date: delivery.newDate,
      reminder_days: delivery.reminderDays,
      ...availableFields(delivery),
      message: line,
      locale,
      url,
      sent_at: sentAt.toISOString(),
    },
  };
}

/** An `available` event's service and kind of offer (other kinds carry neither). */
function availableFields(delivery: Notice['delivery']) {
  const offer = deliveryOffer(delivery);
  return offer ? { provider: { id: offer.providerId, name: offer.provider }, offer_type: offer.type } : {};
}

/**
 * A webhook's `X-Releasebell-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The
 * time is signed with the body, so a receiver that refuses old times cannot be fed a captured delivery
 * again later.
 */
export function webhookSignature(secret: string, body: string, signedAt: Date): string {
  const t = Math.floor(signedAt.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The request each kind of channel expects for a message, as sent at `sentAt` (each attempt anew). */
export function channelRequest(
  channel: Pick<MemberChannelRow, 'type' | 'url' | 'secret'>,
  message: ChannelMessage,
  sentAt: Date,
): PostRequest {
  const json = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
  switch (channel.type) {
    case 'discord': {
      const url = new URL(channel.url);
      // Waiting for the message makes Discord answer with its id (and refuse a bad embed at once).
      url.searchParams.set('wait', 'true');
      const embed = {
        title: message.title.slice(0, 256),
        description: message.line.slice(0, 4096),
        url: message.url,
        color: EMBED_COLOUR,
        ...(message.date
          ? {
              fields: [
                { name: translate(message.locale, RELEASE_DATE_FIELD), value: message.date, inline: true },
              ],
            }
          : {}),
        ...(message.poster ? { thumbnail: { url: message.poster } } : {}),
        footer: { text: PRODUCT_NAME },
        timestamp: message.event.sent_at,
      };
      // No pings: a title's name must not mention @everyone.
      const body = { username: PRODUCT_NAME, embeds: [embed], allowed_mentions: { parse: [] } };
      return { url: url.toString(), body: JSON.stringify(body), headers: json };
    }
    case 'ntfy': {
      // Published as JSON to the server's root: titles in any script, no header encoding.
      const url = new URL(channel.url);
      const topic = url.pathname.split('/').filter(Boolean).pop() ?? '';
      const root = `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/'))}/`;
      const body = {
        topic,
        title: message.title,
        message: message.line,
        tags: ['bell'],
        click: message.url,
        ...(message.poster ? { attach: message.poster } : {}),
      };
      const auth: Record<string, string> = channel.secret
        ? { authorization: `Bearer ${channel.secret}` }
        : {};
      return { url: root, body: JSON.stringify(body), headers: { ...json, ...auth } };
    }
    case 'webhook': {
      const body = JSON.stringify(message.event);
      return {
        url: channel.url,
        body,
        headers: {
          ...json,
          'x-releasebell-event': message.kind,
          'x-releasebell-delivery': message.id,
          'x-releasebell-signature': webhookSignature(channel.secret ?? '', body, sentAt),
        },
      };
    }
  }
}

/** Seconds to wait, from Retry-After or Discord's `retry_after` in the body. */
function retryAfter(headers: Record<string, unknown>, body: string): number | undefined {
  const header = Number(headers['retry-after']);
  if (Number.isFinite(header) && header >= 0) return header;
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number') return Math.ceil(parsed.retry_after);
  } catch {
    // Not JSON: no hint.
  }
  return undefined;
}

/**
 * A short reason from an error answer: the status and the service's own message when it gives one
 * (`message`, `error`, or `error.message`, as Discord, ntfy and most JSON APIs put it), else the first
 * line of a short text answer.
 */
function reasonOf(status: number, body: string): string {
  let said: unknown;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    said =
      typeof parsed.message === 'string'
        ? parsed.message
        : typeof parsed.error === 'string'
          ? parsed.error
          : (parsed.error as { message?: unknown } | null)?.message;
  } catch {
    const line = body.trim().split('\n')[0] ?? '';
    said = line.length > 0 && line.length <= 120 && !line.startsWith('<') ? line : undefined;
  }
  return (typeof said === 'string' && said ? `${status} ${said}` : `HTTP ${status}`).slice(0, 300);
}

/**
 * Posts to a member's channel and judges the answer: 2xx sent; 429 and 5xx (and no answer) worth
 * another try; any other 4xx means the channel is broken (a deleted Discord webhook answers 404), so
 * it is turned off with the reason. Every attempt goes into the channel's log.
 */
export function createChannelPoster(options: {
  memberChannels: MemberChannels;
  allowPrivate: boolean;
  clock: Clock;
}) {
  const { memberChannels, allowPrivate, clock } = options;
  return async function post(channel: MemberChannelRow, message: ChannelMessage): Promise<ChannelOutcome> {
    const request = channelRequest(channel, message, clock());
    let outcome: ChannelOutcome;
    try {
      const answer = await postOutbound(request.url, request.body, request.headers, { allowPrivate });
      const status = answer.status;
      if (status >= 200 && status < 300) outcome = { status: 'sent', httpStatus: status, error: null };
      else if (status === 429 || status >= 500) {
        const wait = status === 429 ? retryAfter(answer.headers, answer.body) : undefined;
        outcome = {
          status: 'retry',
          httpStatus: status,
          error: reasonOf(status, answer.body),
          ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
        };
      } else outcome = { status: 'failed', httpStatus: status, error: reasonOf(status, answer.body) };
    } catch (err) {
      if (err instanceof OutboundError && err.code === 'refused') {
        // Our own sentence: the URL or the address it resolves to is not allowed.
        outcome = { status: 'failed', httpStatus: null, error: err.message };
      } else {
        const { message: error, detail } = plainNetworkError(err);
        outcome = { status: 'retry', httpStatus: null, error, detail };
      }
    }
    const at = clock();
    await memberChannels.recordAttempt(channel.id, {
      kind: message.kind,
      title: message.kind === 'test' ? null : message.title,
      status: outcome.status,
      httpStatus: outcome.httpStatus,
      error: outcome.error,
      at,
    });
    if (outcome.status === 'failed')
      await memberChannels.disableChannel(channel.id, outcome.error ?? 'refused', at);
    return outcome;
  };
}

export type ChannelPoster = ReturnType<typeof createChannelPoster>;

/** A member's Discord, ntfy or webhook channels: each notice is one message to one of them. */
export function createPostedChannel(
  type: ChannelType,
  options: { memberChannels: MemberChannels; post: ChannelPoster; publicUrl: string; clock: Clock },
): Channel {
  const { memberChannels, post, publicUrl, clock } = options;
  const channels = preparedRecipients(memberChannels.channelsById, memberChannels.channel);
  const inOrder = new Map<string, Promise<unknown>>();
  async function sendOne({ recipient, targetId, notices }: OutgoingMessage) {
    const channel = await channels.take(targetId);
    if (!channel || channel.userId !== recipient.userId) {
      throw new DeliveryError('permanent', 'gone', 'the channel was removed');
    }
    if (channel.disabledAt) {
      throw new DeliveryError('permanent', 'channel_off', `the channel is off: ${channel.disabledReason}`);
    }
    const [notice] = notices;
    if (!notice) return { providerMessageId: '' };
    const outcome = await post(channel, channelMessage(notice, publicUrl, clock(), recipient.locale));
    // Turned off by this answer: the claim's other messages to it read it again (and stop).
    if (outcome.status === 'failed') channels.forget(channel.id);
    if (outcome.status === 'sent') return { providerMessageId: `${channel.type}:${outcome.httpStatus}` };
    throw new DeliveryError(
      outcome.status === 'retry' ? 'transient' : 'permanent',
      outcome.httpStatus ? `${channel.type}_${outcome.httpStatus}` : `${channel.type}_unreachable`,
      outcome.error ?? 'failed',
      outcome.retryAfterSeconds,
      outcome.detail,
    );
  }

  return {
    name: type,
    perNotice: true,
    unavailable: () => null,
    prepare: channels.prepare,
    // One message at a time per channel: a receiver sees them in order, and one that turns the
    // channel off stops the rest of the batch.
    send(message) {
      const previous = inOrder.get(message.targetId) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => sendOne(message));
      inOrder.set(message.targetId, run);
      void run
        .finally(() => {
          if (inOrder.get(message.targetId) === run) inOrder.delete(message.targetId);
        })
        .catch(() => {});
      return run;
    },
  };
}

const TEST_MESSAGE = {
  title: /*i18n*/ { id: 'channels.test.title', message: '{product} test' },
  line: /*i18n*/ {
    id: 'channels.test.line',
    message: 'Test notification: release alerts for titles you track will arrive here.',
  },
};

/** The test message a channel's Test button sends, in the language of the member who pressed it. */
export function channelTestMessage(publicUrl: string, sentAt: Date, locale: Locale): ChannelMessage {
  const url = `${publicUrl}/profile`;
  const line = translate(locale, TEST_MESSAGE.line);
  return {
    kind: 'test',
    id: `test-${sentAt.getTime()}`,
    title: translate(locale, TEST_MESSAGE.title, { product: PRODUCT_NAME }),
    line,
    locale,
    url,
    poster: null,
    date: null,
    event: {
      kind: 'test',
      item: null,
      old_date: null,
      new_date: null,
      reminder_days: null,
      message: line,
      locale,
      url,
      sent_at: sentAt.toISOString(),
    },
  };
}
