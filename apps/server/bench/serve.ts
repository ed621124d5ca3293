/**
 * The app from its sources, under tsx, with the settings the benchmark gives the built bundle
 * (startApp): `--serve-script apps/server/bench/serve.ts` measures a change without building it, and
 * is the template for a prototype's script. Prints `{"ready":true,"port":N}` once it listens on
 * 127.0.0.1.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { listenAndReport } from './child-runner';
import { BENCH_APP_SETTINGS, shippedEnv } from './children';

await listenAndReport(await buildApp(loadConfig(shippedEnv(BENCH_APP_SETTINGS))));
