import path from 'node:path';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/clock';
import type { RateLimiter } from '../../auth';
import { smsUnavailable } from '../eligibility';
import { localToday, smsAllowedAt } from '../local-time';
import type { Channel, Notice } from './channel';
import { DeliveryError } from './delivery-error';
import { noticeLine } from './notice-line';
import { writeSmsToOutbox } from './sms-outbox';
import { fitSms } from './sms-text';
import { sendTwilioSms, type TwilioSettings } from './twilio';

/** Texts one member may be sent per day, whatever they are (codes, tests, release texts). */
const SMS_PER_MEMBER_PER_DAY = 10;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SmsSenderOptions {
  /** Twilio's Messages API; null writes each text under `outboxDir` and logs the file's name. */
  twilio: TwilioSettings | null;
  outboxDir: string;
  limiter: RateLimiter;
  /** Texts across the install per hour (SMS_MAX_PER_HOUR). */
  maxPerHour: number;
  /** Why a number may not get texts (not a mobile, or a country texts do not go to), or null. */
  textable: (to: string) => string | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Sends one text to a member; every text of the app goes through it, so its caps bound the cost. */
export interface SmsSender {
  /**
   * Throws a DeliveryError: `deferred` (with the seconds to wait) past a cap, `transient` or
   * `permanent` from Twilio.
   */
  send(userId: string, to: string, body: string): Promise<{ providerMessageId: string }>;
}

/**
 * Texts through Twilio (or the local outbox) under two caps that hold across app processes: at most
 * SMS_PER_MEMBER_PER_DAY per member and `maxPerHour` across the install. Past one, the text waits for
 * the cap's next window; the first text held in a window logs a warning.
 */
export function createSmsSender(options: SmsSenderOptions): SmsSender {
  const { twilio, outboxDir, limiter, maxPerHour, clock, log } = options;
  const wait = (resetsAt: Date, why: string) =>
    new DeliveryError(
      'deferred',
      'sms_cap',
      why,
      Math.max(1, Math.ceil((resetsAt.getTime() - clock().getTime()) / 1000)),
    );

  return {
    async send(userId, to, body) {
      const refused = options.textable(to);
      if (refused) throw new DeliveryError('permanent', 'number_not_allowed', refused);
      const memberKey = `sms-member:${userId}`;
      const member = await limiter.hitWindow(memberKey, DAY_MS);
      if (member.count > SMS_PER_MEMBER_PER_DAY) {
        if (member.count === SMS_PER_MEMBER_PER_DAY + 1) {
          log.warn(
            { member: userId, until: member.resetsAt },
            'a member reached the daily text cap: texts wait',
          );
        }
        throw wait(member.resetsAt, `at most ${SMS_PER_MEMBER_PER_DAY} texts a day per member`);
      }
      const install = await limiter.hitWindow('sms-install', HOUR_MS);
      if (install.count > maxPerHour) {
        await limiter.release(memberKey);
        if (install.count === maxPerHour + 1) {
          log.warn({ until: install.resetsAt }, 'SMS_MAX_PER_HOUR reached: texts wait for the next hour');
        }
        throw wait(install.resetsAt, `at most ${maxPerHour} texts an hour (SMS_MAX_PER_HOUR)`);
      }
      if (twilio) {
        const { sid } = await sendTwilioSms(twilio, { to, body });
        return { providerMessageId: sid };
      }
      const { id, file } = await writeSmsToOutbox(outboxDir, { to, body });
      // The file's name only: the number and the text (a code, say) stay out of the log.
      log.info({ file }, 'text written to the local SMS outbox');
      return { providerMessageId: id };
    },
  };
}

export interface SmsChannelOptions {
  sender: SmsSender;
  publicUrl: string;
  clock: Clock;
}

/** The short link a text carries: the title's id, which `/s/{code}` redirects to the title's page. */
function shortLinkCode(itemId: string): string {
  return Buffer.from(itemId.replace(/-/g, ''), 'hex').toString('base64url');
}

/** What happened, in a text's few words, with how many more the text stands for. */
function smsText(notices: Notice[], today?: string): string {
  const [lead] = notices;
  if (!lead) return PRODUCT_NAME;
  const more = notices.length > 1 ? ` (+${notices.length - 1} more)` : '';
  return `${PRODUCT_NAME}: ${noticeLine(lead, today)}${more}`;
}

/** Texts: one per batch, a single 160-character GSM-7 segment with a short link; STOP is Twilio's. */
export function createSmsChannel({ sender, publicUrl, clock }: SmsChannelOptions): Channel {
  return {
    name: 'sms',
    unavailable: smsUnavailable,
    async send({ recipient, notices }) {
      const lead = notices[0];
      const link = lead ? `${publicUrl}/s/${shortLinkCode(lead.item.id)}` : `${publicUrl}/`;
      const text = smsText(notices, localToday(clock(), recipient.timeZone));
      try {
        return await sender.send(recipient.userId, recipient.phoneNumber ?? '', fitSms({ text, link }));
      } catch (err) {
        if (!(err instanceof DeliveryError) || err.kind !== 'deferred') throw err;
        // Held by a cap: it goes when the cap allows and the member's quiet hours are over.
        const now = clock().getTime();
        const capEnds = new Date(now + (err.retryAfterSeconds ?? 0) * 1000);
        const at = smsAllowedAt(capEnds, recipient.timeZone).getTime();
        throw new DeliveryError('deferred', err.code, err.message, Math.ceil((at - now) / 1000));
      }
    },
    test: {
      as: 'mobile',
      async send(recipient) {
        const body = `${PRODUCT_NAME}: test text. Release alerts for titles you track come here. Reply STOP to stop.`;
        await sender.send(
          recipient.userId,
          recipient.phoneNumber ?? '',
          fitSms({ text: body, link: `${publicUrl}/profile` }),
        );
        return true;
      },
    },
  };
}

export const smsOutboxDir = (dataDir: string) => path.join(dataDir, 'sms-outbox');
