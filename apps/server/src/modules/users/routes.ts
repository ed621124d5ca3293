import {
  errorResponseSchema,
  phoneCodeBodySchema,
  phoneCodeSentSchema,
  phoneVerifiedSchema,
  ROUTES,
  registerBodySchema,
  uidParamsSchema,
  updateProfileBodySchema,
  usernameSchema,
  userProfileSchema,
} from '@releasebell/contract';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  negotiateLocale,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODES_PER_MEMBER_HOUR,
  PHONE_CODES_PER_NUMBER_DAY,
} from '@releasebell/contract/constants';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { imageResponse, rawBody } from '../../plugins/openapi';
import { ownerOnly, signedInId, unauthorized } from '../../plugins/session';
import type { PhoneVerification } from './phone-verification';
import type { UsersService } from './service';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; phone: PhoneVerification }> = async (
  app,
  { users, phone },
) => {
  keepAnswersPrivate(app);

  app.route({
    method: ROUTES.registerProfile.method,
    url: ROUTES.registerProfile.path,
    schema: {
      tags,
      operationId: 'registerProfile',
      summary: "Create the signed-in member's profile (idempotent)",
      body: registerBodySchema,
      response: { 200: userProfileSchema, 201: userProfileSchema, ...MEMBER_ERRORS },
    },
    handler: async (req, reply) => {
      const user = await req.sessionUser();
      if (!user) throw unauthorized();
      const language = negotiateLocale(req.headers['accept-language']);
      const { created, profile } = await users.register(user, req.body, language);
      return reply.status(created ? 201 : 200).send(profile);
    },
  });

  app.route({
    method: ROUTES.getUsername.method,
    url: ROUTES.getUsername.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'getUsername',
      summary: "The username and the member's language; 404 when the user has not registered yet",
      params: uidParamsSchema,
      response: { 200: usernameSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => {
      const { username, locale } = await users.load(req.params.uid);
      return { username, locale };
    },
  });

  app.route({
    method: ROUTES.getProfile.method,
    url: ROUTES.getProfile.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'getProfile',
      summary: 'The full profile',
      params: uidParamsSchema,
      response: { 200: userProfileSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => users.load(req.params.uid),
  });

  app.route({
    method: ROUTES.updateProfile.method,
    url: ROUTES.updateProfile.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'updateProfile',
      summary: 'Update the editable fields and notification preferences (email is not editable)',
      params: uidParamsSchema,
      body: updateProfileBodySchema,
      response: { 200: userProfileSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => users.update(req.params.uid, req.body),
  });

  const member = signedInId;

  app.route({
    method: ROUTES.sendPhoneCode.method,
    url: ROUTES.sendPhoneCode.path,
    schema: {
      tags,
      operationId: 'sendPhoneCode',
      summary: `Text a ${PHONE_CODE_LENGTH}-digit code to the profile's number, to verify it before any text goes to it`,
      description: `At most ${PHONE_CODES_PER_MEMBER_HOUR} codes per member per hour and ${PHONE_CODES_PER_NUMBER_DAY} per number per day (429 past them). A new code replaces the last.`,
      response: {
        202: phoneCodeSentSchema,
        ...MEMBER_ERRORS,
        429: errorResponseSchema,
        502: errorResponseSchema,
      },
    },
    handler: async (req, reply) => reply.status(202).send(await phone.sendCode(await member(req))),
  });

  app.route({
    method: ROUTES.confirmPhoneCode.method,
    url: ROUTES.confirmPhoneCode.path,
    schema: {
      tags,
      operationId: 'confirmPhoneCode',
      summary: 'Verify the number with the texted code',
      description: `A wrong code is a 400; after ${PHONE_CODE_MAX_TRIES} wrong ones the code no longer works.`,
      body: phoneCodeBodySchema,
      response: { 200: phoneVerifiedSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => phone.confirm(await member(req), req.body.code),
  });

  // The picture arrives as the raw body, typed by its Content-Type; the service checks the bytes.
  app.register(async (parent) => {
    const scope = parent.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      /^image\//,
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.route({
      method: ROUTES.uploadAvatar.method,
      url: ROUTES.uploadAvatar.path,
      onRequest: ownerOnly,
      bodyLimit: AVATAR_MAX_BYTES,
      config: { rawBody: rawBody('The picture file itself, at most 2 MB', AVATAR_TYPES) },
      schema: {
        tags,
        operationId: 'uploadAvatar',
        summary: 'Upload a profile picture (PNG, JPEG or WebP, at most 2 MB) as the request body',
        params: uidParamsSchema,
        response: {
          200: userProfileSchema,
          ...MEMBER_ERRORS,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
      handler: async (req) =>
        users.setAvatar(req.params.uid, req.headers['content-type'], req.body as Buffer),
    });
  });

  app.route({
    method: ROUTES.removeAvatar.method,
    url: ROUTES.removeAvatar.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'removeAvatar',
      summary: 'Remove the profile picture',
      params: uidParamsSchema,
      response: { 200: userProfileSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => users.removeAvatar(req.params.uid),
  });

  app.route({
    method: ROUTES.getAvatar.method,
    url: ROUTES.getAvatar.path,
    onRequest: ownerOnly,
    schema: {
      tags,
      operationId: 'getAvatar',
      summary: 'The profile picture',
      params: uidParamsSchema,
      response: {
        200: imageResponse('The picture (PNG, JPEG or WebP)'),
        401: errorResponseSchema,
        403: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const avatar = await users.avatar(req.params.uid);
      if (!avatar)
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No profile picture.' } });
      return reply
        .type(avatar.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(avatar.data);
    },
  });
};
