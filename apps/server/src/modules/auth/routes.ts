import { ERROR_CODES, passwordSchema, resetPasswordBodySchema, sessionSchema } from '@releasebell/contract';
import { PASSWORD_MESSAGES } from '@releasebell/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { errorBody, HttpError } from '../../errors';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import type { RateLimiter } from './rate-limiter';

const WINDOW_IP_MS = 10 * 60 * 1000;
const WINDOW_ACCOUNT_MS = 15 * 60 * 1000;
/** The identity service's paths that are limited per client address. */
const LIMITED_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/sign-in/social',
]);

export const MESSAGES = {
  userNotFound: 'No user found with this email. Please sign up.',
  wrongPassword: 'Incorrect password. Please try again.',
  emailInUse: 'This email is already in use. Please sign in instead.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  tooManyRequests: 'Too many requests. Try again in a few minutes.',
  invalidToken: 'This reset link has expired or was already used. Ask for a new one.',
} as const;

interface BridgeOptions {
  auth: Auth;
  config: Config;
  limiter: RateLimiter;
}

function emailOf(body: Buffer | undefined): string | null {
  if (!body || body.length === 0) return null;
  try {
    const value = (JSON.parse(body.toString('utf8')) as { email?: unknown }).email;
    return typeof value === 'string' ? value.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

function passwordOf(body: Buffer | undefined, field: string): unknown {
  try {
    return (JSON.parse(body?.toString('utf8') ?? '{}') as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

/** The spec's password rules on the server too; better-auth itself only knows a minimum length. */
function checkPassword(value: unknown, field: string) {
  const result = passwordSchema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? PASSWORD_MESSAGES.tooShort;
    throw new HttpError(400, ERROR_CODES.validation, message, [{ field, message }]);
  }
}

/** Builds a Fetch Request for better-auth from Fastify's request, with the client address it should record. */
function toFetchRequest(req: FastifyRequest, config: Config, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body && body.length > 0;
  return new Request(new URL(req.url, config.publicUrl), {
    method: req.method,
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/** Copies a Fetch Response onto Fastify's reply, every Set-Cookie included. */
async function sendResponse(
  reply: FastifyReply,
  response: Response,
  override?: { status: number; body: unknown },
) {
  reply.status(override?.status ?? response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (override) return reply.type('application/json; charset=utf-8').send(override.body);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : undefined);
}

/** better-auth answers errors as `{ code, message }`; the product answers them in its one shape. */
function rewriteError(path: string, status: number, body: { code?: string; message?: string } | null) {
  const code = body?.code ?? 'AUTH_ERROR';
  if (code.startsWith('USER_ALREADY_EXISTS')) {
    return { status: 422, body: errorBody('EMAIL_IN_USE', MESSAGES.emailInUse) };
  }
  if (code === 'INVALID_EMAIL' || code === 'VALIDATION_ERROR') {
    return { status: 400, body: errorBody(ERROR_CODES.validation, body?.message ?? 'Invalid request.') };
  }
  if (path === '/reset-password' && code === 'INVALID_TOKEN') {
    return { status: 400, body: errorBody('INVALID_TOKEN', MESSAGES.invalidToken) };
  }
  return { status, body: errorBody(code, body?.message ?? 'The request could not be completed.') };
}

/**
 * better-auth under /api/auth/*, bridged through Fastify so that our limits run first: per client
 * address on every credential endpoint, and per account and address on failed sign-ins (an attacker
 * locked out does not lock the owner out from another address). Limits live in the shared database.
 */
export const authRoutes: FastifyPluginAsyncZod<BridgeOptions> = async (app, { auth, config, limiter }) => {
  // The body goes to better-auth untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const limitAddress = async (req: FastifyRequest, path: string) => {
    const hits = await limiter.hit(`auth-ip:${req.ip}`, WINDOW_IP_MS);
    if (hits > config.authRateLimitPerIp) {
      req.log.warn({ ip: req.ip, path }, 'auth rate limit reached for address');
      throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests);
    }
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const path = req.url.slice('/api/auth'.length).split('?')[0] ?? '';
      const body = req.body as Buffer | undefined;
      if (req.method === 'POST' && LIMITED_PATHS.has(path)) await limitAddress(req, path);
      if (path === '/sign-up/email') checkPassword(passwordOf(body, 'password'), 'password');
      if (path === '/reset-password') checkPassword(passwordOf(body, 'newPassword'), 'newPassword');

      const email = path === '/sign-in/email' ? emailOf(body) : null;
      const accountKey = email ? `auth-fail:${email}:${req.ip}` : null;
      if (accountKey && (await limiter.count(accountKey, WINDOW_ACCOUNT_MS)) >= config.authMaxFailedSignins) {
        req.log.warn({ ip: req.ip }, 'failed sign-ins limit reached for an account from this address');
        throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyAttempts);
      }

      const response = await auth.handler(toFetchRequest(req, config, body));

      if (accountKey && email) {
        if (response.status === 401) {
          await limiter.hit(accountKey, WINDOW_ACCOUNT_MS);
          const ctx = await auth.$context;
          const known = await ctx.internalAdapter.findUserByEmail(email);
          return sendResponse(reply, response, {
            status: 401,
            body: known
              ? errorBody('INVALID_PASSWORD', MESSAGES.wrongPassword)
              : errorBody('USER_NOT_FOUND', MESSAGES.userNotFound),
          });
        }
        if (response.ok) await limiter.reset(accountKey);
      }
      // better-auth puts the session token in the JSON too; the browser must only ever hold it in the
      // HttpOnly cookie, so credential answers carry just the user.
      if (response.ok && (path === '/sign-in/email' || path === '/sign-up/email')) {
        const data = (await response.clone().json()) as {
          user: { id: string; email: string; name: string; image?: string | null };
        };
        const { id, email: userEmail, name, image } = data.user;
        return sendResponse(reply, response, {
          status: response.status,
          body: { user: { id, email: userEmail, name, image: image ?? null } },
        });
      }
      if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
        const parsed = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: string; message?: string } | null;
        return sendResponse(reply, response, rewriteError(path, response.status, parsed));
      }
      return sendResponse(reply, response);
    },
  });
};

/** The product's own session and account endpoints, beside the identity service. */
export const accountRoutes: FastifyPluginAsyncZod<BridgeOptions> = async (app, { auth, config, limiter }) => {
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, or null',
        response: { 200: sessionSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await req.sessionUser();
      return {
        user: user ? { id: user.id, email: user.email, name: user.name, image: user.image ?? null } : null,
      };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with the emailed token; signs the user in',
        body: resetPasswordBodySchema,
      },
    },
    async (req, reply) => {
      const hits = await limiter.hit(`auth-ip:${req.ip}`, WINDOW_IP_MS);
      if (hits > config.authRateLimitPerIp) {
        throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests);
      }
      const { token, newPassword } = req.body;
      const ctx = await auth.$context;
      const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const user =
        verification && verification.expiresAt > new Date()
          ? await ctx.internalAdapter.findUserById(verification.value)
          : null;
      if (!user) throw new HttpError(400, 'INVALID_TOKEN', MESSAGES.invalidToken);
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch {
        // Used a moment ago by another request: the token works once.
        throw new HttpError(400, 'INVALID_TOKEN', MESSAGES.invalidToken);
      }
      const headers = new Headers({ [CLIENT_IP_HEADER]: req.ip });
      if (req.headers['user-agent']) headers.set('user-agent', req.headers['user-agent']);
      const signedIn = await auth.api.signInEmail({
        body: { email: user.email, password: newPassword },
        headers,
        returnHeaders: true,
      });
      const cookies = signedIn.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { user: { id: user.id, email: user.email, name: user.name, image: user.image ?? null } };
    },
  );
};
