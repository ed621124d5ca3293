import type { MediaType } from '@releasebell/contract';
import type { NewMediaItemRow } from '../../db/schema';
import { shortHash } from '../../lib/short-hash';
import { normaliseForSearch, slugify } from '../../lib/text';
import type { MetadataProvider, NormalisedItem } from '../../providers/types';
import type { CatalogRepository, ChangeSource, ReleaseChange } from './repository';

export interface IngestResult {
  received: number;
  inserted: number;
  updated: number;
  /** Known items whose release date was announced, moved or removed (each wrote a release event). */
  dateChanges: number;
}

/** provider -> normalise -> upsert: the only way items enter the catalog. */
export async function ingest<Raw>(
  repo: CatalogRepository,
  provider: MetadataProvider<Raw>,
  options: {
    at?: () => Date;
    onBatch?: (result: IngestResult) => void;
    /** False when the caller runs many small ingests and refreshes the statistics once after them. */
    analyze?: boolean;
  } = {},
): Promise<IngestResult> {
  const total: IngestResult = { received: 0, inserted: 0, updated: 0, dateChanges: 0 };
  const at = options.at ?? (() => new Date());
  for await (const batch of provider.fetch()) {
    const items = batch.map((raw) => provider.normalise(raw));
    const result = await upsertItems(repo, items, { source: provider.name, at: at() });
    total.received += result.received;
    total.inserted += result.inserted;
    total.updated += result.updated;
    total.dateChanges += result.dateChanges;
    options.onBatch?.(total);
  }
  // The embedded database has no autovacuum: refresh the planner's statistics after new items arrive,
  // or search plans for a grown catalog are made on the numbers of a small one.
  if (total.inserted > 0 && options.analyze !== false) await repo.analyze();
  return total;
}

export async function upsertItems(
  repo: CatalogRepository,
  items: NormalisedItem[],
  change: ChangeSource,
): Promise<IngestResult & { changes: ReleaseChange[] }> {
  // The same provider id twice in one batch would make the upsert touch a row twice: keep the last.
  const unique = [...new Map(items.map((i) => [i.providerId, i])).values()];
  const known = await repo.existingByProviderId(unique.map((i) => i.providerId));
  const slugs = new Map<string, string>();
  const byType = new Map<MediaType, NormalisedItem[]>();
  for (const item of unique) {
    const knownSlug = known.get(item.providerId);
    if (knownSlug) slugs.set(item.providerId, knownSlug);
    else byType.set(item.mediaType, [...(byType.get(item.mediaType) ?? []), item]);
  }
  for (const [mediaType, fresh] of byType) {
    const candidates = new Map(fresh.map((i) => [i.providerId, slugCandidates(i)]));
    const taken = await repo.existingSlugs(mediaType, [...candidates.values()].flat());
    for (const item of fresh) {
      const options = candidates.get(item.providerId) ?? [];
      const slug =
        options.find((s) => !taken.has(s)) ??
        `${options[0]}-${shortHash(`${item.providerId}:2`, 6, 'fnv1a')}`;
      taken.add(slug);
      slugs.set(item.providerId, slug);
    }
  }
  const rows: NewMediaItemRow[] = unique.map(
    ({ releaseDates: _, credits: __, identifiers: ___, translations: ____, ...item }) => ({
      ...item,
      slug: slugs.get(item.providerId) ?? slugify(item.title),
      searchText: normaliseForSearch(item.title),
    }),
  );
  const regional = new Map(
    unique.flatMap((i) => (i.releaseDates ? [[i.providerId, i.releaseDates] as const] : [])),
  );
  const credits = new Map(unique.flatMap((i) => (i.credits ? [[i.providerId, i.credits] as const] : [])));
  const identifiers = new Map(
    unique.flatMap((i) => (i.identifiers ? [[i.providerId, i.identifiers] as const] : [])),
  );
  const translations = new Map(
    unique.flatMap((i) => (i.translations ? [[i.providerId, i.translations] as const] : [])),
  );
  const changes = await repo.upsert(rows, change, { regional, credits, identifiers, translations });
  return {
    received: rows.length,
    inserted: rows.length - known.size,
    updated: known.size,
    dateChanges: changes.length,
    changes,
  };
}

/** Title; then title and year; then title and a hash of the provider id, which cannot collide in practice. */
function slugCandidates(item: NormalisedItem): string[] {
  const base = slugify(item.title);
  const year = item.releaseDate?.slice(0, 4);
  return [base, ...(year ? [`${base}-${year}`] : []), `${base}-${shortHash(item.providerId, 6, 'fnv1a')}`];
}
