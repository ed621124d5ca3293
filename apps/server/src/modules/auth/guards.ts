import { AUTH_MESSAGES, ERROR_CODES, PASSWORD_MESSAGES, passwordSchema } from '@releasebell/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { HttpError, schemaErrorText } from '../../errors';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { DeviceCookies } from './device-cookie';

const WINDOW_ADDRESS_MS = 10 * 60 * 1000;
const WINDOW_ACCOUNT_ADDRESS_MS = 15 * 60 * 1000;
const WINDOW_ACCOUNT_MS = 60 * 60 * 1000;

const tooManyAttempts = () => new HttpError(429, ERROR_CODES.rateLimited, AUTH_MESSAGES.tooManyAttempts);

/** A password try that has been counted; tell it how the check went. */
interface SignInAttempt {
  /** The password was right: the counts are taken back; returns the device cookie to set. */
  succeeded(): Promise<string>;
}

export interface AuthGuards {
  /** Every credential endpoint: so many requests per client address per 10 minutes. */
  limitAddress(req: FastifyRequest): Promise<void>;
  /** A password being chosen (sign-up, reset) follows the spec's rules, with its messages. */
  checkNewPassword(value: string, field: string): void;
  /**
   * Counts a password try before it is checked, so parallel tries cannot slip past the limits:
   * per account and address (15 min) and per account across all addresses (1 hour), or, for a
   * browser holding this account's device cookie, per that cookie only.
   */
  beginSignIn(req: FastifyRequest, email: string): Promise<SignInAttempt>;
  /** The device cookie for an account whose owner just proved the password (sign-up, reset). */
  deviceCookieFor(email: string): string;
}

interface GuardOptions {
  config: Config;
  limiter: RateLimiter;
  devices: DeviceCookies;
}

export function createAuthGuards({ config, limiter, devices }: GuardOptions): AuthGuards {
  return {
    async limitAddress(req) {
      const hits = await limiter.hit(`auth-ip:${req.ip}`, WINDOW_ADDRESS_MS);
      if (hits > config.authRateLimitPerIp) {
        req.log.warn({ ip: req.ip, url: req.url }, 'auth rate limit reached for address');
        throw new HttpError(429, ERROR_CODES.rateLimited, AUTH_MESSAGES.tooManyRequests);
      }
    },

    checkNewPassword(value, field) {
      const result = passwordSchema.safeParse(value);
      if (!result.success) {
        const reported = result.error.issues[0]?.message;
        const message = reported ? schemaErrorText(reported) : PASSWORD_MESSAGES.tooShort;
        throw new HttpError(400, ERROR_CODES.validation, message, [{ field, message }]);
      }
    },

    async beginSignIn(req, email) {
      const device = devices.read(req.headers.cookie, email);
      if (device) {
        const key = `auth-fail-device:${device}`;
        if ((await limiter.hit(key, WINDOW_ACCOUNT_ADDRESS_MS)) > config.authMaxFailedSignins) {
          req.log.warn({ ip: req.ip }, 'failed sign-ins limit reached for a device cookie');
          throw tooManyAttempts();
        }
        return {
          succeeded: async () => {
            await limiter.reset(key);
            return devices.issue(email);
          },
        };
      }

      const addressKey = `auth-fail:${email}:${req.ip}`;
      if ((await limiter.hit(addressKey, WINDOW_ACCOUNT_ADDRESS_MS)) > config.authMaxFailedSignins) {
        req.log.warn({ ip: req.ip }, 'failed sign-ins limit reached for an account from this address');
        throw tooManyAttempts();
      }
      const accountKey = `auth-fail-account:${email}`;
      if ((await limiter.hit(accountKey, WINDOW_ACCOUNT_MS)) > config.authMaxFailedSigninsPerAccount) {
        // The account is being guessed at from many addresses: only browsers it trusts get in now.
        req.log.warn({ ip: req.ip }, 'failed sign-ins limit reached for an account across addresses');
        throw tooManyAttempts();
      }
      return {
        succeeded: async () => {
          await Promise.all([limiter.reset(addressKey), limiter.release(accountKey)]);
          return devices.issue(email);
        },
      };
    },

    deviceCookieFor: (email) => devices.issue(email),
  };
}
