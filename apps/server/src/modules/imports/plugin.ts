import fp from 'fastify-plugin';
import { createJobTicker } from '../../jobs/ticker';
import { createImportLookup } from '../catalog-sync';
import { createWatchlistRepository } from '../watchlist';
import { createCatalogMatcher } from './matcher';
import { createImportsRepository } from './repository';
import { importRoutes } from './routes';
import { createImportsService, IMPORTS_QUEUE, type ImportsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** List imports: tests call matchPending to wait for a match. */
    imports: ImportsService;
  }
}

/** Lists brought in from other services: matched in the background, applied when the member says. */
export default fp(
  async (app) => {
    const { clock, catalogRepository: catalog } = app;
    const imports: ImportsService = createImportsService({
      repo: createImportsRepository(app.database.db),
      matcher: createCatalogMatcher(catalog),
      lookup: createImportLookup({ catalog, providers: app.catalogSources.providers, clock }),
      follows: app.follows,
      watchlist: createWatchlistRepository(app.database.db),
      clock,
      // At once, after the answer; a process that stops halfway leaves it to the ticker below.
      schedule: (id) => {
        void imports
          .matchPending(id)
          .catch((err) => app.log.warn({ err, import: id }, 'import matching failed'));
      },
    });
    app.decorate('imports', imports);
    if (app.config.notify.worker) {
      app.jobs.add(
        createJobTicker({
          queue: IMPORTS_QUEUE,
          intervalSeconds: 60,
          run: async () => {
            await imports.resumeStalled();
          },
          log: app.log,
        }),
      );
    }
    await app.register(importRoutes, { imports });
  },
  { name: 'imports', dependencies: ['auth', 'catalog-sync', 'follows'] },
);
