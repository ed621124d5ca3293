import { ROUTES, type Route, type SessionUser } from '@releasebell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../plugins/session';
import type { Auth } from './auth';

/** The routes the table says are a member's own, by method and path as Fastify names them. */
const MEMBER_ROUTES = new Set(
  (Object.values(ROUTES) as Route[]).filter((r) => r.access === 'member').map((r) => `${r.method} ${r.path}`),
);

const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Gives every request `sessionUser()`, read from the session cookie through the identity service. */
export const sessionPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const cookie = this.headers.cookie;
      lookup = cookie
        ? auth.api
            .getSession({ headers: new Headers({ cookie }) })
            .then((s) =>
              s
                ? { id: s.user.id, email: s.user.email, name: s.user.name, image: s.user.image ?? null }
                : null,
            )
        : Promise.resolve(null);
      lookups.set(this, lookup);
    }
    return lookup;
  });
  // A member route answers a visitor 401 before anything else looks at the request: its body is not
  // validated (nor its schema told) for someone who may not use it.
  app.addHook('onRequest', async (req) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (!MEMBER_ROUTES.has(`${method} ${req.routeOptions.url}`)) return;
    if (!(await req.sessionUser())) throw unauthorized();
  });
});
