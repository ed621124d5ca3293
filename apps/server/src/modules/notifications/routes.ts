import {
  errorResponseSchema,
  markReadBodySchema,
  notificationListSchema,
  PAGES,
  ROUTES,
  testNotificationResultSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaNotFound } from '../../errors';
import { keepAnswersPrivate } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import type { NotificationsService } from './service';

const tags = ['notifications'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The bell, the profile's test button, and the login-free unsubscribe link of release emails. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  keepAnswersPrivate(app);
  const member = signedInId;

  app.route({
    method: ROUTES.listNotifications.method,
    url: ROUTES.listNotifications.path,
    schema: {
      tags,
      operationId: 'listNotifications',
      summary: "The member's latest in-app notifications, newest first, and how many are unread",
      response: { 200: notificationListSchema, ...errors },
    },
    handler: async (req) => notifications.list(await member(req)),
  });

  app.route({
    method: ROUTES.markNotificationsRead.method,
    url: ROUTES.markNotificationsRead.path,
    schema: {
      tags,
      operationId: 'markNotificationsRead',
      summary: 'Mark some notifications (ids) or all of them read',
      body: markReadBodySchema,
      response: { 200: unreadCountSchema, ...errors },
    },
    handler: async (req) => notifications.markRead(await member(req), req.body),
  });

  app.route({
    method: ROUTES.sendTestNotification.method,
    url: ROUTES.sendTestNotification.path,
    schema: {
      tags,
      operationId: 'sendTestNotification',
      summary: 'Send a test on every channel the member gets release messages on (3 per 10 minutes)',
      response: {
        200: testNotificationResultSchema,
        429: errorResponseSchema,
        502: errorResponseSchema,
        ...errors,
      },
    },
    handler: async (req) => notifications.sendTest(await member(req), req.log),
  });

  app.route({
    method: ROUTES.followShortLink.method,
    url: ROUTES.followShortLink.path,
    schema: {
      tags,
      operationId: 'followShortLink',
      summary: "A text message's short link: redirects to the title's page",
      params: z.object({ code: z.string().max(40) }),
      response: { 302: z.null().describe("To the title's page"), 404: errorResponseSchema },
    },
    handler: async (req, reply) => {
      const target = await notifications.shortLink(req.params.code);
      if (!target) throw mediaNotFound();
      return reply.header('cache-control', 'public, max-age=86400').redirect(target, 302);
    },
  });

  // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` form-encoded, without cookies or an
  // Origin; the page the mail's link opens POSTs with no body. Either way the signed token decides.
  app.register(async (scope) => {
    const unsubscribe = scope.withTypeProvider<ZodTypeProvider>();
    unsubscribe.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );
    unsubscribe.route({
      method: ROUTES.unsubscribeReleaseEmails.method,
      url: ROUTES.unsubscribeReleaseEmails.path,
      schema: {
        tags,
        operationId: 'unsubscribeReleaseEmails',
        summary: 'Pause release emails with the signed token from an email (one click, no sign-in)',
        security: [],
        querystring: unsubscribeQuerySchema,
        body: z.unknown().optional(),
        response: { 200: unsubscribeResultSchema, 400: errorResponseSchema },
      },
      handler: async (req) => notifications.unsubscribe(req.query.token),
    });
    // Someone opening the link itself (a mail client without one-click) gets the confirmation page.
    unsubscribe.route({
      method: ROUTES.openUnsubscribePage.method,
      url: ROUTES.openUnsubscribePage.path,
      schema: {
        tags,
        operationId: 'openUnsubscribePage',
        summary: 'Redirects to the page that asks before pausing release emails',
        security: [],
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null().describe('To /unsubscribe?token=...'), 400: errorResponseSchema },
      },
      handler: async (req, reply) =>
        reply.redirect(`${PAGES.unsubscribe.path}?token=${encodeURIComponent(req.query.token)}`, 303),
    });
  });
};
