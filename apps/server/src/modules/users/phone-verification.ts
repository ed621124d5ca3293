import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  type Locale,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_MINUTES,
  PHONE_CODES_PER_MEMBER_HOUR,
  PHONE_CODES_PER_NUMBER_DAY,
  PHONE_MESSAGES,
  type PhoneCodeSent,
  PRODUCT_NAME,
} from '@releasebell/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type ErrorText, HttpError } from '../../errors';
import { DeliveryError } from '../../infra/delivery-error';
import { translate } from '../../infra/i18n';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { PhoneRules } from '../../infra/texts/phone-rules';
import type { SmsSender } from '../../infra/texts/sms-sender';
import type { Clock } from '../../lib/clock';
import type { UsersRepository } from './repository';
import { profileNotFound } from './service';

const HOUR_MS = 3_600_000;

const MESSAGES = {
  notTexted: /*i18n*/ {
    id: 'error.phone.notTexted',
    message: 'We could not text this number ({reason}). Check it and try again.',
  },
  notSent: /*i18n*/ {
    id: 'error.phone.notSent',
    message: 'The code could not be sent. Try again in a moment.',
  },
};

const notVerifiable = (message: ErrorText) =>
  new HttpError(400, ERROR_CODES.phoneNotVerifiable, message, [{ field: 'phone_number', message }]);
const invalidCode = (message: ErrorText) =>
  new HttpError(400, ERROR_CODES.invalidCode, message, [{ field: 'code', message }]);

export interface PhoneVerificationOptions {
  repo: UsersRepository;
  limiter: RateLimiter;
  sms: SmsSender;
  rules: PhoneRules;
  /** Keys the stored codes' hashes (a leaked table does not give the codes away). */
  secret: string;
  /** Its host goes in the text's last line, so a phone can offer the code to this site (WebOTP). */
  publicUrl: string;
  clock: Clock;
}

/** The text with the code: the code first (lock screens show the start). */
const CODE_TEXT = /*i18n*/ {
  id: 'phone.codeText',
  message:
    '{code} is your {product} code. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
};

/** The code's text in the member's language, the WebOTP line last (its format is the browsers'). */
function codeText(code: string, publicUrl: string, locale: Locale): string {
  const text = translate(locale, CODE_TEXT, { code, product: PRODUCT_NAME, minutes: PHONE_CODE_MINUTES });
  return `${text}\n\n@${new URL(publicUrl).host} #${code}`;
}

/**
 * Proving the profile's mobile number is the member's before any text goes to it: a 6-digit code
 * texted to it (limited per member and per number, under the texts' own caps), checked in a few tries.
 */
export function createPhoneVerification(options: PhoneVerificationOptions) {
  const { repo, limiter, sms, rules, clock } = options;
  const hashOf = (userId: string, phoneNumber: string, code: string) =>
    createHmac('sha256', options.secret).update(`${userId}\n${phoneNumber}\n${code}`).digest('base64url');

  return {
    async sendCode(userId: string): Promise<PhoneCodeSent> {
      const profile = await repo.findProfile(userId);
      if (!profile) throw profileNotFound();
      if (!profile.phoneNumber) throw notVerifiable(PHONE_MESSAGES.noNumber);
      if (profile.phoneVerifiedAt) throw notVerifiable(PHONE_MESSAGES.alreadyVerified);
      // Saved under other rules (SMS_COUNTRIES changed since): the number must still be textable.
      const phoneNumber = rules.toE164(profile.phoneNumber) ?? profile.phoneNumber;
      const tooMany = () => new HttpError(429, ERROR_CODES.rateLimited, PHONE_MESSAGES.tooManyCodes);
      if ((await limiter.hit(`phone-code-member:${userId}`, HOUR_MS)) > PHONE_CODES_PER_MEMBER_HOUR) {
        throw tooMany();
      }
      if (
        (await limiter.hit(`phone-code-number:${phoneNumber}`, 24 * HOUR_MS)) > PHONE_CODES_PER_NUMBER_DAY
      ) {
        throw tooMany();
      }
      const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
      const now = clock();
      const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
      await repo.savePhoneCode(
        { userId, phoneNumber, codeHash: hashOf(userId, phoneNumber, code), expiresAt },
        now,
      );
      try {
        await sms.send(userId, phoneNumber, codeText(code, options.publicUrl, profile.locale));
      } catch (err) {
        await repo.deletePhoneCode(userId);
        if (err instanceof DeliveryError && err.kind === 'deferred') {
          throw new HttpError(429, ERROR_CODES.rateLimited, PHONE_MESSAGES.tooManyCodes);
        }
        if (err instanceof DeliveryError && err.kind === 'permanent') {
          throw notVerifiable({ ...MESSAGES.notTexted, values: { reason: err.message } });
        }
        throw new HttpError(502, ERROR_CODES.upstreamError, MESSAGES.notSent);
      }
      return {
        phone_number_display: parsePhoneNumberFromString(phoneNumber)?.formatInternational() ?? phoneNumber,
        expires_at: expiresAt.toISOString(),
      };
    },

    async confirm(userId: string, code: string): Promise<{ phone_verified: true }> {
      const pending = await repo.findPhoneCode(userId);
      const profile = await repo.findProfile(userId);
      if (!profile) throw profileNotFound();
      if (
        !pending ||
        pending.expiresAt <= clock() ||
        pending.tries >= PHONE_CODE_MAX_TRIES ||
        pending.phoneNumber !== profile.phoneNumber
      ) {
        throw invalidCode(PHONE_MESSAGES.noCode);
      }
      const given = Buffer.from(hashOf(userId, pending.phoneNumber, code));
      const expected = Buffer.from(pending.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        const stillWorks = await repo.failPhoneCode(userId, PHONE_CODE_MAX_TRIES);
        throw invalidCode(stillWorks ? PHONE_MESSAGES.wrongCode : PHONE_MESSAGES.noCode);
      }
      if (!(await repo.confirmPhoneCode(userId, pending.phoneNumber, clock()))) {
        throw invalidCode(PHONE_MESSAGES.noCode);
      }
      return { phone_verified: true };
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
