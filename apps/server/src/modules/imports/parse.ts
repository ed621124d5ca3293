import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportSource } from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { parse as parseCsv } from 'csv-parse/sync';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { yieldToEventLoop } from '../../lib/event-loop';
import { cleanIsbn, isbn10To13 } from './isbn';
import { type ImportedFollow, isTraktWatchlistName, type JsonRead, readJsonExport } from './json-exports';
import { REASONS, type ReasonCode } from './reasons';

/**
 * Reading a member's export file: which service it came from (told from its bytes, never from a choice the
 * member makes) and its rows. Matching the rows to the catalog is the next step and lives elsewhere.
 */

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_SOURCES, type ImportSource } from '@releasebell/contract';
export type { ImportedFollow } from './json-exports';
export { cleanIsbn, isbn10To13 };

export interface ImportRow {
  /**
   * The record's first line in the CSV (1 = the header), for messages. A JSON export's item: its place
   * in the file (1 = the first), counted on through the files of a ZIP.
   */
  line: number;
  /** As written, trimmed. */
  title: string;
  year: number | null;
  /** A series is its seasons still to come; a season (Trakt's, a Releasebell export's) is one title. */
  kind: 'book' | 'movie' | 'series' | 'season' | 'other';
  /** Books */
  isbn13?: string;
  isbn10?: string;
  authors?: string[];
  /**
   * The member's shelf/status, normalised: 'to-read' | 'read' | 'currently-reading' | 'did-not-finish' | other
   * string; Simkl's list: 'plantowatch' | 'watching' | 'completed' | 'hold' | 'dropped'.
   */
  status?: string;
  /** Movies/series */
  imdbId?: string;
  directors?: string[];
  letterboxdUri?: string;
  /** IMDb's title type, normalised by `normaliseImdbType` ('movie', 'tvMiniSeries', 'videoGame'...). */
  imdbType?: string;
  /** IMDb's "Original Title", when it differs from "Title" (which IMDb writes in the member's language). */
  originalTitle?: string;
  /** TMDB's id (Trakt, Simkl, Releasebell exports): a movie's, or a series' (for its seasons too). */
  tmdbId?: number;
  /** A season's number in its series. */
  seasonNumber?: number;
  /** A Releasebell export's catalog key (`tmdb:movie:603`, `isbndb:…`, `demo:…`). */
  providerId?: string;
  /** Set when the record could not be read (wrong column count, unreadable cell): the matcher reports it unmatched with this reason. */
  problem?: ReasonCode;
}

export type ParseResult =
  | {
      ok: true;
      source: ImportSource;
      rows: ImportRow[];
      /** A Releasebell export's follows. */
      follows?: ImportedFollow[];
    }
  | {
      ok: false;
      code: 'IMPORT_UNRECOGNISED' | 'IMPORT_TOO_MANY_ROWS' | 'IMPORT_TOO_LARGE' | 'IMPORT_ZIP_TOO_LARGE';
      /** Why, for the member (its `message` is the English). */
      message: MessageDescriptor;
    };

// Frozen: the same objects are handed to every caller.
const UNRECOGNISED = Object.freeze({
  ok: false,
  code: 'IMPORT_UNRECOGNISED',
  message: /*i18n*/ {
    id: 'error.imports.unrecognised',
    message:
      'This file is not an export we can read. Import a Goodreads or StoryGraph library export (CSV), a Letterboxd export (ZIP or watchlist.csv), an IMDb watchlist or list (CSV), a Trakt export (ZIP or a watchlist JSON file), a Simkl backup (JSON) or a Releasebell export (ZIP or releasebell.json).',
  },
} as const satisfies ParseResult);
const TOO_MANY_ROWS = Object.freeze({
  ok: false,
  code: 'IMPORT_TOO_MANY_ROWS',
  message: /*i18n*/ {
    id: 'error.imports.tooManyRows',
    message: 'This file has more than 20,000 rows; split it and import each part.',
  },
} as const satisfies ParseResult);
const TOO_LARGE = Object.freeze({
  ok: false,
  code: 'IMPORT_TOO_LARGE',
  message: /*i18n*/ { id: 'error.imports.tooLarge', message: 'This file is over 10 MB.' },
} as const satisfies ParseResult);
const ZIP_TOO_LARGE = Object.freeze({
  ok: false,
  code: 'IMPORT_ZIP_TOO_LARGE',
  message: /*i18n*/ {
    id: 'error.imports.zipTooLarge',
    message: 'The watchlist.csv in this ZIP is over 10 MB once unpacked.',
  },
} as const satisfies ParseResult);
const ZIP_FILES_TOO_LARGE = Object.freeze({
  ok: false,
  code: 'IMPORT_ZIP_TOO_LARGE',
  message: /*i18n*/ {
    id: 'error.imports.zipFilesTooLarge',
    message: 'The files we read in this ZIP come to over 10 MB once unpacked.',
  },
} as const satisfies ParseResult);
const ZIP_TOO_MANY_ENTRIES = Object.freeze({
  ok: false,
  code: 'IMPORT_ZIP_TOO_LARGE',
  message: /*i18n*/ {
    id: 'error.imports.zipTooManyFiles',
    message: 'This ZIP holds more than 1,000 files. Upload the watchlist.csv from it instead.',
  },
} as const satisfies ParseResult);

/**
 * Reads an upload into rows. Asynchronous only to pause now and then (a large file is read in
 * pieces, letting the event loop serve others between them); nothing else is awaited.
 */
export async function parseImport(bytes: Uint8Array, filename?: string): Promise<ParseResult> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) return TOO_LARGE;
  if (isZip(bytes)) {
    const found = zipExport(bytes);
    if (found === 'csv-too-large') return ZIP_TOO_LARGE;
    if (found === 'json-too-large') return ZIP_FILES_TOO_LARGE;
    if (found === 'too-many-entries') return ZIP_TOO_MANY_ENTRIES;
    if (!found) return UNRECOGNISED;
    await yieldToEventLoop();
    if (found.kind === 'csv') {
      // The entry is recognised from its content like any upload: the ZIP only tells where to look.
      return parseCsvExport(decodeText(found.files[0]!.bytes), found.files[0]!.name);
    }
    const files: { name: string; text: string }[] = [];
    for (const file of found.files) {
      const text = decodeText(file.bytes);
      if (text === null) return UNRECOGNISED;
      files.push({ name: file.name, text });
    }
    return jsonResult(await readJsonExport(files, found.kind));
  }
  const text = decodeText(bytes);
  // A JSON export opens with its list or its object; no CSV we read does.
  if (text !== null && /^\s*[[{]/.test(text.slice(0, 64))) {
    return jsonResult(await readJsonExport([{ name: filename, text }], null));
  }
  return parseCsvExport(text, filename);
}

function jsonResult(read: JsonRead): ParseResult {
  if (read === 'unrecognised') return UNRECOGNISED;
  if (read === 'too-many-rows') return TOO_MANY_ROWS;
  return read;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers for the matcher

/** A book title reduced to what catalogs agree on (lib/text's mainTitle). */
export { mainTitle as bookTitleForMatching } from '../../lib/text';

/** IMDb title types under every spelling its exports used, to IMDb's own ids (as in its datasets). */
const IMDB_TYPES: Record<string, string> = {
  movie: 'movie',
  featurefilm: 'movie',
  documentary: 'movie',
  short: 'short',
  shortfilm: 'short',
  tvseries: 'tvSeries',
  tvminiseries: 'tvMiniSeries',
  miniseries: 'tvMiniSeries',
  tvmovie: 'tvMovie',
  tvepisode: 'tvEpisode',
  tvspecial: 'tvSpecial',
  tvshort: 'tvShort',
  tvpilot: 'tvPilot',
  video: 'video',
  videogame: 'videoGame',
  musicvideo: 'musicVideo',
  podcastseries: 'podcastSeries',
  podcastepisode: 'podcastEpisode',
};

/**
 * `Movie`/`movie`/`Feature Film` -> `movie`, `TV Mini Series`/`tvMiniSeries`/`Mini-Series` -> `tvMiniSeries`...
 * An unknown type is camel-cased rather than dropped; empty gives null.
 */
export function normaliseImdbType(value: string | null | undefined): string | null {
  const words = (value ?? '')
    .trim()
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  const known = IMDB_TYPES[words.join('').toLowerCase()];
  if (known) return known;
  return words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() : w[0]!.toUpperCase()) + w.slice(1)).join('');
}

function imdbKind(type: string | null): ImportRow['kind'] {
  if (type === 'movie') return 'movie';
  if (type === 'tvSeries' || type === 'tvMiniSeries') return 'series';
  return 'other';
}

const STATUS_SYNONYMS: Record<string, string> = {
  'want-to-read': 'to-read',
  reading: 'currently-reading',
  dnf: 'did-not-finish',
};

/** Shelves and read statuses as one vocabulary: lower case, hyphenated, a few synonyms folded. */
function normaliseStatus(value: string): string | undefined {
  const s = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (!s) return undefined;
  return STATUS_SYNONYMS[s] ?? s;
}

// ---------------------------------------------------------------------------------------------------------
// ZIP

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Folders of a Letterboxd export whose files are not the member's watchlist (lists/watchlist.csv is a list). */
const OTHER_LETTERBOXD_FOLDERS = new Set(['lists', 'likes', 'deleted', 'orphaned']);

/**
 * Files a ZIP may hold. A Letterboxd export is a dozen CSVs plus one per list the member made (lists/),
 * so a member with many lists has hundreds; each costs only its header, it is never inflated. The
 * refusal's message says the number.
 */
const ZIP_MAX_ENTRIES = 1_000;
/** What the chosen entries may inflate to, together: the limit a file uploaded by itself has. */
const ZIP_MAX_INFLATED = IMPORT_MAX_BYTES;
/**
 * The upload is handed to the ZIP reader this much at a time, and the inflater takes the entry's body
 * in these pieces: DEFLATE expands a piece at most about 1,032 times, so inflating stops at most about
 * 4 MB past the cap.
 */
const ZIP_PIECE = 4096;

/** Thrown from fflate's callbacks to stop reading, synchronously, where a cap is reached. */
const TOO_MANY_ENTRIES = new Error('too many entries');
const INFLATED_TOO_LARGE = new Error('inflated too large');

function isWatchlistName(name: string): boolean {
  const parts = name.split('/');
  const folders = parts.slice(0, -1).map((p) => p.toLowerCase());
  return (
    parts.at(-1)!.toLowerCase() === 'watchlist.csv' && !folders.some((f) => OTHER_LETTERBOXD_FOLDERS.has(f))
  );
}

const isReleasebellName = (name: string) => name.split('/').at(-1)!.toLowerCase() === 'releasebell.json';

/** What a ZIP holds that we read, and its bytes. */
interface ZipExport {
  /**
   * `releasebell`: Releasebell's export, whose releasebell.json is read (its watchlist.csv and calendar are
   * not); `trakt`: Trakt's export, every watchlist*.json; `csv`: Letterboxd's, its watchlist.csv.
   */
  kind: 'releasebell' | 'trakt' | 'csv';
  files: { name: string; bytes: Uint8Array }[];
}

/**
 * The export inside a ZIP. Read as a stream of local headers (the central directory is never consulted,
 * so entries pointing at one body are not seen twice); only the chosen entries are inflated, once each,
 * and their bytes are counted together as they come out of the inflater, against one cap: the sizes a ZIP
 * declares are not trusted for anything.
 */
function zipExport(
  bytes: Uint8Array,
): ZipExport | 'csv-too-large' | 'json-too-large' | 'too-many-entries' | null {
  const found = { releasebell: [] as UnzipFile[], trakt: [] as UnzipFile[], csv: [] as UnzipFile[] };
  let entries = 0;
  const unzip = new Unzip((file) => {
    if (++entries > ZIP_MAX_ENTRIES) throw TOO_MANY_ENTRIES;
    // Not started: its body is kept as views of the upload, never inflated.
    if (isReleasebellName(file.name)) found.releasebell.push(file);
    else if (isTraktWatchlistName(file.name)) found.trakt.push(file);
    else if (isWatchlistName(file.name)) found.csv.push(file);
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += ZIP_PIECE) {
      unzip.push(bytes.subarray(at, at + ZIP_PIECE), at + ZIP_PIECE >= bytes.length);
    }
  } catch (err) {
    if (err === TOO_MANY_ENTRIES) return 'too-many-entries';
    // Corrupt: not something we can read.
    return null;
  }
  // The shallowest; of several with one name, the first.
  const shallowest = (files: UnzipFile[]) =>
    files.sort((a, b) => a.name.split('/').length - b.name.split('/').length).slice(0, 1);
  // Releasebell's export holds a watchlist.csv too: its releasebell.json is what says which it is.
  const kind = found.releasebell.length > 0 ? 'releasebell' : found.trakt.length > 0 ? 'trakt' : 'csv';
  const chosen = kind === 'trakt' ? found.trakt : shallowest(found[kind]);
  if (chosen.length === 0) return null;

  const files: ZipExport['files'] = [];
  let inflated = 0;
  for (const file of chosen) {
    const pieces: Uint8Array[] = [];
    let size = 0;
    let complete = false;
    file.ondata = (err, data, final) => {
      if (err) throw err;
      inflated += data.length;
      size += data.length;
      if (inflated > ZIP_MAX_INFLATED) throw INFLATED_TOO_LARGE;
      pieces.push(data);
      complete = final;
    };
    try {
      // Inflates the kept body piece by piece; a throw from `ondata` stops it at the piece that passed the cap.
      file.start();
    } catch (err) {
      if (err === INFLATED_TOO_LARGE) return kind === 'csv' ? 'csv-too-large' : 'json-too-large';
      // Encrypted, cut short or using a compression other than deflate.
      return null;
    }
    if (!complete) return null;
    files.push({ name: file.name, bytes: concat(pieces, size) });
  }
  return { kind, files };
}

function concat(pieces: Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Text

// What Excel writes when a member re-saves a CSV on Windows; Node's decoder treats the label as Latin-1.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** The file's text, BOM removed, or null when it is binary. UTF-8 first, then the Windows code page. */
function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1')
      .decode(bytes)
      .replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

// ---------------------------------------------------------------------------------------------------------
// CSV records

type CsvRecord = { start: number; cells: string[] } | { start: number; runaway: true };

/** Thrown from csv-parse's callbacks to stop reading. */
const STOP = new Error('stop reading');

/**
 * The header as `onHeader` reads it, then every record with the byte offset it starts at. Counting
 * records, not lines: reviews hold quoted newlines. `onHeader` returns null to stop at an unrecognised
 * header, or a test for records that ran into the next row. A quote opened by mistake swallows the next
 * row or the rest of the file: that record is reported and reading resumes on the line after its start.
 */
async function readRecords<H extends { isRunaway: (cells: string[]) => boolean }>(
  buf: Buffer,
  onHeader: (cells: string[]) => H | null,
): Promise<{ header: H; records: CsvRecord[] } | null> {
  let header: H | null = null;
  const records: CsvRecord[] = [];
  let from = 0;
  while (from < buf.length && records.length <= IMPORT_MAX_ROWS) {
    let end = from;
    let runawayAt: number | null = null;
    let paused = false;
    let read = 0;
    try {
      parseCsv(buf.subarray(from), {
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_error: true,
        on_record: (cells: string[], context) => {
          const start = skipBlankLines(buf, end);
          end = from + context.bytes;
          if (header === null) {
            if (cells.every((c) => c.trim() === '')) return null;
            header = onHeader(cells);
            if (header === null) throw STOP;
          } else if (header.isRunaway(cells)) {
            runawayAt = start;
            throw STOP;
          } else if (cells.some((c) => c.trim() !== '')) {
            records.push({ start, cells });
            // Past the most rows a file may hold, the rest is not read: the file is refused.
            if (records.length > IMPORT_MAX_ROWS) throw STOP;
          }
          // A pause now and then, so a large file never holds the event loop for long.
          if (++read >= RECORDS_PER_PAUSE) {
            paused = true;
            throw STOP;
          }
          return null;
        },
        on_skip: (err) => {
          if (err?.code === 'CSV_QUOTE_NOT_CLOSED') runawayAt = skipBlankLines(buf, end);
          return undefined;
        },
      });
    } catch (err) {
      if (err !== STOP) throw err;
    }
    if (paused) {
      from = end;
      await yieldToEventLoop();
      continue;
    }
    // No header (refused, or its quote never closes): nothing more to read.
    if (runawayAt === null || header === null) break;
    records.push({ start: runawayAt, runaway: true });
    from = nextLineStart(buf, runawayAt);
    // Every broken row restarts the reader: a file made of them pauses as often.
    if (records.length % RECORDS_PER_PAUSE === 0) await yieldToEventLoop();
  }
  return header ? { header, records } : null;
}

function skipBlankLines(buf: Buffer, pos: number): number {
  while (pos < buf.length && (buf[pos] === 0x0a || buf[pos] === 0x0d)) pos++;
  return pos;
}

function nextLineStart(buf: Buffer, pos: number): number {
  while (pos < buf.length && buf[pos] !== 0x0a && buf[pos] !== 0x0d) pos++;
  if (buf[pos] === 0x0d && buf[pos + 1] === 0x0a) return pos + 2;
  return pos + 1;
}

/** Offsets where each line starts: CRLF, LF and a lone CR each end a line. */
function lineStarts(buf: Buffer): number[] {
  const starts = [0];
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x0a || (b === 0x0d && buf[i + 1] !== 0x0a)) starts.push(i + 1);
  }
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

// ---------------------------------------------------------------------------------------------------------
// Recognition and rows

type Columns = Map<string, number>;

/** Header cells by lower-cased name: exports are matched by column name, in any order and case. */
function columnsOf(header: string[]): Columns {
  const columns: Columns = new Map();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (key && !columns.has(key)) columns.set(key, i);
  });
  return columns;
}

const has = (columns: Columns, ...names: string[]) => names.every((n) => columns.has(n));

/** Letterboxd files whose header is the watchlist's; a bare upload can only be told apart by its name. */
const LETTERBOXD_NOT_WATCHLIST = new Set(['watched.csv', 'films.csv']);

/** The sources whose exports are CSV files. */
type CsvSource = 'goodreads' | 'storygraph' | 'letterboxd' | 'imdb';

function detectSource(columns: Columns, filename: string | undefined): CsvSource | null {
  if (has(columns, 'book id', 'title', 'author', 'exclusive shelf')) return 'goodreads';
  if (has(columns, 'title', 'authors', 'isbn/uid', 'read status')) return 'storygraph';
  // Ratings, diary and reviews share the first four columns; only the watchlist is taken.
  if (has(columns, 'date', 'name', 'year', 'letterboxd uri') && !has(columns, 'rating')) {
    const base = filename?.split(/[\\/]/).at(-1)?.toLowerCase();
    return base && LETTERBOXD_NOT_WATCHLIST.has(base) ? null : 'letterboxd';
  }
  // Position is what a watchlist or list has and the ratings export lacks.
  if (has(columns, 'position', 'const', 'title', 'title type')) return 'imdb';
  return null;
}

const KIND_OF_SOURCE: Record<CsvSource, ImportRow['kind']> = {
  goodreads: 'book',
  storygraph: 'book',
  letterboxd: 'movie',
  imdb: 'other',
};

/** Cells that never hold a line break: one that does has swallowed the next row. */
const SINGLE_LINE_COLUMNS: Record<CsvSource, string[]> = {
  goodreads: ['book id', 'title', 'author', 'isbn', 'isbn13', 'exclusive shelf'],
  storygraph: ['title', 'authors', 'isbn/uid', 'read status'],
  letterboxd: ['date', 'name', 'year', 'letterboxd uri'],
  imdb: ['const', 'title', 'url', 'title type'],
};

/** Records read between two pauses of the reader. */
const RECORDS_PER_PAUSE = 2000;

async function parseCsvExport(text: string | null, filename: string | undefined): Promise<ParseResult> {
  if (text === null) return UNRECOGNISED;
  const buf = Buffer.from(text, 'utf8');
  await yieldToEventLoop();
  const read = await readRecords(buf, (header) => {
    const columns = columnsOf(header);
    const source = detectSource(columns, filename);
    if (!source) return null;
    const singleLine = SINGLE_LINE_COLUMNS[source].flatMap((name) => columns.get(name) ?? []);
    return {
      source,
      columns,
      // Trailing empty header cells (a re-saved file) do not widen the rows we expect.
      width: header.findLastIndex((c) => c.trim() !== '') + 1,
      isRunaway: (cells: string[]) => singleLine.some((i) => /[\r\n]/.test(cells[i] ?? '')),
    };
  });
  if (!read) return UNRECOGNISED;

  const { source, columns, width } = read.header;
  await yieldToEventLoop();
  const starts = lineStarts(buf);
  const titleColumn = columns.get(source === 'letterboxd' ? 'name' : 'title')!;
  const rows: ImportRow[] = [];
  for (const record of read.records) {
    const line = lineAt(starts, record.start);
    if ('runaway' in record) {
      rows.push(problemRow(source, line, '', REASONS.openQuote));
    } else {
      const cells = record.cells;
      // Trailing empty cells are harmless (some tools pad rows); anything else means misaligned columns.
      let used = cells.length;
      while (used > width && cells[used - 1]!.trim() === '') used--;
      if (used !== width) {
        const title = (cells[titleColumn] ?? '').trim();
        rows.push(problemRow(source, line, title, REASONS.cells(used, width)));
      } else {
        rows.push(READERS[source]((name) => (cells[columns.get(name) ?? -1] ?? '').trim(), line));
      }
    }
    if (rows.length > IMPORT_MAX_ROWS) return TOO_MANY_ROWS;
  }
  return { ok: true, source, rows };
}

function problemRow(source: CsvSource, line: number, title: string, problem: ReasonCode): ImportRow {
  return { line, title, year: null, kind: KIND_OF_SOURCE[source], problem };
}

type Cell = (column: string) => string;

const READERS: Record<CsvSource, (cell: Cell, line: number) => ImportRow> = {
  goodreads: (cell, line) =>
    book(line, cell('title'), {
      // The work's first year rather than this edition's: it is what catalogs date a book by.
      year: parseYear(cell('original publication year')) ?? parseYear(cell('year published')),
      isbn13: cleanIsbn(cell('isbn13')),
      isbn10: cleanIsbn(cell('isbn')),
      authors: splitNames([cell('author'), cell('additional authors')].join(',')),
      status: normaliseStatus(cell('exclusive shelf')),
    }),
  storygraph: (cell, line) => {
    // ISBN/UID holds an ISBN-13, an ISBN-10 or StoryGraph's own id (ASINs, web novels): keep only ISBNs.
    const isbn = cleanIsbn(cell('isbn/uid'));
    return book(line, cell('title'), {
      year: null,
      isbn13: isbn?.length === 13 ? isbn : null,
      isbn10: isbn?.length === 10 ? isbn : null,
      authors: splitNames(cell('authors')),
      status: normaliseStatus(cell('read status')),
    });
  },
  letterboxd: (cell, line) => {
    const row: ImportRow = { line, title: cell('name'), year: parseYear(cell('year')), kind: 'movie' };
    const uri = cell('letterboxd uri');
    if (/^https?:\/\//i.test(uri)) row.letterboxdUri = uri;
    return requireTitleOrId(row, Boolean(row.letterboxdUri));
  },
  imdb: (cell, line) => {
    const type = normaliseImdbType(cell('title type'));
    const row: ImportRow = {
      line,
      title: cell('title'),
      year: parseYear(cell('year')) ?? parseYear(cell('release date').slice(0, 4)),
      kind: imdbKind(type),
    };
    if (type) row.imdbType = type;
    const id = /^tt\d{7,}$/.exec(cell('const'))?.[0] ?? /\/title\/(tt\d{7,})/.exec(cell('url'))?.[1];
    if (id) row.imdbId = id;
    const originalTitle = cell('original title');
    if (originalTitle && originalTitle !== row.title) row.originalTitle = originalTitle;
    const directors = splitNames(cell('directors'));
    if (directors.length > 0) row.directors = directors;
    return requireTitleOrId(row, Boolean(row.imdbId));
  },
};

function book(
  line: number,
  title: string,
  fields: {
    year: number | null;
    isbn13: string | null;
    isbn10: string | null;
    authors: string[];
    status: string | undefined;
  },
): ImportRow {
  const row: ImportRow = { line, title, year: fields.year, kind: 'book' };
  const isbn10 = fields.isbn10?.length === 10 ? fields.isbn10 : null;
  const isbn13 = fields.isbn13?.length === 13 ? fields.isbn13 : isbn10 ? isbn10To13(isbn10) : null;
  if (isbn13) row.isbn13 = isbn13;
  if (isbn10) row.isbn10 = isbn10;
  if (fields.authors.length > 0) row.authors = fields.authors;
  if (fields.status) row.status = fields.status;
  return requireTitleOrId(row, Boolean(isbn13));
}

/** A row with neither a title nor an id gives the matcher nothing to go on. */
function requireTitleOrId(row: ImportRow, hasId: boolean): ImportRow {
  if (!row.title && !hasId) row.problem = REASONS.noTitle;
  return row;
}

/** A year as exports write it; Goodreads dates ancient works with negative years. */
function parseYear(value: string): number | null {
  return /^-?\d{1,4}$/.test(value) ? Number(value) : null;
}

/** Comma-separated names, with the runs of spaces Goodreads leaves in some ("Jenny  Lawson") collapsed. */
function splitNames(value: string): string[] {
  const names: string[] = [];
  for (const part of value.split(',')) {
    const name = part.replace(/\s+/g, ' ').trim();
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
