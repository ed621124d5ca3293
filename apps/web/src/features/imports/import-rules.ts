import type { ApplyImportBody, Import, ImportEntry, ImportSource } from '@releasebell/contract';

export const TOO_LARGE_MESSAGE = 'This file is over 10 MB.';

/** What the file picker offers: the exports as they are downloaded. */
export const ACCEPTED_FILES = '.csv,.zip,text/csv,application/zip';

/** What each source's export is, as the member knows it. */
export const SOURCE_LABEL: Record<ImportSource, string> = {
  goodreads: 'Goodreads library',
  storygraph: 'StoryGraph library',
  letterboxd: 'Letterboxd watchlist',
  imdb: 'IMDb watchlist',
};

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Dune (1965)", "The Odyssey (700 BC)", or the title alone without a year. */
export const titleWithYear = (title: string, year: number | null | undefined) =>
  year ? `${title} (${year < 0 ? `${-year} BC` : year})` : title;

/** "Line 12: Dune (1965) — not found": a row that is left out, and why. */
export const lineText = (entry: ImportEntry) =>
  `Line ${entry.line}: ${titleWithYear(entry.title, entry.year)}${entry.reason ? ` — ${entry.reason}` : ''}`;

/** Matching's progress as a whole percentage (0..100), never past 99 while it is still matching. */
export function progressPercent(imported: Pick<Import, 'progress' | 'status'>): number {
  const percent = Math.floor(Math.max(0, Math.min(1, imported.progress)) * 100);
  return imported.status === 'matching' ? Math.min(percent, 99) : percent;
}

/** The entries of each kind the preview shows. */
export function groupEntries(entries: ImportEntry[]) {
  const of = (status: ImportEntry['status']) => entries.filter((e) => e.status === status);
  return {
    matched: of('matched'),
    ambiguous: of('ambiguous'),
    unmatched: of('unmatched'),
    alreadyTracked: of('already_tracked'),
    skipped: of('skipped'),
  };
}

/** What the member chose in the preview. */
export interface ImportSelection {
  /** Matched lines the member unticked. */
  unticked: ReadonlySet<number>;
  /** Ambiguous lines: the candidate chosen (absent or null: none of these). */
  chosen: Readonly<Record<number, string | null>>;
  /** The suggested refs ticked. */
  follow: ReadonlySet<string>;
}

/** How many titles applying adds: each matched line still ticked (a series is one) and each choice. */
export function titlesToAdd(entries: ImportEntry[], selection: ImportSelection): number {
  let n = 0;
  for (const entry of entries) {
    if (entry.status === 'matched' && !selection.unticked.has(entry.line)) n += 1;
    else if (entry.status === 'ambiguous' && selection.chosen[entry.line]) n += 1;
  }
  return n;
}

/** The apply body: null for each matched line left out, the item for each ambiguous line chosen. */
export function applyBody(entries: ImportEntry[], selection: ImportSelection): Required<ApplyImportBody> {
  const choices: Record<string, string | null> = {};
  for (const entry of entries) {
    if (entry.status === 'matched' && selection.unticked.has(entry.line)) choices[entry.line] = null;
    const chosen = selection.chosen[entry.line];
    if (entry.status === 'ambiguous' && chosen) choices[entry.line] = chosen;
  }
  return { choices, follow: [...selection.follow] };
}

/** The main button's words: what applying does, or that there is nothing to do. */
export function applyLabel(titles: number, follows: number): string {
  if (titles === 0 && follows === 0) return 'Nothing to add';
  if (follows === 0) return `Add ${plural(titles, 'title', 'titles')}`;
  if (titles === 0) return `Follow ${follows}`;
  return `Add ${plural(titles, 'title', 'titles')} and follow ${follows}`;
}
