import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type CatalogChanges, listenForCatalogChanges } from '../infra/catalog-changes';
import { createMailer, type Mailer } from '../infra/mail/mailer';
import { createRateLimiter, type RateLimiter } from '../infra/rate-limiter';
import { loadSecrets, type Secrets } from '../infra/secrets';
import { createPhoneRules, type PhoneRules } from '../infra/texts/phone-rules';
import { createSmsSender, type SmsSender, smsOutboxDir } from '../infra/texts/sms-sender';
import { createJobs, type Jobs } from '../jobs/boss';
import { type Clock, systemClock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The one clock of every service that stamps or compares times. */
    clock: Clock;
    database: DatabaseHandle;
    secrets: Secrets;
    mailer: Mailer;
    /** Counters in the shared database: they hold across app processes. */
    limiter: RateLimiter;
    /** Every text of the app goes through `sender`, so its caps bound the cost; `rules` say which numbers. */
    texts: { sender: SmsSender; rules: PhoneRules };
    metrics: Registry;
    jobs: Jobs;
    /** Changes to the catalog from any process: what is kept of it subscribes to be dropped. */
    catalogChanges: CatalogChanges;
  }
}

export interface InfrastructureOptions {
  config: Config;
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle | undefined;
  /** The system's clock if unset (tests fix the time). */
  clock?: Clock | undefined;
  /** Where mail goes (tests); otherwise SMTP_URL or the local mailbox under DATA_DIR. */
  mailer?: Mailer | undefined;
}

/** What every module builds on: the database (migrated), clock, config, secrets, mail, texts, limits, jobs. */
export const infrastructure = fp<InfrastructureOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = options;
    const database =
      options.database ??
      (await openDatabase({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
      }));
    if (!options.database) app.addHook('onClose', () => database.close());
    await database.migrate();
    const clock = options.clock ?? systemClock;
    const limiter = createRateLimiter(database.db, clock);

    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailboxDir: path.join(config.dataDir, 'mailbox'),
        log: app.log,
      });
    if (!options.mailer) app.addHook('onClose', async () => mailer.close());

    const rules = createPhoneRules(config.sms.countries);
    const sender = createSmsSender({
      textable: rules.problem,
      twilio: config.twilio,
      outboxDir: smsOutboxDir(config.dataDir),
      limiter,
      maxPerHour: config.sms.maxPerHour,
      clock,
      log: app.log,
    });

    const metrics = new Registry();
    collectDefaultMetrics({ register: metrics });

    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('database', database);
    app.decorate('secrets', await loadSecrets(config));
    app.decorate('mailer', mailer);
    app.decorate('limiter', limiter);
    app.decorate('texts', { sender, rules });
    app.decorate('metrics', metrics);
    app.decorate('jobs', createJobs(app, database));
    const catalogChanges = await listenForCatalogChanges(database);
    app.addHook('onClose', () => catalogChanges.stop().catch(() => {}));
    app.decorate('catalogChanges', catalogChanges);
  },
  { name: 'infrastructure' },
);
