/**
 * The app for the fan-out benchmark, in a process of its own, as it ships (default notification
 * settings) but for its clock: running `FANOUT_DUE_IN_MS` behind the release message's due moment
 * (09:00 UTC on FANOUT_RELEASE_DATE), so the title's release day "arrives" shortly after the start.
 * Prints `{"ready":true,"port":N,"dueWallMs":T}`.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const releaseDate = process.env.FANOUT_RELEASE_DATE ?? '';
const dueInMs = Number(process.env.FANOUT_DUE_IN_MS ?? 5000);
const due = new Date(`${releaseDate}T09:00:00Z`).getTime();
const dueWallMs = Date.now() + dueInMs;
const offset = due - dueWallMs;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  LOG_PRETTY: 'false',
  SEED_DEMO_CATALOG: 'false',
});
const app = await buildApp(config, { clock: () => new Date(Date.now() + offset) });
await app.listen({ host: config.host, port: 0 });
const { port } = app.server.address() as { port: number };
process.stdout.write(
  `${JSON.stringify({ ready: true, port, dueWallMs, intervalSeconds: config.notify.intervalSeconds })}\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
