import {
  AUTH_MESSAGES,
  ERROR_CODES,
  type ErrorCode,
  errorResponseSchema,
  PASSWORD_MESSAGES,
  type PageLocale,
  ROUTES,
  requestPasswordResetBodySchema,
  resetRequestedSchema,
  type SessionUser,
  signedInSchema,
  signedOutSchema,
  signInBodySchema,
  signOutBodySchema,
  signUpBodySchema,
  socialRedirectSchema,
  socialSignInBodySchema,
  VALIDATION_MESSAGES,
} from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { errorBody } from '../../errors';
import { requestLocale, translate } from '../../infra/i18n';
import { allowedOrigin } from '../../plugins/same-origin';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import type { AuthGuards } from './guards';
import type { PasswordHasher } from './password-hash';
import type { AuthRepository } from './repository';

interface BridgeOptions {
  auth: Auth;
  config: Config;
  guards: AuthGuards;
  repository: AuthRepository;
  hasher: PasswordHasher;
}

/** What a guard may add to the answer: Set-Cookie values, or an answer of its own. */
interface Outcome {
  cookies?: string[];
  override?: { status: number; body: unknown };
}

interface Endpoint {
  /** Its path is better-auth's own under AUTH_BASE_PATH; requests reach it only by exactly this path. */
  route: { method: 'GET' | 'POST'; path: string };
  body?: z.ZodType;
  /** For the OpenAPI document (and the answers the bridge sends are checked against `response`). */
  doc: {
    operationId: string;
    summary: string;
    response: Record<number, z.ZodType | { description: string }>;
  };
  /** Checks or sets a password: waits for the password hasher, or is refused when it is full. */
  hashes?: boolean;
  /** Runs before the identity service; returns what to do with its answer. */
  before?: (req: FastifyRequest) => Promise<((response: Response) => Promise<Outcome>) | undefined>;
}

/** Request headers the identity service reads; nothing else is passed on. */
const FORWARDED_HEADERS = ['cookie', 'origin', 'referer', 'user-agent', 'accept-language'];

const NOT_COMPLETED = /*i18n*/ {
  id: 'error.auth.notCompleted',
  message: 'The request could not be completed.',
};

const SESSION_EXPIRED = /*i18n*/ {
  id: 'error.auth.sessionExpired',
  message: 'Your session has expired. Sign in again.',
};

/** better-auth's error codes the product has words of its own for; any other is NOT_COMPLETED. */
const AUTH_ERROR_TEXTS: Record<string, MessageDescriptor> = {
  USER_NOT_FOUND: AUTH_MESSAGES.userNotFound,
  USER_EMAIL_NOT_FOUND: AUTH_MESSAGES.userNotFound,
  INVALID_PASSWORD: AUTH_MESSAGES.wrongPassword,
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.wrongPassword,
  INVALID_TOKEN: AUTH_MESSAGES.invalidToken,
  INVALID_EMAIL: VALIDATION_MESSAGES.email,
  PASSWORD_TOO_SHORT: PASSWORD_MESSAGES.tooShort,
  PASSWORD_TOO_LONG: PASSWORD_MESSAGES.tooLong,
  SESSION_EXPIRED,
};

/**
 * better-auth answers errors as `{ code, message }`; the product answers them in its one shape and its
 * own words, in the reader's language (`locale`): better-auth's English never reaches the member.
 */
function rewriteError(status: number, body: { code?: string; message?: string } | null, locale: PageLocale) {
  const code = body?.code ?? '';
  if (code.startsWith('USER_ALREADY_EXISTS')) {
    return {
      status: 422,
      body: errorBody(ERROR_CODES.emailInUse, translate(locale, AUTH_MESSAGES.emailInUse)),
    };
  }
  const ours: ErrorCode =
    code === 'INVALID_EMAIL' || code === 'VALIDATION_ERROR' ? ERROR_CODES.validation : ERROR_CODES.authError;
  return { status, body: errorBody(ours, translate(locale, AUTH_ERROR_TEXTS[code] ?? NOT_COMPLETED)) };
}

/** Session tokens live only in the HttpOnly cookie: no JSON answer may carry one to page scripts. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}

const pathOf = (rawUrl: string) => rawUrl.split('?')[0];

/** better-auth's user as the product shows it (the contract's session user), nothing more. */
type AuthUser = Omit<SessionUser, 'image'> & { image?: string | null };
const publicUser = (user: AuthUser): { user: SessionUser } => ({
  user: { id: user.id, email: user.email, name: user.name, image: user.image ?? null },
});

/**
 * better-auth under /api/auth, reachable only through the endpoints the product uses. Each is a
 * route of its own, so the router matches the exact path (no dot segments, no escapes), the body is
 * the JSON Fastify parsed and validated, and the guards, the password rules and better-auth all see
 * that one path and that one body: the request handed on is rebuilt from them, never copied.
 */
export const authBridge: FastifyPluginAsyncZod<BridgeOptions> = async (app, options) => {
  const { auth, config, guards, repository, hasher } = options;

  const signIn: Endpoint['before'] = async (req) => {
    await guards.limitAddress(req);
    const { email } = req.body as z.output<typeof signInBodySchema>;
    const attempt = await guards.beginSignIn(req, email);
    return async (response) => {
      if (response.ok) {
        const data = (await response.clone().json()) as { user: AuthUser };
        return {
          cookies: [await attempt.succeeded()],
          override: { status: 200, body: publicUser(data.user) },
        };
      }
      if (response.status !== 401) return {};
      // The spec tells an unknown email from a wrong password (sign-up reveals used addresses anyway).
      const known = await repository.userByEmail(email);
      const locale = requestLocale(req.headers);
      return {
        override: {
          status: 401,
          body: known
            ? errorBody(ERROR_CODES.invalidPassword, translate(locale, AUTH_MESSAGES.wrongPassword))
            : errorBody(ERROR_CODES.userNotFound, translate(locale, AUTH_MESSAGES.userNotFound)),
        },
      };
    };
  };

  const signUp: Endpoint['before'] = async (req) => {
    await guards.limitAddress(req);
    const { email, password } = req.body as z.output<typeof signUpBodySchema>;
    guards.checkNewPassword(password, 'password');
    return async (response) => {
      if (!response.ok) return {};
      const data = (await response.clone().json()) as { user: AuthUser };
      return {
        cookies: [guards.deviceCookieFor(email)],
        override: { status: 200, body: publicUser(data.user) },
      };
    };
  };

  const limitOnly: Endpoint['before'] = async (req) => {
    await guards.limitAddress(req);
    return undefined;
  };

  // Every POST may also answer 400 (body), 403 (another origin), 415 (not JSON) and 429 (limits).
  const refusals = {
    400: errorResponseSchema,
    403: errorResponseSchema,
    415: errorResponseSchema,
    429: errorResponseSchema,
  };
  const endpoints: Endpoint[] = [
    {
      route: ROUTES.signInWithEmail,
      body: signInBodySchema,
      hashes: true,
      before: signIn,
      doc: {
        operationId: 'signInWithEmail',
        summary: 'Sign in with email and password; sets the session cookie',
        response: { 200: signedInSchema, ...refusals, 401: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    {
      route: ROUTES.signUpWithEmail,
      body: signUpBodySchema,
      hashes: true,
      before: signUp,
      doc: {
        operationId: 'signUpWithEmail',
        summary: 'Create an account and sign in; sets the session cookie',
        response: { 200: signedInSchema, ...refusals, 422: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    {
      route: ROUTES.requestPasswordReset,
      body: requestPasswordResetBodySchema,
      before: limitOnly,
      doc: {
        operationId: 'requestPasswordReset',
        summary: 'Email a password reset link, if the address has an account (the answer never says)',
        response: { 200: resetRequestedSchema, ...refusals },
      },
    },
    {
      route: ROUTES.signOut,
      body: signOutBodySchema,
      doc: {
        operationId: 'signOut',
        summary: 'End the session and clear its cookie',
        response: { 200: signedOutSchema, ...refusals },
      },
    },
    ...(config.google
      ? ([
          {
            route: ROUTES.signInWithGoogle,
            body: socialSignInBodySchema,
            before: limitOnly,
            doc: {
              operationId: 'signInWithGoogle',
              summary: 'Start Google sign-in: answers the address to send the browser to',
              response: { 200: socialRedirectSchema, ...refusals },
            },
          },
          {
            // Google sends the browser back here with `code` and `state`.
            route: ROUTES.googleCallback,
            doc: {
              operationId: 'googleCallback',
              summary: "Google's return: redirects to callbackURL signed in, or to the error page",
              response: {
                302: z.null().meta({ description: 'To callbackURL, or to /?auth_error=google&error=...' }),
              },
            },
          },
        ] satisfies Endpoint[])
      : []),
  ];

  /** The Fetch request better-auth gets: the matched path, the parsed body, the headers it needs. */
  function toFetchRequest(req: FastifyRequest, endpoint: Endpoint): Request {
    const headers = new Headers({ [CLIENT_IP_HEADER]: req.ip });
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const queryAt = req.url.indexOf('?');
    const query = endpoint.route.method === 'GET' && queryAt >= 0 ? req.url.slice(queryAt) : '';
    // Addressed to the origin the same-origin rule accepted, which better-auth then trusts.
    const origin = req.headers.origin ?? allowedOrigin(req, config);
    const url = new URL(`${endpoint.route.path}${query}`, origin);
    if (endpoint.route.method === 'GET') return new Request(url, { headers });
    headers.set('content-type', 'application/json');
    return new Request(url, { method: 'POST', headers, body: JSON.stringify(req.body ?? {}) });
  }

  async function send(req: FastifyRequest, reply: FastifyReply, response: Response, outcome: Outcome) {
    let status = response.status;
    let body: unknown;
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (outcome.override) {
      ({ status, body } = outcome.override);
    } else if (isJson) {
      const parsed = await response.json().catch(() => null);
      if (status >= 400) {
        ({ status, body } = rewriteError(
          status,
          parsed as { code?: string } | null,
          requestLocale(req.headers),
        ));
      } else body = withoutTokens(parsed);
    } else {
      const text = await response.text();
      body = text.length > 0 ? text : undefined;
    }
    reply.status(status);
    response.headers.forEach((value, name) => {
      if (['set-cookie', 'content-length', 'content-encoding', 'content-type'].includes(name)) return;
      reply.header(name, value);
    });
    const cookies = [...response.headers.getSetCookie(), ...(outcome.cookies ?? [])];
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (isJson || outcome.override) reply.type('application/json; charset=utf-8');
    else if (response.headers.get('content-type')) reply.type(response.headers.get('content-type') ?? '');
    return reply.send(body);
  }

  for (const endpoint of endpoints) {
    const { method, path: url } = endpoint.route;
    app.route({
      method,
      url,
      schema: {
        tags: ['auth'],
        operationId: endpoint.doc.operationId,
        summary: endpoint.doc.summary,
        // Used signed out; sign-out without a session is answered all the same.
        security: [],
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: endpoint.doc.response,
      },
      // The router decodes %-escapes before matching: only the path spelt exactly as above is served.
      onRequest: async (req, reply) => {
        if (pathOf(req.url) !== url) return reply.callNotFound();
      },
      handler: async (req, reply) => {
        // A burst is shed first (a request turned away costs no database write and uses up no
        // attempt), then the limits (a refused request costs no hash), then the hash itself.
        const answer = async () => {
          const after = endpoint.before ? await endpoint.before(req) : undefined;
          const response = await auth.handler(toFetchRequest(req, endpoint));
          return { response, outcome: after ? await after(response) : {} };
        };
        const { response, outcome } = await (endpoint.hashes ? hasher.admit(answer) : answer());
        return send(req, reply, response, outcome);
      },
    });
  }
  // Anything else under /api/auth, however spelt, falls to the app's JSON 404.
};
