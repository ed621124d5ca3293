import {
  calendarFeedQuerySchema,
  calendarLinkSchema,
  errorResponseSchema,
  ROUTES,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInId } from '../../plugins/session';
import type { CalendarService } from './service';

const tags = ['calendar'];

/** The member's calendar link (signed in), and the feed itself (its token is its only credential). */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  app.route({
    method: ROUTES.getCalendarLink.method,
    url: ROUTES.getCalendarLink.path,
    schema: {
      tags,
      operationId: 'getCalendarLink',
      summary: "The member's private calendar feed link (https and webcal), made on the first ask",
      response: { 200: calendarLinkSchema, 401: errorResponseSchema },
    },
    handler: async (req, reply) => {
      const link = await calendar.link(await signedInId(req));
      return reply.header('cache-control', 'private, no-store').send(link);
    },
  });

  app.route({
    method: ROUTES.rotateCalendarLink.method,
    url: ROUTES.rotateCalendarLink.path,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      operationId: 'rotateCalendarLink',
      summary: 'A new calendar link; the old one answers 404 at once',
      response: { 200: calendarLinkSchema, 401: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (req, reply) => {
      const link = await calendar.rotate(await signedInId(req));
      return reply.header('cache-control', 'private, no-store').send(link);
    },
  });

  app.route({
    method: ROUTES.calendarFeed.method,
    url: ROUTES.calendarFeed.path,
    schema: {
      tags,
      operationId: 'calendarFeed',
      summary: "A member's tracked titles as an iCalendar feed (RFC 5545), for calendar apps",
      params: z.object({ file: z.string().max(100) }),
      querystring: calendarFeedQuerySchema,
      response: {
        200: z.string().meta({ description: 'text/calendar' }),
        304: z.null().meta({ description: 'Not modified (If-None-Match)' }),
        400: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const token = req.params.file.endsWith('.ics') ? req.params.file.slice(0, -4) : '';
      const { body, etag } = await calendar.feed(token, req.query);
      // Private to the link's holder; calendar apps revalidate with the ETag (weak: gzip or not).
      const tag = `W/${etag}`;
      reply.header('cache-control', 'private, no-cache').header('etag', tag);
      const asked = req.headers['if-none-match'];
      if (asked?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send(null);
      }
      // @fastify/compress gzips it for clients that take gzip: a megabyte of text becomes a tenth.
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="releasebell.ics"')
        .send(body);
    },
  });
};
