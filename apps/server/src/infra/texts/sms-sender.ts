import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { DeliveryError } from '../delivery-error';
import type { RateLimiter } from '../rate-limiter';
import { writeSmsToOutbox } from './sms-outbox';
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

export const smsOutboxDir = (dataDir: string) => path.join(dataDir, 'sms-outbox');
