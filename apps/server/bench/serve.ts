/**
 * The real app for the benchmark, in a process of its own so the load generator does not share its
 * event loop, as it ships: production settings and the log level it is given (LOG_LEVEL; the
 * benchmark passes its --log-level, by default info, the product's default). Prints
 * `{"ready":true,"port":N}` once it listens on 127.0.0.1.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { listenAndReport, shippedEnv } from './child-runner';

await listenAndReport(await buildApp(loadConfig(shippedEnv({ SEED_DEMO_CATALOG: 'true' }))));
