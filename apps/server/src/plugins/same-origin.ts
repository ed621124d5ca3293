import { AUTH_MESSAGES, ERROR_CODES, notPublicUrlMessage } from '@releasebell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorBody } from '../errors';
import { requestLocale, translate } from '../infra/i18n';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Vite's dev server, which proxies the API in `npm run dev`. */
const DEV_ORIGIN = 'http://localhost:5173';

/** The address this request reached the product at, as a browser would write its origin. */
const ownOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The one origin a state-changing request may come from: PUBLIC_URL when it is set; otherwise the
 * request's own (so http://127.0.0.1:3000 and a home server's LAN address work with no set-up).
 * The identity service is handed the same origin (see the auth bridge).
 */
export function allowedOrigin(req: FastifyRequest, config: Config): string {
  return config.publicUrlConfigured ? config.publicUrl : ownOrigin(req);
}

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request that a browser marks
 * as coming from another origin is refused. Browsers send Origin on every cross-site POST; a request
 * without one (curl, server-to-server) carries no ambient cookies of a visitor and passes.
 */
export function registerSameOriginCheck(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const origin = req.headers.origin;
    if (origin === undefined || origin === allowedOrigin(req, config)) return done();
    if (config.env === 'development' && origin === DEV_ORIGIN) return done();
    if (origin === ownOrigin(req)) {
      // Same site, but not the address the product is configured for: say so, in the UI and the log.
      const message = notPublicUrlMessage(config.publicUrl);
      req.log.warn({ origin, url: req.url }, translate('en-US', message));
      reply
        .status(403)
        .send(errorBody(ERROR_CODES.originNotAllowed, translate(requestLocale(req.headers), message)));
      return;
    }
    req.log.warn({ origin, url: req.url }, 'cross-site request refused');
    reply
      .status(403)
      .send(
        errorBody(
          ERROR_CODES.crossSiteRequest,
          translate(requestLocale(req.headers), AUTH_MESSAGES.crossSite),
        ),
      );
  });
}
