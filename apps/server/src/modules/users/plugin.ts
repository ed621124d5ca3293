import fp from 'fastify-plugin';
import { createPhoneVerification } from './phone-verification';
import { createUsersRepository } from './repository';
import { usersRoutes } from './routes';
import { createUsersService } from './service';

/** Profiles, avatars and phone numbers (a number gets texts once its code is confirmed). */
export default fp(
  async (app) => {
    const { config, limiter, clock, texts } = app;
    const repo = createUsersRepository(app.database.db);
    await app.register(usersRoutes, {
      users: createUsersService(repo, texts.rules, clock),
      phone: createPhoneVerification({
        repo,
        limiter,
        sms: texts.sender,
        rules: texts.rules,
        secret: app.secrets.auth,
        publicUrl: config.publicUrl,
        clock,
      }),
    });
  },
  { name: 'users', dependencies: ['auth'] },
);
