/**
 * The private calendar feed: a member's tracked titles as iCalendar events, behind a hashed token.
 * The module's public surface: other code imports only this file.
 */
export { createCalendarRepository } from './repository';
export { calendarRoutes } from './routes';
export { type CalendarService, calendarToken, calendarTokenHash, createCalendarService } from './service';
