import fp from 'fastify-plugin';
import { createAuth } from './auth';
import { authBridge } from './bridge';
import { createDeviceCookies } from './device-cookie';
import { createAuthGuards } from './guards';
import {
  createPasswordHasher,
  type HashingLimits,
  type PasswordHasher,
  type ScryptCost,
} from './password-hash';
import { createAuthRepository } from './repository';
import { createPasswordResetService } from './reset-service';
import { accountRoutes } from './routes';
import { sessionPlugin } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password hashing on its own threads, with its bounded queue (tests read its stats). */
    passwordHasher: PasswordHasher;
  }
}

export interface AuthModuleOptions {
  /** The password hasher's threads and queue (tests); otherwise from the machine's cores. */
  hashing?: HashingLimits | undefined;
  /** The scrypt cost of new hashes (tests lower it to keep the suite fast); otherwise SCRYPT_COST. */
  hashCost?: ScryptCost | undefined;
}

/** Accounts and sessions: sign-up, sign-in (password and Google), resets, and each request's session. */
export default fp<AuthModuleOptions>(
  async (app, options) => {
    const { config, database, limiter, clock } = app;
    const hasher = createPasswordHasher(options.hashing, options.hashCost);
    app.decorate('passwordHasher', hasher);
    app.addHook('onClose', () => hasher.close());
    const repository = createAuthRepository(database.db);
    const auth = createAuth({
      config,
      db: database.db,
      secret: app.secrets.auth,
      mailer: app.mailer,
      log: app.log,
      hasher,
      limiter,
      localeOf: repository.localeOf,
    });
    const guards = createAuthGuards({
      config,
      limiter,
      devices: createDeviceCookies(app.secrets.auth, config.https),
    });
    await app.register(sessionPlugin, { auth });
    await app.register(authBridge, { auth, config, guards, repository, hasher });
    await app.register(accountRoutes, {
      guards,
      hasher,
      passwordReset: createPasswordResetService({ auth, repository, guards, clock }),
    });
  },
  { name: 'auth', dependencies: ['infrastructure', 'http'] },
);
