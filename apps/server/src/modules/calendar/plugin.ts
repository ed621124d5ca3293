import fp from 'fastify-plugin';
import { createCalendarRepository } from './repository';
import { calendarRoutes } from './routes';
import { type CalendarService, createCalendarService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' feeds (the data export holds one). */
    calendar: CalendarService;
  }
}

/** A member's calendar feed of the release days of what they track. */
export default fp(
  async (app) => {
    const { config } = app;
    const calendar = createCalendarService({
      repo: createCalendarRepository(app.database.db),
      secret: app.secrets.auth,
      publicUrl: config.publicUrl,
      defaultRegion: config.defaultRegion,
      clock: app.clock,
    });
    app.decorate('calendar', calendar);
    await app.register(calendarRoutes, { calendar });
  },
  { name: 'calendar', dependencies: ['auth'] },
);
