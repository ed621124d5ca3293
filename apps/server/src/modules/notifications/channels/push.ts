import type { Agent } from 'node:https';
import {
  itemPath,
  type Locale,
  MAX_PUSH_DEVICES,
  PRODUCT_NAME,
  type PushPayload,
} from '@releasebell/contract';
import webpush, { WebPushError } from 'web-push';
import { DeliveryError } from '../../../infra/delivery-error';
import { translate } from '../../../infra/i18n';
import type { VapidKeys } from '../../../infra/secrets';
import type { Clock } from '../../../lib/clock';
import { shortHash } from '../../../lib/short-hash';
import { pushUnavailable } from '../eligibility';
import { localToday } from '../local-time';
import type { MemberChannels } from '../member-channels';
import { type Channel, type Notice, preparedRecipients } from './channel';
import { plainNetworkError } from './network-error';
import { noticeLine } from './notice-line';

export interface PushChannelOptions {
  memberChannels: MemberChannels;
  vapid: VapidKeys & { subject: string };
  clock: Clock;
  /** The TLS agent for push services (tests trust their local one with it). */
  agent?: Agent;
}

/** A push older than this is not worth showing: the lock screen would tell yesterday's news. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;
/** Pushes a test sends at once: a member's devices may all be at one push service. */
const TEST_CONCURRENCY = 4;

/** Runs `task` on each item, at most `limit` at a time, settling each as Promise.allSettled does. */
async function settleAtMost<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        results[i] = { status: 'fulfilled', value: await task(items[i] as T) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const DIGEST_TITLE = /*i18n*/ {
  id: 'push.digestTitle',
  message: '{product}: {count, plural, one {# update} other {# updates}}',
};
const TEST_BODY = /*i18n*/ {
  id: 'push.testBody',
  message: 'Test notification: release alerts for titles you track come here.',
};

/** What the service worker shows for a batch: one title's news, or a digest of several. */
export function pushPayload(notices: Notice[], locale: Locale, today?: string): PushPayload {
  const [lead] = notices;
  if (!lead) return { title: PRODUCT_NAME, body: '', url: '/', tag: 'releasebell' };
  if (notices.length === 1) {
    const { delivery, item } = lead;
    return {
      title: item.title,
      body: noticeLine(lead, locale, today),
      url: itemPath({ media_type: item.mediaType, slug: item.slug }),
      // A newer message about the same title and kind replaces the older one on the lock screen.
      tag: `${item.id}:${delivery.kind}`,
    };
  }
  return {
    title: translate(locale, DIGEST_TITLE, { product: PRODUCT_NAME, count: notices.length }),
    body: notices.map((n) => noticeLine(n, locale, today)).join('\n'),
    url: '/watchlist',
    tag: 'digest',
  };
}

/**
 * The push service's verdict: the subscription is gone (404, 410), try later (429 with Retry-After,
 * 5xx, no answer), or the message itself is refused (other 4xx).
 */
function pushDeliveryError(err: unknown): DeliveryError {
  if (err instanceof WebPushError) {
    const status = err.statusCode;
    const reason = `${status} ${err.body || err.message}`.slice(0, 300);
    if (status === 404 || status === 410) return new DeliveryError('permanent', 'gone', reason);
    if (status === 429 || status >= 500) {
      const retryAfter = Number(err.headers?.['retry-after']);
      return new DeliveryError(
        'transient',
        `push_${status}`,
        reason,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return new DeliveryError('permanent', `push_${status}`, reason);
  }
  // No answer at all: the member sees a sentence, the log gets the errno and address.
  const code = (err as { code?: unknown } | null)?.code;
  const { detail } = plainNetworkError(err);
  return new DeliveryError(
    'transient',
    typeof code === 'string' ? code.toLowerCase() : 'push_error',
    'the push service could not be reached',
    undefined,
    detail,
  );
}

/**
 * Web push (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292): one delivery per device.
 * A device the push service says is gone is forgotten.
 */
export function createPushChannel({ memberChannels, vapid, clock, agent }: PushChannelOptions): Channel {
  const devices = preparedRecipients(memberChannels.subscriptionsById, memberChannels.subscription);
  const push = async (
    sub: { id: string; endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
  ): Promise<string> => {
    try {
      const answer = await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          TTL: TTL_SECONDS,
          urgency: 'normal',
          // The push service keeps only the latest undelivered message of a topic (at most 32 characters).
          topic: shortHash(payload.tag, 32),
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          timeout: TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
      return String(answer.headers.location ?? '');
    } catch (err) {
      const error = pushDeliveryError(err);
      if (error.code === 'gone') {
        devices.forget(sub.id);
        await memberChannels.dropSubscription(sub.id);
      }
      throw error;
    }
  };
  return {
    name: 'push',
    unavailable: pushUnavailable,
    prepare: devices.prepare,
    async send({ recipient, targetId, notices }) {
      const sub = await devices.take(targetId);
      if (!sub || sub.userId !== recipient.userId) {
        throw new DeliveryError('permanent', 'gone', 'the device unsubscribed');
      }
      const providerMessageId = await push(
        sub,
        pushPayload(notices, recipient.locale, localToday(clock(), recipient.timeZone)),
      );
      return { providerMessageId };
    },
    test: {
      as: 'push',
      async send(recipient) {
        const devices = await memberChannels.subscriptionsOf(recipient.userId, MAX_PUSH_DEVICES);
        // Push on with no device left (the last one was gone at its push service): nothing is sent.
        if (devices.length === 0) return false;
        const payload: PushPayload = {
          title: PRODUCT_NAME,
          body: translate(recipient.locale, TEST_BODY),
          url: '/profile',
          tag: 'test',
        };
        const results = await settleAtMost(devices, TEST_CONCURRENCY, (d) => push(d, payload));
        // A device that is gone is forgotten, as if it had not been there; the test fails only if no
        // device got it and one that is still there refused it.
        const delivered = results.filter((r) => r.status === 'fulfilled').length;
        const failure = results.find(
          (r): r is PromiseRejectedResult =>
            r.status === 'rejected' && !(r.reason instanceof DeliveryError && r.reason.code === 'gone'),
        );
        if (delivered === 0 && failure) throw failure.reason;
        return delivered > 0;
      },
    },
  };
}
