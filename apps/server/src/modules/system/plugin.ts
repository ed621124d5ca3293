import fp from 'fastify-plugin';
import { systemRoutes } from './routes';

/** Health, readiness and metrics for operators and load balancers. */
export default fp(
  async (app) => {
    const { config, database, metrics, catalogSync, lifecycle } = app;
    await app.register(systemRoutes, { config, database, metrics, catalogSync, lifecycle });
  },
  { name: 'system', dependencies: ['catalog-sync'] },
);
