import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './infra/mail/mailer';
import type { Clock } from './lib/clock';
import { keepNextTickFast } from './lib/next-tick';
import type { LogDestination } from './logger';
import account from './modules/account/plugin';
import auth, { type AuthModuleOptions } from './modules/auth/plugin';
import calendar from './modules/calendar/plugin';
import catalog from './modules/catalog/plugin';
import catalogSync, { type CatalogSyncModuleOptions } from './modules/catalog-sync/plugin';
import follows from './modules/follows/plugin';
import images from './modules/images/plugin';
import imports from './modules/imports/plugin';
import leaderboard from './modules/leaderboard/plugin';
import notifications, { type NotificationsModuleOptions } from './modules/notifications/plugin';
import pages from './modules/pages/plugin';
import requests from './modules/requests/plugin';
import search from './modules/search/plugin';
import shareCards from './modules/share-cards/plugin';
import sitemap from './modules/sitemap/plugin';
import system from './modules/system/plugin';
import users from './modules/users/plugin';
import watch from './modules/watch/plugin';
import watchlist from './modules/watchlist/plugin';
import { http, serverOptions } from './plugins/http';
import { infrastructure } from './plugins/infrastructure';

/** What tests (and tools) set instead of the configuration; each goes to the part that uses it. */
export interface AppOptions extends AuthModuleOptions, NotificationsModuleOptions, CatalogSyncModuleOptions {
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Addresses per sitemap file (tests); otherwise the sitemap protocol's 50,000. */
  sitemapPageSize?: number;
  /** The one clock of every service that stamps or compares times; the system's if unset. */
  clock?: Clock;
  /** Where mail goes (tests); otherwise SMTP_URL or the local mailbox under DATA_DIR. */
  mailer?: Mailer;
  /** Where log lines go (tests); otherwise stdout. */
  logDestination?: LogDestination;
}

/** The app: Fastify's options, the infrastructure every module builds on, then the modules. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Before the database's start runs its full garbage collections: every request calls nextTick.
  keepNextTickFast();
  const app = Fastify(serverOptions(config, options.logDestination)).withTypeProvider<ZodTypeProvider>();
  const { database, clock, mailer } = options;
  await app.register(infrastructure, { config, database, clock, mailer });
  await app.register(http);

  await app.register(auth, { hashing: options.hashing, hashCost: options.hashCost });
  await app.register(users);
  await app.register(catalog);
  await app.register(catalogSync, { providerTime: options.providerTime });
  await app.register(requests);
  await app.register(follows);
  await app.register(watch);
  await app.register(imports);
  await app.register(notifications, { pushAgent: options.pushAgent });
  await app.register(search);
  await app.register(watchlist);
  await app.register(calendar);
  await app.register(account);
  await app.register(leaderboard);
  await app.register(system);
  await app.register(images);
  await app.register(shareCards);
  await app.register(sitemap, { pageSize: options.sitemapPageSize });
  await app.register(pages);
  return app;
}
