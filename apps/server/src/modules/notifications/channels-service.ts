import { lookup } from 'node:dns/promises';
import {
  CHANNEL_URL_MESSAGES,
  type ChannelAttempt,
  type ChannelTestResult,
  type ChannelType,
  type CreateChannelBody,
  ERROR_CODES,
  type Locale,
  MAX_CHANNELS,
  MAX_PUSH_DEVICES,
  type MemberChannel,
  type PushSubscriptionBody,
  type Translate,
} from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { MemberChannelRow } from '../../db/schema';
import { type ErrorText, HttpError, joined } from '../../errors';
import { translatorFor } from '../../infra/i18n';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Clock } from '../../lib/clock';
import { isPublicAddress, outboundUrlProblem } from '../../lib/outbound-http';
import { memberFacingError } from './channels/network-error';
import { type ChannelPoster, channelTestMessage } from './channels/posted';
import type { ChannelAttemptRecord, MemberChannels } from './member-channels';

/**
 * Test sends a member may make across all their channels per window: each holds a request to the
 * member's URL for up to 5 s, so the per-address limit alone would let one account hold many.
 */
export const CHANNEL_TEST_LIMIT = 5;
const CHANNEL_TEST_WINDOW_MS = 60_000;

const MESSAGES = {
  channelNotFound: /*i18n*/ { id: 'error.channels.notFound', message: 'Channel not found.' },
  pushOff: /*i18n*/ {
    id: 'error.channels.pushOff',
    message: 'Push notifications are not set up on this server.',
  },
  endpointTaken: /*i18n*/ {
    id: 'error.channels.endpointTaken',
    message: 'This device already gets push notifications for another account.',
  },
  hostNotFound: /*i18n*/ { id: 'error.channels.hostNotFound', message: 'must be a host that can be found' },
  notPublic: /*i18n*/ { id: 'error.channels.notPublic', message: 'must be a public address' },
  secretRequired: /*i18n*/ { id: 'error.channels.secretRequired', message: 'is required to sign a webhook' },
  secretUnused: /*i18n*/ { id: 'error.channels.secretUnused', message: 'is not used by Discord' },
  tooMany: /*i18n*/ {
    id: 'error.channels.tooMany',
    message: 'You can add at most {max} channels.',
    values: { max: MAX_CHANNELS },
  },
  tooManyTests: /*i18n*/ {
    id: 'error.channels.tooManyTests',
    message: 'You sent several channel tests just now. Try again in a minute.',
  },
};

const badField = (field: string, message: ErrorText) =>
  new HttpError(400, ERROR_CODES.validation, joined(`${field}: `, message), [{ field, message }]);
const channelNotFound = () => new HttpError(404, ERROR_CODES.channelNotFound, MESSAGES.channelNotFound);
const pushOff = () => new HttpError(404, ERROR_CODES.pushOff, MESSAGES.pushOff);

const DISCORD_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];
const DISCORD_PATH = /^\/api(\/v\d+)?\/webhooks\/\d{5,25}\/[\w-]{20,200}\/?$/;
const NTFY_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** Why a URL cannot be this kind of channel (for the 400), or null. */
function hookUrlProblem(type: ChannelType, raw: string, allowPrivate: boolean): MessageDescriptor | null {
  const general = outboundUrlProblem(raw, allowPrivate);
  if (general) return type === 'webhook' ? general : CHANNEL_URL_MESSAGES[type];
  const url = new URL(raw);
  if (type === 'discord') {
    // Tests and private installs point Discord at a stand-in; the path must still be a webhook's.
    const host = allowPrivate || DISCORD_HOSTS.includes(url.hostname);
    return host && DISCORD_PATH.test(url.pathname) && !url.search ? null : CHANNEL_URL_MESSAGES.discord;
  }
  if (type === 'ntfy') {
    const topic = url.pathname.split('/').filter(Boolean).pop() ?? '';
    return NTFY_TOPIC.test(topic) && !url.search ? null : CHANNEL_URL_MESSAGES.ntfy;
  }
  return null;
}

/** The URL as the profile shows it: Discord's token, ntfy's topic and any long path part or query value hidden. */
export function maskedTarget(type: ChannelType, raw: string): string {
  const url = new URL(raw);
  const hide = (part: string) => `${part.slice(0, 3)}…`;
  const segments = url.pathname.split('/');
  const last = segments.length - 1;
  const masked = segments.map((segment, i) => {
    if (type === 'discord') return i === last ? '…' : segment;
    if (type === 'ntfy') return i === last ? hide(segment) : segment;
    return segment.length >= 16 ? hide(segment) : segment;
  });
  const query = [...url.searchParams.keys()].map((k) => `${k}=…`).join('&');
  return `${url.origin}${masked.join('/')}${query ? `?${query}` : ''}`;
}

function toMemberChannel(
  t: Translate,
  row: MemberChannelRow,
  last: ChannelAttemptRecord | undefined,
): MemberChannel {
  return {
    id: row.id,
    type: row.type,
    target: maskedTarget(row.type, row.url),
    created_at: row.createdAt.toISOString(),
    disabled: row.disabledAt
      ? { at: row.disabledAt.toISOString(), reason: memberFacingError(t, row.disabledReason) ?? '' }
      : null,
    last_delivery: last
      ? { status: last.status, at: last.at.toISOString(), error: memberFacingError(t, last.error) }
      : null,
  };
}

/** A member's push devices and chat channels over HTTP: subscribe, add, remove, test, the log. */
export function createChannelsService(options: {
  memberChannels: MemberChannels;
  post: ChannelPoster;
  publicUrl: string;
  /** VAPID's public key; null when push is off. */
  pushKey: string | null;
  allowPrivate: boolean;
  clock: Clock;
  /** The shared (database) limiter: channel tests are counted per member across app processes. */
  limiter: RateLimiter;
}) {
  const { memberChannels, post, publicUrl, pushKey, allowPrivate, clock, limiter } = options;

  async function ownChannel(userId: string, id: string) {
    const channel = await memberChannels.channel(id);
    if (!channel || channel.userId !== userId) throw channelNotFound();
    return channel;
  }

  /** Every address the host resolves to must be public (checked again at each send). */
  async function checkResolves(raw: string) {
    if (allowPrivate) return;
    const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
    const addresses = await lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0) throw badField('url', MESSAGES.hostNotFound);
    if (addresses.some((a) => !isPublicAddress(a.address))) throw badField('url', MESSAGES.notPublic);
  }

  return {
    pushKey(): { public_key: string } {
      if (!pushKey) throw pushOff();
      return { public_key: pushKey };
    },

    async subscribe(userId: string, body: PushSubscriptionBody) {
      if (!pushKey) throw pushOff();
      const problem = outboundUrlProblem(body.endpoint, allowPrivate);
      if (problem) throw badField('endpoint', problem);
      const kept = await memberChannels.subscribe(
        userId,
        { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
        clock(),
        MAX_PUSH_DEVICES,
      );
      if (kept === 'taken') {
        throw new HttpError(409, ERROR_CODES.pushEndpointTaken, MESSAGES.endpointTaken);
      }
    },

    unsubscribe: (userId: string, endpoint: string) => memberChannels.unsubscribe(userId, endpoint, clock()),

    async list(userId: string, t: Translate): Promise<{ channels: MemberChannel[] }> {
      const rows = await memberChannels.channelsOf(userId);
      const last = await memberChannels.lastAttempts(rows.map((r) => r.id));
      return { channels: rows.map((r) => toMemberChannel(t, r, last.get(r.id))) };
    },

    async add(userId: string, body: CreateChannelBody, t: Translate): Promise<MemberChannel> {
      const url = body.url.trim();
      const problem = hookUrlProblem(body.type, url, allowPrivate);
      if (problem) throw badField('url', problem);
      if (body.type === 'webhook' && !body.secret) throw badField('secret', MESSAGES.secretRequired);
      if (body.type === 'discord' && body.secret) throw badField('secret', MESSAGES.secretUnused);
      await checkResolves(url);
      const row = await memberChannels.addChannel(
        userId,
        { type: body.type, url, secret: body.secret ?? null },
        clock(),
        MAX_CHANNELS,
      );
      if (!row) {
        throw new HttpError(409, ERROR_CODES.tooManyChannels, MESSAGES.tooMany);
      }
      return toMemberChannel(t, row, undefined);
    },

    async remove(userId: string, id: string) {
      if (!(await memberChannels.removeChannel(userId, id))) throw channelNotFound();
    },

    /**
     * Sends a test message now; a channel that was off and works again is back on. A raw network
     * error goes to `log` (the request's), the member gets a sentence.
     */
    async test(
      userId: string,
      id: string,
      log: FastifyBaseLogger,
      locale: Locale,
    ): Promise<ChannelTestResult> {
      const channel = await ownChannel(userId, id);
      const { count, resetsAt } = await limiter.hitWindow(`channel-test:${userId}`, CHANNEL_TEST_WINDOW_MS);
      if (count > CHANNEL_TEST_LIMIT) {
        const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - clock().getTime()) / 1000));
        throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyTests, undefined, {
          'retry-after': String(seconds),
        });
      }
      const outcome = await post(
        { ...channel, disabledAt: null },
        channelTestMessage(publicUrl, clock(), locale),
      );
      if (outcome.detail) {
        log.info(
          { channel: channel.id, type: channel.type, detail: outcome.detail },
          'channel test got no answer',
        );
      }
      if (outcome.status === 'sent' && channel.disabledAt) await memberChannels.enableChannel(channel.id);
      return {
        status: outcome.status,
        http_status: outcome.httpStatus,
        error: memberFacingError(translatorFor(locale), outcome.error),
      };
    },

    async attempts(userId: string, id: string, t: Translate): Promise<{ deliveries: ChannelAttempt[] }> {
      await ownChannel(userId, id);
      const rows = await memberChannels.attempts(id);
      return {
        deliveries: rows.map((r) => ({
          kind: r.kind as ChannelAttempt['kind'],
          title: r.title,
          status: r.status,
          http_status: r.httpStatus,
          error: memberFacingError(t, r.error),
          at: r.at.toISOString(),
        })),
      };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
