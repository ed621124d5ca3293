import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { ProviderSearch, SyncImporter } from '../catalog-sync';
import { confidentMatch } from './match';
import type { RequestsRepository } from './repository';

/** Open requests are searched for again once a day. */
const RECHECK_MS = 24 * 60 * 60_000;

/**
 * Content requests that resolve themselves: the providers are searched for the title asked for; a
 * confident match (see confidentMatch) is imported, the request is marked added with the item, and
 * the member who asked is told (notification kind `request_resolved`). Unmatched requests stay open
 * for `npm run requests:list` and are searched again the next day.
 */
export function createRequestResolver(options: {
  repo: RequestsRepository;
  search: ProviderSearch;
  importer: SyncImporter;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, search, importer, clock, log } = options;

  async function resolveOne(id: string): Promise<'resolved' | 'open'> {
    const request = await repo.byId(id);
    if (request?.status !== 'pending') return 'open';
    const { items, failures } = await search.search(request.title, {
      mediaType: request.mediaType,
      interactive: false,
    });
    // A provider that failed may hold the answer: try again at the next run rather than decide now.
    if (failures.length > 0) {
      for (const err of failures)
        log.warn({ err, request: id }, 'request resolution: a provider search failed');
      return 'open';
    }
    const match = confidentMatch(request, items);
    if (!match) {
      await repo.markChecked(id, clock());
      return 'open';
    }
    await importer.importItems([match]);
    const itemId = await repo.itemIdOf(match.providerId);
    if (!itemId) return 'open';
    const resolved = await repo.resolve(id, itemId, clock());
    if (resolved) log.info({ request: id, providerId: match.providerId }, 'content request resolved');
    return resolved ? 'resolved' : 'open';
  }

  return {
    resolveOne,
    configured: search.configured,
    /** Every open request not searched for in the last day; answers how many were resolved. */
    async resolveOpen(): Promise<number> {
      let resolved = 0;
      for (;;) {
        const batch = await repo.toCheck(new Date(clock().getTime() - RECHECK_MS), 50);
        if (batch.length === 0) return resolved;
        for (const request of batch) {
          if ((await resolveOne(request.id)) === 'resolved') resolved += 1;
          // A request left open is marked checked either way, so the loop moves on.
          else await repo.markChecked(request.id, clock());
        }
      }
    },
  };
}
export type RequestResolver = ReturnType<typeof createRequestResolver>;
