import fp from 'fastify-plugin';
import { createAccountRepository } from './repository';
import { accountDataRoutes } from './routes';
import { createAccountService } from './service';

/** A member's own data: the export of all of it, and the account's deletion. */
export default fp(
  async (app) => {
    const account = createAccountService({
      repo: createAccountRepository(app.database.db),
      calendar: app.calendar,
      hasher: app.passwordHasher,
      limiter: app.limiter,
      mailer: app.mailer,
      clock: app.clock,
      log: app.log,
    });
    await app.register(accountDataRoutes, { account });
  },
  { name: 'account', dependencies: ['auth', 'calendar'] },
);
