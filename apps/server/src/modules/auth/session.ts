import type { SessionUser } from '@releasebell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from './auth';

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
});
