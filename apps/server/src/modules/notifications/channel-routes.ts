import {
  channelAttemptListSchema,
  channelIdParamsSchema,
  channelListSchema,
  channelTestResultSchema,
  createChannelBodySchema,
  errorResponseSchema,
  formatLocaleOf,
  MAX_PUSH_DEVICES,
  memberChannelSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  ROUTES,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale, requestTranslator } from '../../infra/i18n';
import { keepAnswersPrivate } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import { CHANNEL_TEST_LIMIT, type ChannelsService } from './channels-service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Push subscriptions (a member's devices) and chat channels (Discord, ntfy, webhooks): the member's own. */
export const channelRoutes: FastifyPluginAsyncZod<{ memberChannels: ChannelsService }> = async (
  app,
  { memberChannels },
) => {
  keepAnswersPrivate(app);

  app.route({
    method: ROUTES.pushKey.method,
    url: ROUTES.pushKey.path,
    schema: {
      tags: ['push'],
      operationId: 'pushKey',
      summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
      response: { 200: pushKeySchema, 404: errorResponseSchema },
    },
    handler: async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send(memberChannels.pushKey()),
  });

  app.route({
    method: ROUTES.subscribePush.method,
    url: ROUTES.subscribePush.path,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['push'],
      operationId: 'subscribePush',
      summary: `Adds this device's push subscription and turns push on (at most ${MAX_PUSH_DEVICES} devices: one more replaces the oldest)`,
      description:
        `The body is PushSubscription.toJSON(). A member keeps their ${MAX_PUSH_DEVICES} newest devices: ` +
        'subscribing one more forgets the oldest. Posting an endpoint the member has renews its keys; an ' +
        'endpoint another account subscribed is refused with 409 PUSH_ENDPOINT_TAKEN.',
      body: pushSubscriptionBodySchema,
      response: { 201: z.null(), ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (req, reply) => {
      await memberChannels.subscribe(await signedInId(req), req.body);
      return reply.status(201).send(null);
    },
  });

  app.route({
    method: ROUTES.unsubscribePush.method,
    url: ROUTES.unsubscribePush.path,
    schema: {
      tags: ['push'],
      operationId: 'unsubscribePush',
      summary: "Forgets one of the member's devices; push goes off with the last one",
      body: pushUnsubscribeBodySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (req, reply) => {
      await memberChannels.unsubscribe(await signedInId(req), req.body.endpoint);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: ROUTES.listChannels.method,
    url: ROUTES.listChannels.path,
    schema: {
      tags: ['channels'],
      operationId: 'listChannels',
      summary: "The member's Discord, ntfy and webhook channels, URLs masked, each with its last delivery",
      response: { 200: channelListSchema, 401: errorResponseSchema },
    },
    handler: async (req) => memberChannels.list(await signedInId(req), requestTranslator(req.headers)),
  });

  app.route({
    method: ROUTES.addChannel.method,
    url: ROUTES.addChannel.path,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['channels'],
      operationId: 'addChannel',
      summary: 'Adds a Discord webhook, an ntfy topic or a signed webhook (at most 5)',
      body: createChannelBodySchema,
      response: { 201: memberChannelSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await memberChannels.add(await signedInId(req), req.body, requestTranslator(req.headers))),
  });

  app.route({
    method: ROUTES.removeChannel.method,
    url: ROUTES.removeChannel.path,
    schema: {
      tags: ['channels'],
      operationId: 'removeChannel',
      summary: 'Removes a channel; its waiting messages are dropped',
      params: channelIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (req, reply) => {
      await memberChannels.remove(await signedInId(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: ROUTES.testChannel.method,
    url: ROUTES.testChannel.path,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['channels'],
      operationId: 'testChannel',
      summary:
        'Sends a test message now and answers with what happened (a channel that was off and works is on again)',
      description: `At most ${CHANNEL_TEST_LIMIT} tests a minute per member, across their channels (429 with Retry-After past that).`,
      params: channelIdParamsSchema,
      response: { 200: channelTestResultSchema, ...errors, 429: errorResponseSchema },
    },
    handler: async (req) =>
      memberChannels.test(
        await signedInId(req),
        req.params.id,
        req.log,
        formatLocaleOf(requestLocale(req.headers)),
      ),
  });

  app.route({
    method: ROUTES.channelDeliveries.method,
    url: ROUTES.channelDeliveries.path,
    schema: {
      tags: ['channels'],
      operationId: 'channelDeliveries',
      summary: "The channel's last 50 delivery attempts, newest first",
      params: channelIdParamsSchema,
      response: { 200: channelAttemptListSchema, ...errors },
    },
    handler: async (req) =>
      memberChannels.attempts(await signedInId(req), req.params.id, requestTranslator(req.headers)),
  });
};
