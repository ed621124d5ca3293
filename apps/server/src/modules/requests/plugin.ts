import fp from 'fastify-plugin';
import { createRequestsRepository } from './repository';
import { createRequestResolver, type RequestResolver } from './resolver';
import { requestRoutes } from './routes';
import { createRequestsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Content requests resolved from the providers (right after each is made, then daily). */
    requestResolver: RequestResolver;
  }
}

/** Members ask for missing titles; each is looked for at once and then on the sync's schedule. */
export default fp(
  async (app) => {
    const { clock, catalogSources } = app;
    const repo = createRequestsRepository(app.database.db);
    const resolver = createRequestResolver({
      repo,
      search: catalogSources.search,
      importer: catalogSources.importer,
      clock,
      log: app.log,
    });
    app.decorate('requestResolver', resolver);
    app.catalogSync.handle({ resolveRequests: () => resolver.resolveOpen() });
    await app.register(requestRoutes, {
      requests: createRequestsService(repo, clock, (id) => {
        if (!resolver.configured) return;
        // After the answer: the member is told in the app (and by email) if it resolves.
        void resolver
          .resolveOne(id)
          .catch((err) => app.log.warn({ err, request: id }, 'request resolution failed'));
      }),
    });
  },
  { name: 'requests', dependencies: ['auth', 'catalog-sync'] },
);
