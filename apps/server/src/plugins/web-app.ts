import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, isApiPath } from '@releasebell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors';

/** Paths that are API or files (the built web app's), never a page, even for a browser asking for HTML. */
const isApiOrAsset = (url: string) => isApiPath(url) || url.startsWith('/assets/');

/**
 * Whether a GET may be answered with the web app: it names HTML, or its first choice is anything
 * (curl, uptime monitors and link checkers send `*\/*` or no Accept at all). An API client's
 * `application/json, *\/*` keeps its JSON 404.
 */
function acceptsPage(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.includes('text/html') || accept.split(',')[0]?.split(';')[0]?.trim() === '*/*';
}

/**
 * The built web app: its files, and every address no route answers. A client-side route (a GET that
 * wants HTML) gets its page (`sendPage`: drawn on the server, with the head tags crawlers read; a
 * title not in the catalog is a 404 with the same page); anything else is the JSON 404. Without a
 * build (`sendPage` null) only the JSON 404 is left.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    sendPage: ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
  },
): Promise<void> {
  const { sendPage } = options;
  if (sendPage) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      // Source maps stay off the public site (the build does not make them; this holds if one does).
      globIgnore: ['**/*.map'],
      setHeaders: (reply, filePath) => {
        // Browsers check the service worker for a new version on every visit: never an hour-old copy.
        if (path.relative(options.webDistDir, filePath) === 'sw.js') {
          reply.header('cache-control', 'no-cache');
          return;
        }
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const wantsPage = (req: FastifyRequest) =>
    sendPage !== null &&
    (req.method === 'GET' || req.method === 'HEAD') &&
    acceptsPage(req.headers.accept) &&
    !isApiOrAsset(req.url);
  app.setNotFoundHandler(
    // Only unknown API paths are limited (slows path scanning); page loads of client routes are not.
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute', allowList: wantsPage }) },
    async (req, reply) => {
      if (sendPage && wantsPage(req)) return sendPage(req, reply);
      return reply
        .status(404)
        .send(errorBody(ERROR_CODES.notFound, `No route for ${req.method} ${req.url.split('?')[0]}.`));
    },
  );
}
