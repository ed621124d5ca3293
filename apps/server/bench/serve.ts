/**
 * The real app for the benchmark, in a process of its own so the load generator does not share its
 * event loop, as it ships: production settings and the log level it is given (LOG_LEVEL; the
 * benchmark passes its --log-level, by default info, the product's default). Prints
 * `{"ready":true,"port":N}` once it listens on 127.0.0.1.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_PRETTY: 'false',
  SEED_DEMO_CATALOG: 'true',
});
const app = await buildApp(config);
await app.listen({ host: config.host, port: 0 });
const { port } = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
