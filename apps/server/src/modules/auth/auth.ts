import { DEFAULT_LOCALE, type Locale, PRODUCT_NAME } from '@releasebell/contract/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { Mailer } from '../../infra/mail/mailer';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { PasswordHasher } from './password-hash';
import { renderResetPasswordEmail } from './reset-password-email';

/** The header our Fastify bridge puts the client address in (any incoming one is replaced). */
export const CLIENT_IP_HEADER = 'x-releasebell-client-ip';
const RESET_TOKEN_MINUTES = 60;
/** Reset emails one address gets per hour, whoever asks: more would be mail-bombing it. */
const RESET_MAILS_PER_HOUR = 3;
export const AUTH_BASE_PATH = '/api/auth';

/** What better-auth warns of when a sign-in or reset is refused: answered to the member, not logged. */
const MEMBER_MISTAKES = new Set([
  'User not found',
  'Password not found',
  'Invalid password',
  'Reset Password: User not found',
]);

/** PostgreSQL's unique_violation anywhere in an error's causes. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface AuthOptions {
  config: Config;
  db: Database;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The member's language, for the mails sent before they are signed in (the reset). */
  localeOf: (userId: string) => Promise<Locale | null>;
}

export function createAuth({ config, db, secret, mailer, log, hasher, limiter, localeOf }: AuthOptions) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // The bridge only forwards requests whose origin passed the same-origin rule, and addresses them
    // to that origin (plugins/same-origin.ts), so the request's own origin is the trusted one.
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Our Fastify bridge limits per address and per account in the shared database (see routes.ts).
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hasher.hash, verify: hasher.verify },
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword({ user, token }) {
        // The link opens our own page, which asks for the new password and signs the user in.
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must not wait for the mail (or the cap), or its timing tells known
        // addresses from unknown ones. A failure is logged; the member can ask again.
        void (async () => {
          if ((await limiter.hit(`reset-mail:${user.id}`, 3_600_000)) > RESET_MAILS_PER_HOUR) {
            log.warn({ user: user.id }, 'reset email not sent: this address had its emails for the hour');
            return;
          }
          const locale = (await localeOf(user.id)) ?? DEFAULT_LOCALE;
          const mail = await renderResetPasswordEmail({ url, expiresInMinutes: RESET_TOKEN_MINUTES, locale });
          await mailer.send({ to: user.email, ...mail });
        })().catch((err) => log.error({ err }, 'password reset mail failed'));
        return Promise.resolve();
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    advanced: {
      cookiePrefix: 'releasebell',
      useSecureCookies: config.https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // A Google return it cannot use (forged or stale state) lands on the home page with the failure
    // toast, not on better-auth's own error page, which the bridge does not serve.
    onAPIError: { errorURL: `${config.publicUrl}/?auth_error=google` },
    // Into the app's own log (with its level and redaction), not straight to the console.
    logger: {
      log: (level, message, ...args) => {
        const target = log.child({ component: 'auth' });
        // Its details (often an Error) come as extra arguments.
        const err = args.find((a) => a instanceof Error);
        const context = err ? { err } : args.length > 0 ? { details: args } : {};
        // A member's own mistake (a wrong password, a lost race for an address: answered 401 or
        // 422) is no operator's warning, and the failed query's text names the address.
        if (MEMBER_MISTAKES.has(message) || (err && isUniqueViolation(err))) {
          target.debug(message);
          return;
        }
        if (level === 'error') target.error(context, message);
        else if (level === 'warn') target.warn(context, message);
        else if (level === 'info') target.info(context, message);
        else target.debug(context, message);
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                // PKCE and state always; the nonce is bound to the ID token verified against the JWKS.
                pkce: true,
                requireIdTokenVerification: true,
                scopes: ['openid', 'email', 'profile'],
                prompt: 'select_account',
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
