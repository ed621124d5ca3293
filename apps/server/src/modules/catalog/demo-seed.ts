import type { FastifyBaseLogger } from 'fastify';
import type { AppState } from '../../db/app-state';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { createDemoProvider } from '../../providers/demo/demo-provider';
import { ingest } from './ingestion';
import type { CatalogRepository } from './repository';

const DEMO_SEED_DAY_KEY = 'demo_catalog_seed_day';

/**
 * Loads the bundled demo catalog with its dates relative to the day it was first seeded, kept in the
 * database: a restart upserts the same dates, so it is never a "date changed" for every title
 * (docs/decisions/001).
 */
export async function seedDemoCatalog(
  repo: CatalogRepository,
  state: AppState,
  clock: Clock,
  log: FastifyBaseLogger,
) {
  const seedDay = await state.setOnce(DEMO_SEED_DAY_KEY, toIsoDate(clock()));
  const result = await ingest(repo, createDemoProvider({ today: seedDay }), { at: clock });
  log.info({ ...result, seedDay }, 'demo catalog seeded');
  return result;
}

/**
 * With real providers configured and the demo off, the demo's invented titles leave the catalog, so
 * they never show beside real ones. Titles a member tracks stay (a watchlist is never emptied behind
 * a member's back); they stop being refreshed.
 */
export async function retireDemoCatalog(repo: CatalogRepository, log: FastifyBaseLogger) {
  const removed = await repo.removeUntracked('demo:');
  if (removed > 0) log.info({ removed }, 'demo catalog titles removed (a provider is configured)');
  return removed;
}
