import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request that a browser marks
 * as coming from another site is refused. Browsers send Origin on every cross-site POST; a request
 * without one (curl, server-to-server) carries no ambient cookies of a visitor and passes.
 */
export function registerSameOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const origin = req.headers.origin;
    if (origin === undefined) return done();
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === own || trusted.has(origin)) return done();
    req.log.warn({ origin, url: req.url }, 'cross-site request refused');
    reply
      .status(403)
      .send(errorBody('CROSS_SITE_REQUEST', 'This request came from another site and was refused.'));
  });
}
