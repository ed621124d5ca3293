import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { acceptsGzip } from '../../lib/gzip';
import { matchesIfNoneMatch } from '../images';
import { viewerOf } from './page-renderer';
import type { PageService } from './page-service';

const NO_WEB_APP = /*i18n*/ { id: 'error.pages.noWebApp', message: 'No web app is installed.' };

/**
 * Answers a page route with the web app's index.html and the head tags a crawler reads (see
 * PageService.page). Pages are `no-cache`: browsers ask each time, and get a 304 when the page's
 * ETag has not changed.
 */
export function createPageSender(pages: PageService, mayRender: (address: string) => boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await pages.page(req.url, viewerOf(req.headers), () => mayRender(req.ip));
    if (!page) throw notFound('NOT_FOUND', NO_WEB_APP);
    // The page is rendered for the visitor's language and home tab choice (page-renderer.ts).
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .header('etag', page.etag);
    if (page.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], page.etag)) {
      return reply.code(304).send();
    }
    reply.code(page.status).type('text/html; charset=utf-8');
    if (acceptsGzip(req.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };
}
