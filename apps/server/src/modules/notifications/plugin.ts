import type { Agent as HttpsAgent } from 'node:https';
import { CHANNEL_TYPES } from '@releasebell/contract';
import fp from 'fastify-plugin';
import { publicHttpsAgent } from '../../lib/outbound-http';
import { channelRoutes } from './channel-routes';
import { createEmailChannel } from './channels/email';
import { createChannelPoster, createPostedChannel } from './channels/posted';
import { createPushChannel } from './channels/push';
import { createSmsChannel } from './channels/sms';
import { createChannelsService } from './channels-service';
import { createDeliveryQueue } from './delivery-queue';
import { createDispatcher } from './dispatcher';
import { createNotificationEngine, type NotificationEngine } from './engine';
import { createInbox } from './inbox';
import { createMemberChannels } from './member-channels';
import { registerNotificationMetrics } from './metrics';
import { createPlanner } from './planner';
import { createPlanningQueries } from './planning-queries';
import { notificationRoutes } from './routes';
import { createNotificationsService } from './service';
import { createUnsubscribeTokens } from './unsubscribe-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** The release-notification worker (started unless NOTIFY_WORKER=false; tests call `tick`). */
    notifications: NotificationEngine;
  }
}

export interface NotificationsModuleOptions {
  /** The TLS agent pushes go through (tests trust their local push service with it). */
  pushAgent?: HttpsAgent | undefined;
}

/** Telling members: the planner, the dispatcher and every channel, the inbox and a member's outlets. */
export default fp<NotificationsModuleOptions>(
  async (app, options) => {
    const { config, clock, limiter, database } = app;
    const { publicUrl, channelAllowPrivateHosts: allowPrivate } = config;
    // Members without a region of their own are told about the default region's dates.
    const memberDays = { defaultRegion: config.defaultRegion };
    const deliveries = createDeliveryQueue(database.db, memberDays);
    const tokens = createUnsubscribeTokens(app.secrets.auth);
    const { vapid } = app.secrets;
    if (!vapid) {
      app.log.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn them on');
    }
    const memberChannels = createMemberChannels(database.db);
    const post = createChannelPoster({ memberChannels, allowPrivate, clock });
    const channels = [
      createEmailChannel({ mailer: app.mailer, publicUrl, tokens }),
      createSmsChannel({ sender: app.texts.sender, publicUrl, clock }),
      ...(vapid
        ? [
            createPushChannel({
              memberChannels,
              vapid: { ...vapid, subject: config.vapid.subject },
              clock,
              agent: options.pushAgent ?? publicHttpsAgent(allowPrivate),
            }),
          ]
        : []),
      ...CHANNEL_TYPES.map((type) => createPostedChannel(type, { memberChannels, post, publicUrl, clock })),
    ];
    const engine = createNotificationEngine({
      planner: createPlanner(createPlanningQueries(database.db, memberDays), {
        settleSeconds: config.notify.settleSeconds,
      }),
      dispatcher: createDispatcher({
        deliveries,
        channels,
        clock,
        leaseSeconds: config.notify.leaseSeconds,
        log: app.log,
        onOutcome: registerNotificationMetrics(app.metrics, deliveries, clock),
      }),
      clock,
      intervalSeconds: config.notify.intervalSeconds,
      log: app.log,
    });
    app.decorate('notifications', engine);
    if (config.notify.worker) app.jobs.add(engine);

    await app.register(notificationRoutes, {
      notifications: createNotificationsService({
        inbox: createInbox(database.db),
        deliveries,
        channels,
        clock,
        tokens,
        limiter,
      }),
    });
    await app.register(channelRoutes, {
      memberChannels: createChannelsService({
        memberChannels,
        post,
        publicUrl,
        pushKey: vapid?.publicKey ?? null,
        allowPrivate,
        clock,
        limiter,
      }),
    });
  },
  { name: 'notifications', dependencies: ['auth'] },
);
