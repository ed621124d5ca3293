import { type CatalogRepository, upsertItems } from '../modules/catalog';
import type { MetadataProvider } from '../providers/types';

/** Titles as an operator names them: `tmdb:movie:603`, `tmdb:tv:1399:2`, `isbn:9780441172719`. */
export function parseImportIds(args: string[]): {
  movies: number[];
  seasons: { series: number; season: number }[];
  isbns: string[];
} {
  const movies: number[] = [];
  const seasons: { series: number; season: number }[] = [];
  const isbns: string[] = [];
  for (const arg of args) {
    const movie = /^tmdb:movie:(\d+)$/.exec(arg);
    const season = /^tmdb:tv:(\d+):(\d+)$/.exec(arg);
    const isbn = /^isbn:(\d{9}[\dX]|\d{13})$/i.exec(arg.replace(/-/g, ''));
    if (movie) movies.push(Number(movie[1]));
    else if (season) seasons.push({ series: Number(season[1]), season: Number(season[2]) });
    else if (isbn?.[1]) isbns.push(isbn[1].toUpperCase());
    else {
      throw new Error(
        `"${arg}" is not a title id: use tmdb:movie:{id}, tmdb:tv:{id}:{season} or isbn:{ISBN}, e.g. tmdb:movie:603.`,
      );
    }
  }
  if (movies.length + seasons.length + isbns.length === 0) {
    throw new Error('name at least one title, e.g. tmdb:movie:603.');
  }
  return { movies, seasons, isbns };
}

export interface ImportSummary {
  added: number;
  updated: number;
  /** Known titles whose date was announced, moved or removed (each a release event). */
  dateChanges: number;
}

/** Several providers' summaries as one, and the line that ends a command's output. */
export function totalLine(where: string, summaries: ImportSummary[]): string {
  const sum = (key: keyof ImportSummary) => summaries.reduce((n, s) => n + s[key], 0);
  return `Into ${where}: ${sum('added')} added, ${sum('updated')} updated, ${sum('dateChanges')} release date changes.`;
}

/**
 * A provider's titles through the pipeline (`catalog:import`, `catalog:sync`), saying per title
 * whether it was added or updated, with its date, and what changed.
 */
export async function runImport<Raw>(
  repo: CatalogRepository,
  provider: MetadataProvider<Raw>,
  line: (text: string) => void,
  at: () => Date = () => new Date(),
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, dateChanges: 0 };
  for await (const batch of provider.fetch()) {
    const items = batch.map((raw) => provider.normalise(raw));
    const known = await repo.existingByProviderId(items.map((i) => i.providerId));
    const result = await upsertItems(repo, items, { source: provider.name, at: at() });
    summary.added += result.inserted;
    summary.updated += result.updated;
    summary.dateChanges += result.dateChanges;
    const changed = new Map(result.changes.map((c) => [c.providerId, c]));
    const slugs = await repo.existingByProviderId(items.map((i) => i.providerId));
    for (const item of items) {
      const change = changed.get(item.providerId);
      const status = known.has(item.providerId) ? (change ? 'changed' : 'updated') : 'added';
      const where = `${item.mediaType}/${slugs.get(item.providerId) ?? '?'}`;
      const date = change
        ? `release date ${change.kind}: ${change.oldDate ?? 'TBD'} -> ${change.newDate ?? 'TBD'}`
        : asPrecise(item.releaseDate, item.releaseDatePrecision);
      line(`${status.padEnd(7)} ${where}  ${item.title} (${date})`);
    }
  }
  return summary;
}

/** `2027`, `2027-03` or `2027-03-14`, as precise as the date is known; TBD without one. */
function asPrecise(date: string | null, precision: string | null): string {
  if (!date) return 'TBD';
  return precision === 'year' ? date.slice(0, 4) : precision === 'month' ? date.slice(0, 7) : date;
}
