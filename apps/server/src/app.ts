import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { DEFAULT_REGION, ERROR_CODES, HOOK_TYPES } from '@releasebell/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Registry } from 'prom-client';
import webpush from 'web-push';
import type { Config } from './config';
import { createAppState } from './db/app-state';
import { type DatabaseHandle, openDatabase } from './db/client';
import { errorBody } from './errors';
import { runWorkers } from './jobs/boss';
import { createJobTicker } from './jobs/ticker';
import { systemClock } from './lib/clock';
import { keepNextTickFast } from './lib/next-tick';
import { publicHttpsAgent } from './lib/outbound-http';
import { type LogDestination, loggingOptions } from './logger';
import {
  accountRoutes,
  authBridge,
  createAuth,
  createAuthGuards,
  createAuthRepository,
  createDeviceCookies,
  createPasswordHasher,
  createPasswordResetService,
  createRateLimiter,
  type HashingLimits,
  type PasswordHasher,
  type ScryptCost,
} from './modules/auth';
import { calendarRoutes, createCalendarRepository, createCalendarService } from './modules/calendar';
import {
  catalogRoutes,
  createCatalogRepository,
  createCatalogService,
  retireDemoCatalog,
  seedDemoCatalog,
} from './modules/catalog';
import {
  type CatalogSync,
  createCatalogProviders,
  createCatalogSync,
  createFollowSources,
  createFoundItemsImporter,
  createImportLookup,
  createProviderSearch,
  createSyncRepository,
  SYNC_CHECK_SECONDS,
  SYNC_QUEUE,
} from './modules/catalog-sync';
import {
  createFollowsRepository,
  createFollowsService,
  type FollowsService,
  followRoutes,
} from './modules/follows';
import { createDemoPosters, createImageProxy, demoPosterRoutes, imageProxyRoutes } from './modules/images';
import {
  createCatalogMatcher,
  createImportsRepository,
  createImportsService,
  IMPORTS_QUEUE,
  type ImportsService,
  importRoutes,
} from './modules/imports';
import {
  createLeaderboardRepository,
  createLeaderboardService,
  leaderboardRoutes,
} from './modules/leaderboard';
import {
  createDeliveryQueue,
  createDispatcher,
  createEmailChannel,
  createHookChannel,
  createHookPoster,
  createInbox,
  createMailer,
  createNotificationEngine,
  createNotificationsService,
  createNotificationTargets,
  createPlanner,
  createPlanningQueries,
  createPushChannel,
  createSmsChannel,
  createSmsSender,
  createTargetsService,
  createUnsubscribeTokens,
  type Mailer,
  type NotificationEngine,
  notificationRoutes,
  registerNotificationMetrics,
  smsOutboxDir,
  targetRoutes,
  type VapidKeys,
} from './modules/notifications';
import {
  createIndexHtml,
  createPageSender,
  createPageService,
  createRenderBudget,
  loadPageRenderer,
} from './modules/pages';
import {
  createRequestResolver,
  createRequestsRepository,
  createRequestsService,
  type RequestResolver,
  requestRoutes,
} from './modules/requests';
import { createSearchRepository, createSearchService, searchRoutes } from './modules/search';
import {
  createCardRenderer,
  createCardService,
  createTitlePreviews,
  shareCardRoutes,
} from './modules/share-cards';
import { createSitemapRepository, createSitemapService, sitemapRoutes } from './modules/sitemap';
import { systemRoutes } from './modules/system';
import {
  createPhoneRules,
  createPhoneVerification,
  createUsersRepository,
  createUsersService,
  usersRoutes,
} from './modules/users';
import { createWatchlistRepository, createWatchlistService, watchlistRoutes } from './modules/watchlist';
import { registerErrorHandling, writeClientError } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSameOriginCheck } from './plugins/same-origin';
import { securityHeadersFor } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** The release-notification worker (started unless NOTIFY_WORKER=false; tests call `tick`). */
    notifications: NotificationEngine;
    /** The catalog's scheduled sync (ticking unless SYNC_WORKER=false; tests call `runDue`). */
    catalogSync: CatalogSync;
    /** Content requests resolved from the providers (right after each is made, then daily). */
    requestResolver: RequestResolver;
    /** Following: the follows sync runs from the catalog sync's tasks; tests and tools call it too. */
    follows: FollowsService;
    /** List imports: tests call matchPending to wait for a match. */
    imports: ImportsService;
    /** Password hashing on its own threads, with its bounded queue (tests read its stats). */
    passwordHasher: PasswordHasher;
  }
}

export interface AppOptions {
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Addresses per sitemap file (tests); otherwise the sitemap protocol's 50,000. */
  sitemapPageSize?: number;
  /**
   * The one clock of every service that stamps or compares times (the catalog's "today", watchlist
   * adds and tracking events, leaderboard and trending windows, requests, profiles); the system's if unset.
   */
  clock?: () => Date;
  /** Where mail goes (tests); otherwise SMTP_URL or the local mailbox under DATA_DIR. */
  mailer?: Mailer;
  /** Where log lines go (tests); otherwise stdout. */
  logDestination?: LogDestination;
  /** The password hasher's threads and queue (tests); otherwise from the machine's cores. */
  hashing?: HashingLimits;
  /** The scrypt cost of new hashes (tests lower it to keep the suite fast); otherwise SCRYPT_COST. */
  hashCost?: ScryptCost;
  /** The TLS agent pushes go through (tests trust their local push service with it). */
  pushAgent?: HttpsAgent;
}

/**
 * AUTH_SECRET, or on the embedded default one generated once and kept under DATA_DIR, so sessions
 * survive restarts without any set-up.
 */
async function authSecretFor(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: make one below.
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or on the embedded default a pair made once and kept under
 * DATA_DIR (a new pair would orphan every subscription). Null with DATABASE_URL and no keys: push is off.
 */
async function vapidKeysFor(config: Config): Promise<VapidKeys | null> {
  if (config.vapid.keys) return config.vapid.keys;
  if (config.vapid.required) return null;
  const file = path.join(config.dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // First start: make a pair below.
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Before the database's start runs its full garbage collections: every request calls nextTick.
  keepNextTickFast();
  const { securityHeaders, apiHeaders } = securityHeadersFor(config);
  const logging = loggingOptions(config, options.logDestination);
  const requestId = (req: IncomingMessage) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  };
  const app = Fastify({
    ...logging,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Errors the router raises before any route runs (a malformed %-escape in the path, say) get the
    // same error shape as everything else. They skip the onRequest hooks, so the headers are set here.
    frameworkErrors: (error, req, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      logging.logController.logWhenSent(req, reply as FastifyReply);
      void (reply as FastifyReply)
        .headers(securityHeaders(req.url))
        .header('x-request-id', req.id)
        .code(status)
        .send(errorBody(ERROR_CODES.badRequest, 'The request address could not be read.'));
    },
    // Requests Node's HTTP parser cannot read at all (a raw non-ASCII byte in the path, a path
    // longer than the header limit) are answered here, on the bare socket, in the same shape.
    clientErrorHandler: (error, socket) => writeClientError(error, socket, apiHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  app.decorate('database', database);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  await database.migrate();

  const clock = options.clock ?? systemClock;
  const appState = createAppState(database.db);
  const catalogRepo = createCatalogRepository(database.db);
  if (config.seedDemoCatalog) await seedDemoCatalog(catalogRepo, appState, clock, app.log);
  else if (config.tmdb || config.isbndb) await retireDemoCatalog(catalogRepo, app.log);

  // One synchronous hook for every response, pages and API alike (also the 404s and static files).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders(req.url));
    reply.header('x-request-id', req.id);
    done();
  });

  // No request bodies arrive compressed (JSON under 64 KB), so no decompression hook on every request.
  registerSameOriginCheck(app, config);
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(rateLimit, { global: false });

  await registerOpenApi(app, config);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailboxDir: path.join(config.dataDir, 'mailbox'),
      log: app.log,
    });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  const authSecret = await authSecretFor(config);
  const hasher = createPasswordHasher(options.hashing, options.hashCost);
  app.decorate('passwordHasher', hasher);
  app.addHook('onClose', () => hasher.close());
  const limiter = createRateLimiter(database.db, clock);
  const auth = createAuth({
    config,
    db: database.db,
    secret: authSecret,
    mailer,
    log: app.log,
    hasher,
    limiter,
  });
  const authRepository = createAuthRepository(database.db);
  const guards = createAuthGuards({
    config,
    limiter,
    devices: createDeviceCookies(authSecret, config.publicUrl.startsWith('https://')),
  });
  await app.register(sessionPlugin, { auth });
  await app.register(authBridge, { auth, config, guards, repository: authRepository, hasher });
  await app.register(accountRoutes, {
    guards,
    hasher,
    passwordReset: createPasswordResetService({
      auth,
      repository: authRepository,
      guards,
      clock: options.clock ?? systemClock,
    }),
  });
  const phoneRules = createPhoneRules(config.sms.countries);
  const smsSender = createSmsSender({
    textable: phoneRules.problem,
    twilio: config.twilio,
    outboxDir: smsOutboxDir(config.dataDir),
    limiter,
    maxPerHour: config.sms.maxPerHour,
    clock,
    log: app.log,
  });
  const usersRepository = createUsersRepository(database.db);
  await app.register(usersRoutes, {
    users: createUsersService(usersRepository, phoneRules, clock),
    phone: createPhoneVerification({
      repo: usersRepository,
      limiter,
      sms: smsSender,
      rules: phoneRules,
      secret: authSecret,
      publicUrl: config.publicUrl,
      clock,
    }),
  });

  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  // Members without a region of their own are told about the default region's dates.
  const memberDays = { defaultRegion: config.tmdb?.region };
  const deliveryQueue = createDeliveryQueue(database.db, memberDays);
  const unsubscribeTokens = createUnsubscribeTokens(authSecret);
  const vapid = await vapidKeysFor(config);
  if (!vapid)
    app.log.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn them on');
  const targets = createNotificationTargets(database.db);
  const hookPoster = createHookPoster({ targets, allowPrivate: config.channelAllowPrivateHosts, clock });
  const channels = [
    createEmailChannel({ mailer, publicUrl: config.publicUrl, tokens: unsubscribeTokens }),
    createSmsChannel({ sender: smsSender, publicUrl: config.publicUrl, clock }),
    ...(vapid
      ? [
          createPushChannel({
            targets,
            vapid: { ...vapid, subject: config.vapid.subject },
            clock,
            agent: options.pushAgent ?? publicHttpsAgent(config.channelAllowPrivateHosts),
          }),
        ]
      : []),
    ...HOOK_TYPES.map((type) =>
      createHookChannel(type, { targets, post: hookPoster, publicUrl: config.publicUrl, clock }),
    ),
  ];
  const engine = createNotificationEngine({
    planner: createPlanner(createPlanningQueries(database.db, memberDays), {
      settleSeconds: config.notify.settleSeconds,
    }),
    dispatcher: createDispatcher({
      deliveries: deliveryQueue,
      channels,
      clock,
      leaseSeconds: config.notify.leaseSeconds,
      log: app.log,
      onOutcome: registerNotificationMetrics(metrics, deliveryQueue, clock),
    }),
    clock,
    intervalSeconds: config.notify.intervalSeconds,
    log: app.log,
  });
  app.decorate('notifications', engine);

  const catalogProviders = createCatalogProviders(config);
  const providerSearch = createProviderSearch(catalogProviders, clock);
  const importer = createFoundItemsImporter(catalogRepo, clock);
  const requestsRepo = createRequestsRepository(database.db);
  const resolver = createRequestResolver({
    repo: requestsRepo,
    search: providerSearch,
    importer,
    clock,
    log: app.log,
  });
  app.decorate('requestResolver', resolver);
  const watchlistRepo = createWatchlistRepository(database.db);
  const follows = createFollowsService({
    repo: createFollowsRepository(database.db),
    sources: createFollowSources({ catalog: catalogRepo, providers: catalogProviders, clock }),
    watchlist: watchlistRepo,
    clock,
    limiter,
  });
  app.decorate('follows', follows);
  const imports: ImportsService = createImportsService({
    repo: createImportsRepository(database.db),
    matcher: createCatalogMatcher(catalogRepo),
    lookup: createImportLookup({ catalog: catalogRepo, providers: catalogProviders, clock }),
    follows,
    watchlist: watchlistRepo,
    clock,
    // At once, after the answer; a process that stops halfway leaves it to the ticker below.
    schedule: (id) => {
      void imports
        .matchPending(id)
        .catch((err) => app.log.warn({ err, import: id }, 'import matching failed'));
    },
  });
  app.decorate('imports', imports);
  const importsTicker = createJobTicker({
    queue: IMPORTS_QUEUE,
    intervalSeconds: 60,
    run: async () => {
      await imports.resumeStalled();
    },
    log: app.log,
  });
  const catalogSync = createCatalogSync({
    repo: createSyncRepository(database.db),
    catalog: catalogRepo,
    providers: catalogProviders,
    clock,
    log: app.log,
    resolveRequests: () => resolver.resolveOpen(),
    syncFollows: (mode, since) => follows.sync(mode, since),
  });
  app.decorate('catalogSync', catalogSync);
  const syncTicker = createJobTicker({
    queue: SYNC_QUEUE,
    intervalSeconds: SYNC_CHECK_SECONDS,
    run: async () => {
      await catalogSync.runDue();
    },
    log: app.log,
  });

  runWorkers(app, database, [
    ...(config.notify.worker ? [engine, importsTicker] : []),
    ...(config.syncWorker && (config.tmdb || config.isbndb) ? [syncTicker] : []),
  ]);
  if (config.syncWorker && (config.tmdb || config.isbndb)) {
    app.addHook('onReady', async () => {
      if ((await catalogSync.state()) === 'filling') {
        app.log.info('the catalog is filling from the providers for the first time (see /readyz)');
      }
    });
  }
  await app.register(notificationRoutes, {
    notifications: createNotificationsService({
      inbox: createInbox(database.db),
      deliveries: deliveryQueue,
      channels,
      clock,
      tokens: unsubscribeTokens,
      limiter,
    }),
  });

  await app.register(targetRoutes, {
    targets: createTargetsService({
      targets,
      post: hookPoster,
      publicUrl: config.publicUrl,
      pushKey: vapid?.publicKey ?? null,
      allowPrivate: config.channelAllowPrivateHosts,
      clock,
      limiter,
    }),
  });

  const catalog = createCatalogService(catalogRepo, options.clock, { defaultRegion: config.tmdb?.region });
  await app.register(systemRoutes, { config, database, metrics, catalogSync });
  await app.register(catalogRoutes, { catalog, cacheSeconds: config.catalogCacheSeconds });
  await app.register(searchRoutes, {
    search: createSearchService(createSearchRepository(database.db), {
      search: providerSearch,
      importer,
      log: app.log,
    }),
    cacheSeconds: config.catalogCacheSeconds,
  });
  await app.register(requestRoutes, {
    requests: createRequestsService(requestsRepo, options.clock, (id) => {
      if (!resolver.configured) return;
      // After the answer: the member is told in the app (and by email) if it resolves.
      void resolver
        .resolveOne(id)
        .catch((err) => app.log.warn({ err, request: id }, 'request resolution failed'));
    }),
  });
  const demoPosters = createDemoPosters();
  const imageProxy = createImageProxy({
    ...config.imageProxy,
    cacheDir: path.join(config.dataDir, 'image-cache'),
  });
  await app.register(demoPosterRoutes, { posters: demoPosters });
  await app.register(imageProxyRoutes, { proxy: imageProxy });
  await app.register(watchlistRoutes, { watchlist: createWatchlistService(watchlistRepo, options.clock) });
  await app.register(followRoutes, { follows });
  await app.register(calendarRoutes, {
    calendar: createCalendarService({
      repo: createCalendarRepository(database.db),
      secret: authSecret,
      publicUrl: config.publicUrl,
      defaultRegion: config.tmdb?.region ?? DEFAULT_REGION,
      clock,
    }),
  });
  await app.register(importRoutes, { imports });
  await app.register(leaderboardRoutes, {
    leaderboard: createLeaderboardService(createLeaderboardRepository(database.db), options.clock),
  });

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  // Link previews: a title's card (og:image), the head tags of its page, the sitemap and robots.txt.
  const findTitle = createTitlePreviews(database.db);
  const cards = createCardService({
    findTitle,
    renderer: createCardRenderer({ fontDir: path.join(config.dataDir, 'fonts') }),
    proxy: imageProxy,
    demoPosters,
    publicUrl: config.publicUrl,
  });
  await app.register(shareCardRoutes, { cards });
  const sitemap = createSitemapService({
    repo: createSitemapRepository(database.db),
    publicUrl: config.publicUrl,
    ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}),
  });
  await app.register(sitemapRoutes, { sitemap });
  const pages = createPageService({
    findTitle,
    cardUrl: cards.cardUrl,
    publicUrl: config.publicUrl,
    indexHtml: hasWeb ? createIndexHtml(indexHtml) : null,
    pageCacheSeconds: config.catalogCacheSeconds,
    // The first screen, rendered here from the API's own public answers (ADR 011).
    pageRenderer: hasWeb
      ? await loadPageRenderer(
          path.join(path.dirname(config.webDistDir), 'dist-server', 'entry-server.js'),
          async (url) => {
            const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
            return { status: answer.statusCode, body: answer.body };
          },
        )
      : null,
    onRenderError: (err, url) =>
      app.log.warn({ err, page: url.split('?')[0] }, 'page not rendered on the server'),
  });
  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    sendPage: hasWeb ? createPageSender(pages, createRenderBudget({ clock })) : null,
  });

  return app;
}
