/**
 * The app for the fan-out benchmark, in a process of its own, as it ships (default notification
 * settings) but for its clock: running `FANOUT_DUE_IN_MS` behind the release message's due moment
 * (09:00 UTC on FANOUT_RELEASE_DATE), so the title's release day "arrives" shortly after the start.
 * Prints `{"ready":true,"port":N,"dueWallMs":T}`.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { listenAndReport } from './child-runner';
import { shippedEnv } from './children';

const releaseDate = process.env.FANOUT_RELEASE_DATE ?? '';
const dueInMs = Number(process.env.FANOUT_DUE_IN_MS ?? 5000);
const due = new Date(`${releaseDate}T09:00:00Z`).getTime();
const dueWallMs = Date.now() + dueInMs;
const offset = due - dueWallMs;

const config = loadConfig(shippedEnv({ LOG_LEVEL: 'warn', SEED_DEMO_CATALOG: 'false' }));
const app = await buildApp(config, { clock: () => new Date(Date.now() + offset) });
await listenAndReport(app, { dueWallMs, intervalSeconds: config.notify.intervalSeconds });
