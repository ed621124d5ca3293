/**
 * Telling members: the planner, the dispatcher and its channels, mail, the inbox.
 * The module's public surface: other code imports only this file.
 */
export { DeliveryError } from './channels/delivery-error';
export { createEmailChannel } from './channels/email';
export { createSmsChannel, createSmsSender, type SmsSender, smsOutboxDir } from './channels/sms';
export { createDeliveryQueue } from './delivery-queue';
export { createDispatcher } from './dispatcher';
export { ResetPasswordEmail } from './emails/reset-password-email';
export { createNotificationEngine, type NotificationEngine } from './engine';
export { createInbox } from './inbox';
export { releaseMessageTime } from './local-time';
export { createMailer, type Mailer } from './mailer';
export { registerNotificationMetrics } from './metrics';
export { createPlanner } from './planner';
export { createPlanningQueries } from './planning-queries';
export { notificationRoutes } from './routes';
export { createNotificationsService } from './service';
export { createUnsubscribeTokens } from './unsubscribe-token';
