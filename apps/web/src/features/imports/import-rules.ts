import type { ApplyImportBody, Import, ImportEntry, ImportSource } from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { translateNow } from '../../lib/i18n';

const MESSAGES = {
  tooLarge: /*i18n*/ { id: 'imports.rules.tooLarge', message: 'This file is over 10 MB.' },
  goodreads: /*i18n*/ { id: 'imports.rules.goodreadsLibrary', message: 'Goodreads library' },
  storygraph: /*i18n*/ { id: 'imports.rules.storygraphLibrary', message: 'StoryGraph library' },
  letterboxd: /*i18n*/ { id: 'imports.rules.letterboxdWatchlist', message: 'Letterboxd watchlist' },
  imdb: /*i18n*/ { id: 'imports.rules.imdbWatchlist', message: 'IMDb watchlist' },
  trakt: /*i18n*/ { id: 'imports.rules.traktWatchlist', message: 'Trakt watchlist' },
  simkl: /*i18n*/ { id: 'imports.rules.simklBackup', message: 'Simkl backup' },
  releasebell: /*i18n*/ { id: 'imports.rules.releasebellExport', message: 'Releasebell export' },
  fileHeading: /*i18n*/ {
    id: 'imports.rules.fileHeading',
    message: '{source}, {rows, plural, one {# row} other {# rows}}',
  },
  yearBc: /*i18n*/ { id: 'imports.rules.yearBc', message: '{year} BC' },
  titleWithYear: /*i18n*/ { id: 'imports.rules.titleWithYear', message: '{title} ({year})' },
  line: /*i18n*/ { id: 'imports.rules.line', message: 'Line {line}: {title}' },
  lineWithReason: /*i18n*/ { id: 'imports.rules.lineWithReason', message: 'Line {line}: {title} — {reason}' },
  /** A row that could not be read, so has no title to name. */
  untitledWithReason: /*i18n*/ { id: 'imports.rules.untitledWithReason', message: 'Line {line}: {reason}' },
  nothingToAdd: /*i18n*/ { id: 'imports.rules.nothingToAdd', message: 'Nothing to add' },
  addTitles: /*i18n*/ {
    id: 'imports.rules.addTitles',
    message: 'Add {titles, plural, one {# title} other {# titles}}',
  },
  follow: /*i18n*/ { id: 'imports.rules.follow', message: 'Follow {follows}' },
  addTitlesAndFollow: /*i18n*/ {
    id: 'imports.rules.addTitlesAndFollow',
    message: 'Add {titles, plural, one {# title} other {# titles}} and follow {follows}',
  },
};

/** "This file is over 10 MB.": the drop zone's and the upload's words for a file over the limit. */
export const TOO_LARGE_MESSAGE = MESSAGES.tooLarge;

/** What the file picker offers: the exports as they are downloaded. */
export const ACCEPTED_FILES = '.csv,.json,.zip,text/csv,application/json,application/zip';

/** What each source's export is, as the member knows it. */
const SOURCE_LABEL: Record<ImportSource, MessageDescriptor> = {
  goodreads: MESSAGES.goodreads,
  storygraph: MESSAGES.storygraph,
  letterboxd: MESSAGES.letterboxd,
  imdb: MESSAGES.imdb,
  trakt: MESSAGES.trakt,
  simkl: MESSAGES.simkl,
  releasebell: MESSAGES.releasebell,
};

/** "Goodreads library, 6 rows": the file being imported, as its step's heading names it. */
export const fileHeading = (imported: Pick<Import, 'source' | 'rows'>) =>
  translateNow(MESSAGES.fileHeading, {
    source: translateNow(SOURCE_LABEL[imported.source]),
    rows: imported.rows,
  });

/** "Dune (1965)", "The Odyssey (700 BC)", or the title alone without a year. */
export const titleWithYear = (title: string, year: number | null | undefined) =>
  year
    ? translateNow(MESSAGES.titleWithYear, {
        title,
        year: year < 0 ? translateNow(MESSAGES.yearBc, { year: -year }) : year,
      })
    : title;

/** "Line 12: Dune (1965)": an ambiguous row, as its choices are named. */
export const lineHeading = (entry: Pick<ImportEntry, 'line' | 'title' | 'year'>) =>
  translateNow(MESSAGES.line, { line: entry.line, title: titleWithYear(entry.title, entry.year) });

/** "Line 12: Dune (1965) — not found": a row that is left out, and why (the server's words). */
export const lineText = (entry: ImportEntry) =>
  entry.reason && !entry.title
    ? translateNow(MESSAGES.untitledWithReason, { line: entry.line, reason: entry.reason })
    : entry.reason
      ? translateNow(MESSAGES.lineWithReason, {
          line: entry.line,
          title: titleWithYear(entry.title, entry.year),
          reason: entry.reason,
        })
      : lineHeading(entry);

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
  if (titles === 0 && follows === 0) return translateNow(MESSAGES.nothingToAdd);
  if (follows === 0) return translateNow(MESSAGES.addTitles, { titles });
  if (titles === 0) return translateNow(MESSAGES.follow, { follows });
  return translateNow(MESSAGES.addTitlesAndFollow, { titles, follows });
}
