import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Login-free links that pause a member's release emails (RFC 8058 one-click and the page they open).
 * The token names the member and is signed with a key of its own derived from AUTH_SECRET; it does
 * not expire, as mail providers may press it long after the mail went out.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('releasebell unsubscribe links v1').digest();
  const mac = (userId: string) => createHmac('sha256', key).update(userId).digest('base64url').slice(0, 32);
  return {
    issue(userId: string): string {
      return `${Buffer.from(userId).toString('base64url')}.${mac(userId)}`;
    },
    /** The member the token names, or null when it is not one we signed. */
    verify(token: string): string | null {
      const [encoded, signature] = token.split('.');
      if (!encoded || !signature || token.split('.').length !== 2) return null;
      const userId = Buffer.from(encoded, 'base64url').toString('utf8');
      const expected = Buffer.from(mac(userId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
