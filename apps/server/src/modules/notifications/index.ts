/**
 * Telling members: the planner, the dispatcher and its channels, mail, the inbox.
 * The module's public surface: other code imports only this file.
 */

export { channelRoutes } from './channel-routes';
export { createEmailChannel } from './channels/email';
export { createChannelPoster, createPostedChannel } from './channels/posted';
export { createPushChannel } from './channels/push';
export { createSmsChannel } from './channels/sms';
export { createChannelsService, maskedTarget } from './channels-service';
export { createDeliveryQueue } from './delivery-queue';
export { createDispatcher } from './dispatcher';
export { createNotificationEngine, type NotificationEngine } from './engine';
export { createInbox } from './inbox';
export { localToday, releaseMessageTime } from './local-time';
export { createMemberChannels } from './member-channels';
export { registerNotificationMetrics } from './metrics';
export { createPlanner } from './planner';
export { createPlanningQueries } from './planning-queries';
export { notificationRoutes } from './routes';
export { createNotificationsService } from './service';
export { createUnsubscribeTokens } from './unsubscribe-token';
