import { strToU8, zipSync } from 'fflate';

/** One title of the export's watchlist, as `releasebell.json` and `watchlist.csv` write it. */
export interface ExportedTitle {
  media_type: string;
  title: string;
  release_date: string | null;
  added_at: string;
  /** The ref of the follow that put it there (`tmdb:tv:1399`), if one did. */
  followed_via: string | null;
  /** The catalog's own key: another Releasebell finds the same title by it. */
  provider_id: string;
  ids: { tmdb?: number; season?: number; imdb?: string; isbn13?: string };
}

const CSV_COLUMNS = ['media_type', 'title', 'release_date', 'added_at', 'tmdb', 'imdb', 'isbn13'] as const;

/** A cell as spreadsheets read it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | undefined | null): string {
  const text = value === undefined || value === null ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: a quote keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The watchlist as CSV: one row per title, CRLF line ends and a BOM, as spreadsheets expect. */
export function watchlistCsv(titles: readonly ExportedTitle[]): string {
  const rows = titles.map((t) =>
    [t.media_type, t.title, t.release_date, t.added_at, t.ids.tmdb, t.ids.imdb, t.ids.isbn13]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The export's ZIP: the JSON of everything, the watchlist as CSV and the calendar feed. */
export function exportZip(files: { json: unknown; csv: string; ics: string }, at: Date): Uint8Array {
  const mtime = at;
  return zipSync({
    'releasebell.json': [strToU8(`${JSON.stringify(files.json, null, 2)}\n`), { mtime }],
    'watchlist.csv': [strToU8(files.csv), { mtime }],
    'calendar.ics': [strToU8(files.ics), { mtime }],
  });
}
