import { ROUTES, type Route, type SessionUser } from '@releasebell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../plugins/session';
import type { Auth } from './auth';

/** The routes the table says are a member's own, by method and path as Fastify names them. */
const MEMBER_ROUTES = new Set(
  (Object.values(ROUTES) as Route[]).filter((r) => r.access === 'member').map((r) => `${r.method} ${r.path}`),
);

interface Lookup {
  user: SessionUser;
  startedAt: Date;
}
const lookups = new WeakMap<FastifyRequest, Promise<Lookup | null>>();

/**
 * Gives every request `sessionUser()` and `sessionStartedAt()`, read once from the session cookie
 * through the identity service.
 */
export const sessionPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  const lookup = (req: FastifyRequest): Promise<Lookup | null> => {
    let found = lookups.get(req);
    if (!found) {
      const cookie = req.headers.cookie;
      found = cookie
        ? auth.api.getSession({ headers: new Headers({ cookie }) }).then((s) =>
            s
              ? {
                  user: {
                    id: s.user.id,
                    email: s.user.email,
                    name: s.user.name,
                    image: s.user.image ?? null,
                  },
                  startedAt: new Date(s.session.createdAt),
                }
              : null,
          )
        : Promise.resolve(null);
      lookups.set(req, found);
    }
    return found;
  };
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    return lookup(this).then((found) => found?.user ?? null);
  });
  app.decorateRequest('sessionStartedAt', function (this: FastifyRequest) {
    return lookup(this).then((found) => found?.startedAt ?? null);
  });
  // A member route answers a visitor 401 before anything else looks at the request: its body is not
  // validated (nor its schema told) for someone who may not use it.
  app.addHook('onRequest', async (req) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (!MEMBER_ROUTES.has(`${method} ${req.routeOptions.url}`)) return;
    if (!(await req.sessionUser())) throw unauthorized();
  });
});
