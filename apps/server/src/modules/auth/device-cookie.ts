import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * once signed in to an account with its password gets a signed cookie naming that account. When the
 * account is under attack from elsewhere and its sign-in is closed, such a browser still gets in, so
 * an attacker can never lock the owner out. Its failures are counted per cookie instead.
 */

const COOKIE_PREFIX = 'releasebell.device.';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Only the password sign-in reads it. */
const COOKIE_PATH = '/api/auth/sign-in/email';

export interface DeviceCookies {
  /** The cookie's id when the request carries a valid device cookie for this account, else null. */
  read(cookieHeader: string | undefined, email: string): string | null;
  /** A Set-Cookie value that marks this browser as trusted for this account. */
  issue(email: string): string;
}

export function createDeviceCookies(secret: string, secure: boolean): DeviceCookies {
  // A key of its own, so a device cookie's signature can never stand in for anything else.
  const key = createHmac('sha256', secret).update('releasebell device cookies v1').digest();
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  // One cookie per account, named so that the name does not give the email away.
  const nameFor = (email: string) => `${COOKIE_PREFIX}${mac(`name:${email}`).slice(0, 16)}`;

  return {
    read(cookieHeader, email) {
      if (!cookieHeader) return null;
      const name = nameFor(email);
      for (const part of cookieHeader.split(';')) {
        const [rawName, ...rest] = part.trim().split('=');
        if (rawName !== name) continue;
        const [nonce, signature] = rest.join('=').split('.');
        if (!nonce || !signature) return null;
        const expected = Buffer.from(mac(`${email}.${nonce}`));
        const given = Buffer.from(signature);
        return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
      }
      return null;
    },
    issue(email) {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${mac(`${email}.${nonce}`)}`;
      return [
        `${nameFor(email)}=${value}`,
        `Max-Age=${MAX_AGE_SECONDS}`,
        `Path=${COOKIE_PATH}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
