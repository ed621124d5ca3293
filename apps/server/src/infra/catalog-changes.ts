import type { DatabaseHandle } from '../db/client';

/** The channel the catalog's triggers notify (migration 0024). */
export const CATALOG_CHANNEL = 'releasebell_catalog';
/** Notices this close together drop what is kept once: a sync writes in many statements. */
const COALESCE_MS = 250;

export interface CatalogChanges {
  /** Calls `drop` whenever the catalog changed, in this process or any other on the database. */
  subscribe(drop: () => void): void;
  /** Resolves once the next change has been told to every subscriber. */
  next(): Promise<void>;
}

/**
 * What every process keeps of the catalog (answers, pages) is dropped when any process changes it,
 * within a fraction of a second rather than when the copy expires.
 */
export async function listenForCatalogChanges(
  database: DatabaseHandle,
): Promise<CatalogChanges & { stop(): Promise<void> }> {
  const subscribers: (() => void)[] = [];
  let waiting: (() => void)[] = [];
  let pending: NodeJS.Timeout | undefined;
  const stop = await database.listen(CATALOG_CHANNEL, () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      for (const drop of subscribers) drop();
      const told = waiting;
      waiting = [];
      for (const resolve of told) resolve();
    }, COALESCE_MS);
    pending.unref();
  });
  return {
    subscribe: (drop) => {
      subscribers.push(drop);
    },
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    stop: async () => {
      clearTimeout(pending);
      await stop();
    },
  };
}
