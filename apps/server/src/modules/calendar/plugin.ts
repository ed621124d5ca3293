import fp from 'fastify-plugin';
import { createCalendarRepository } from './repository';
import { calendarRoutes } from './routes';
import { createCalendarService } from './service';

/** A member's calendar feed of the release days of what they track. */
export default fp(
  async (app) => {
    const { config } = app;
    await app.register(calendarRoutes, {
      calendar: createCalendarService({
        repo: createCalendarRepository(app.database.db),
        secret: app.secrets.auth,
        publicUrl: config.publicUrl,
        defaultRegion: config.defaultRegion,
        clock: app.clock,
      }),
    });
  },
  { name: 'calendar', dependencies: ['auth'] },
);
