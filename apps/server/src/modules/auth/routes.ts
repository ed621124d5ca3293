import { errorResponseSchema, ROUTES, resetPasswordBodySchema, sessionSchema } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOptional } from '../../plugins/openapi';
import type { AuthGuards } from './guards';
import type { PasswordHasher } from './password-hash';
import type { PasswordResetService } from './reset-service';

interface AccountRoutesOptions {
  guards: AuthGuards;
  passwordReset: PasswordResetService;
  hasher: PasswordHasher;
}

/** The product's own session and account endpoints, beside the identity service's. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { guards, passwordReset, hasher },
) => {
  app.route({
    method: ROUTES.getSession.method,
    url: ROUTES.getSession.path,
    schema: {
      tags: ['accounts'],
      operationId: 'getSession',
      summary: 'The signed-in user, or null',
      security: sessionOptional,
      response: { 200: sessionSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await req.sessionUser();
      return { user };
    },
  });

  app.route({
    method: ROUTES.resetPassword.method,
    url: ROUTES.resetPassword.path,
    schema: {
      tags: ['accounts'],
      operationId: 'resetPassword',
      summary: 'Choose a new password with the emailed token; signs the user in',
      body: resetPasswordBodySchema,
      response: {
        200: sessionSchema,
        400: errorResponseSchema,
        429: errorResponseSchema,
        503: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      await guards.limitAddress(req);
      const { token, newPassword } = req.body;
      const { user, cookies } = await hasher.admit(() =>
        passwordReset.reset(token, newPassword, { ip: req.ip, userAgent: req.headers['user-agent'] }),
      );
      reply.header('set-cookie', cookies);
      return { user };
    },
  });
};
