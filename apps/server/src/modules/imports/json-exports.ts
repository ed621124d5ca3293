import {
  FOLLOW_REF,
  FOLLOW_ROLES,
  FOLLOWS_MAX,
  type FollowKind,
  type FollowRole,
  followKindOf,
  IMPORT_MAX_ROWS,
} from '@releasebell/contract';
import { yieldToEventLoop } from '../../lib/event-loop';
import { tmdbIdsOf } from '../../providers/tmdb/provider-ids';
import { cleanIsbn } from './isbn';
import { jsonSkeleton, parsePiece, type Span } from './json-pieces';
import type { ImportRow } from './parse';
import { REASONS } from './reasons';

/**
 * The exports that are JSON: Trakt's (its watchlist files, in its API's shape), a Simkl backup (its
 * `/sync/all-items` answer) and Releasebell's own. Told from their content; a file's items are parsed one
 * by one (json-pieces.ts).
 */

/** A follow a Releasebell export holds. */
export interface ImportedFollow {
  ref: string;
  name: string;
  kind: FollowKind;
  roles: FollowRole[];
}

export type JsonRead =
  | { ok: true; source: 'trakt' | 'simkl' | 'releasebell'; rows: ImportRow[]; follows?: ImportedFollow[] }
  | 'unrecognised'
  | 'too-many-rows';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Items parsed between two turns of the event loop. */
const ITEMS_PER_PAUSE = 2000;
/** Lists past this are refused whatever they hold: one more than the rows a file may have. */
const MAX_ITEMS = IMPORT_MAX_ROWS + 1;

const SIMKL_LISTS = ['movies', 'shows', 'anime'] as const;
/** Simkl's lists whose titles a member waits for; the others (completed, on hold, dropped) are skipped. */
export const SIMKL_WANTED = new Set(['plantowatch', 'watching']);
const RELEASEBELL_FORMAT = 'releasebell-export';

const OBJECT_KEEP = new Set(['format', 'version', 'watchlist', 'follows', ...SIMKL_LISTS]);
const OBJECT_LISTS = new Set(['watchlist', 'follows', ...SIMKL_LISTS]);

/** Trakt's watchlist files in an export: `watchlist.json`, `watchlist-movies.json`, `watchlist-shows.json`... */
export function isTraktWatchlistName(name: string): boolean {
  return /^watchlist[^/\\]*\.json$/i.test(name.split(/[\\/]/).at(-1) ?? '');
}

/**
 * Reads a JSON export: one file uploaded alone (`inZip` null: told by its content), or what a ZIP held
 * (`inZip` says which export the ZIP's names made it: Trakt's watchlist files, any of which may be an
 * empty list, or Releasebell's releasebell.json).
 */
export async function readJsonExport(
  files: { name: string | undefined; text: string }[],
  inZip: 'trakt' | 'releasebell' | null,
): Promise<JsonRead> {
  const items: { text: string; span: Span }[] = [];
  let more = false;
  let single: { text: string; members: Map<string, { value: Span; items?: Span[]; more?: boolean }> } | null =
    null;
  for (const file of files) {
    const skeleton = await jsonSkeleton(file.text, {
      keep: OBJECT_KEEP,
      lists: OBJECT_LISTS,
      maxItems: MAX_ITEMS,
    });
    if (!skeleton) return 'unrecognised';
    if (skeleton.kind === 'object') {
      // Only one object is read (Simkl's backup, Releasebell's export); Trakt's files are lists.
      if (files.length > 1 || inZip === 'trakt') return 'unrecognised';
      single = { text: file.text, members: skeleton.members };
      continue;
    }
    if (inZip === 'releasebell') return 'unrecognised';
    // A Trakt list alone is told by its items; an empty one only by its name.
    if (skeleton.items.length === 0 && !inZip && !isTraktWatchlistName(file.name ?? ''))
      return 'unrecognised';
    for (const span of skeleton.items) items.push({ text: file.text, span });
    // Files may list an item twice (`watchlist.json` and `watchlist-movies.json`), not more.
    more ||= skeleton.more || items.length > 2 * MAX_ITEMS;
  }
  await yieldToEventLoop();
  if (single) {
    const read = await readObject(single.text, single.members);
    // A ZIP's releasebell.json is Releasebell's export or nothing we read.
    return inZip === 'releasebell' && typeof read === 'object' && read.source !== 'releasebell'
      ? 'unrecognised'
      : read;
  }
  return readTrakt(items, more);
}

// ---------------------------------------------------------------------------------------------------------
// Cells

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A positive whole number, written as a number or a string of digits (Simkl writes ids as strings). */
function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : /^\d{1,10}$/.test(text(value)) ? Number(text(value)) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function seasonNumber(value: unknown): number | undefined {
  const n = positiveInt(value);
  if (n !== undefined) return n;
  // Season 0 holds a series' specials.
  return value === 0 || value === '0' ? 0 : undefined;
}

const imdbIdOf = (value: unknown) => /^tt\d{7,}$/.exec(text(value))?.[0];

function yearOf(value: unknown): number | null {
  const year =
    typeof value === 'number' ? value : /^\d{4}/.test(text(value)) ? Number(text(value).slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 0 && year < 10_000 ? year : null;
}

/** A row with its ids; one with neither a title nor an id gives the matcher nothing to go on. */
function screenRow(
  line: number,
  kind: ImportRow['kind'],
  title: string,
  year: number | null,
  ids: Pick<ImportRow, 'tmdbId' | 'imdbId' | 'seasonNumber' | 'providerId' | 'isbn13'>,
): ImportRow {
  const row: ImportRow = { line, title, year, kind };
  for (const [name, value] of Object.entries(ids))
    if (value !== undefined) Object.assign(row, { [name]: value });
  if (!title && row.tmdbId === undefined && !row.imdbId && !row.providerId && !row.isbn13)
    row.problem = REASONS.noTitle;
  return row;
}

/** "Severance: Season 2", as the catalog names a season (TMDB's seasons, the demo's). */
const seasonTitle = (series: string, n: number) => (series ? `${series}: Season ${n}` : '');

/** Parses each item in turn, pausing now and then; undefined when one is not valid JSON. */
async function parseItems(items: { text: string; span: Span }[]): Promise<unknown[] | undefined> {
  const parsed: unknown[] = [];
  for (const item of items) {
    const value = parsePiece(item.text, item.span);
    if (value === undefined) return undefined;
    parsed.push(value);
    if (parsed.length % ITEMS_PER_PAUSE === 0) await yieldToEventLoop();
  }
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------
// Trakt

/**
 * Trakt's watchlist items, as its API (`/sync/watchlist`) and its export write them: `{ rank, id,
 * listed_at, notes, type, movie | show | season + show | episode + show }`, each with `ids { trakt, slug,
 * imdb, tmdb, tvdb }`. A season is a title of its own; an episode brings its season. An item listed in two
 * of the files (`watchlist.json` and `watchlist-movies.json`) is read once.
 */
async function readTrakt(items: { text: string; span: Span }[], more: boolean): Promise<JsonRead> {
  const parsed = await parseItems(items);
  if (!parsed) return 'unrecognised';
  // Every item is one of Trakt's: listed, and typed.
  if (!parsed.every((item) => isObject(item) && 'listed_at' in item && typeof item.type === 'string'))
    return 'unrecognised';
  if (more) return 'too-many-rows';
  const rows: ImportRow[] = [];
  const seen = new Set<string>();
  for (const item of parsed as Json[]) {
    const read = traktItem(item);
    if (read.key && seen.has(read.key)) continue;
    if (read.key) seen.add(read.key);
    rows.push(read.row(rows.length + 1));
    if (rows.length > IMPORT_MAX_ROWS) return 'too-many-rows';
  }
  return { ok: true, source: 'trakt', rows };
}

function traktIds(media: Json | undefined) {
  const ids = isObject(media?.ids) ? media.ids : {};
  return { tmdbId: positiveInt(ids.tmdb), imdbId: imdbIdOf(ids.imdb), trakt: positiveInt(ids.trakt) };
}

function traktItem(item: Json): { key: string | null; row: (line: number) => ImportRow } {
  const type = text(item.type).toLowerCase();
  const show = isObject(item.show) ? item.show : undefined;
  const media = type === 'movie' ? (isObject(item.movie) ? item.movie : undefined) : show;
  const { trakt, ...ids } = traktIds(media);
  const key = (kind: string) => {
    const id = trakt ?? ids.tmdbId ?? ids.imdbId;
    return id === undefined ? null : `${kind}:${id}`;
  };
  if (type === 'movie' && media)
    return {
      key: key('movie'),
      row: (line) => screenRow(line, 'movie', text(media.title), yearOf(media.year), ids),
    };
  if ((type === 'season' || type === 'episode') && show) {
    const part = type === 'season' ? item.season : item.episode;
    const n = isObject(part) ? seasonNumber(type === 'season' ? part.number : part.season) : undefined;
    if (n !== undefined) {
      const title = seasonTitle(text(show.title), n);
      const k = key('show');
      return {
        key: k && `${k}:${n}`,
        row: (line) => screenRow(line, 'season', title, null, { ...ids, seasonNumber: n }),
      };
    }
  }
  if ((type === 'show' || type === 'season' || type === 'episode') && show)
    return {
      key: key('show'),
      row: (line) => screenRow(line, 'series', text(show.title), yearOf(show.year), ids),
    };
  // A person, a list, or a type Trakt adds later: not a title we track.
  const named = isObject(item[type]) ? (item[type] as Json) : undefined;
  return {
    key: null,
    row: (line) => ({ line, title: text(named?.title ?? named?.name), year: null, kind: 'other' }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Simkl and Releasebell (one object each)

async function readObject(
  source: string,
  members: Map<string, { value: Span; items?: Span[]; more?: boolean }>,
): Promise<JsonRead> {
  const format = members.get('format');
  if (format && parsePiece(source, format.value, 200) === RELEASEBELL_FORMAT) {
    const version = members.get('version');
    const watchlist = members.get('watchlist');
    // A later version may mean other things by the same names: not read as this one.
    if (!version || parsePiece(source, version.value, 20) !== 1 || !watchlist?.items) return 'unrecognised';
    return readReleasebell(source, watchlist, members.get('follows'));
  }
  const lists = SIMKL_LISTS.flatMap((name) => {
    const member = members.get(name);
    return member ? [{ name, member }] : [];
  });
  // Simkl's backup: its lists, each an array (or null when empty).
  if (lists.length === 0) return 'unrecognised';
  if (lists.some(({ member }) => !member.items && parsePiece(source, member.value, 20) !== null))
    return 'unrecognised';
  return readSimkl(source, lists);
}

/**
 * A Simkl backup, as `/sync/all-items` answers: `{ movies: [...], shows: [...], anime: [...] }`, each item
 * `{ status, added_to_watchlist_at, movie | show: { title, year, ids { simkl, imdb, tmdb, tvdb... } } }`
 * (an anime's `anime_type` says whether it is a film). Every item is a row: those not planned or being
 * watched are skipped by the matcher, naming their status.
 */
async function readSimkl(
  source: string,
  lists: { name: (typeof SIMKL_LISTS)[number]; member: { items?: Span[]; more?: boolean } }[],
): Promise<JsonRead> {
  let count = 0;
  for (const { member } of lists) {
    count += member.items?.length ?? 0;
    if (member.more || count > IMPORT_MAX_ROWS) return 'too-many-rows';
  }
  const rows: ImportRow[] = [];
  for (const { name, member } of lists) {
    const parsed = await parseItems((member.items ?? []).map((span) => ({ text: source, span })));
    if (!parsed?.every(isObject)) return 'unrecognised';
    for (const item of parsed as Json[]) {
      const media = [item.movie, item.show, item.anime].find(isObject);
      if (!media && !('status' in item)) return 'unrecognised';
      const film = name === 'movies' || (name === 'anime' && text(item.anime_type).toLowerCase() === 'movie');
      const ids = isObject(media?.ids) ? media.ids : {};
      const row = screenRow(
        rows.length + 1,
        film ? 'movie' : 'series',
        text(media?.title),
        yearOf(media?.year),
        { tmdbId: positiveInt(ids.tmdb), imdbId: imdbIdOf(ids.imdb) },
      );
      const status = text(item.status).toLowerCase();
      if (status) row.status = status;
      rows.push(row);
    }
  }
  return { ok: true, source: 'simkl', rows };
}

const RELEASEBELL_KINDS: Record<string, ImportRow['kind']> = {
  movies: 'movie',
  tv_seasons: 'season',
  books: 'book',
};

/**
 * Releasebell's own export (`releasebell.json`, format `releasebell-export`, version 1): its watchlist,
 * each title with the catalog's key (`provider_id`) and its ids, and its follows. Other keys (profile,
 * settings) are not read.
 */
async function readReleasebell(
  source: string,
  watchlist: { items?: Span[]; more?: boolean },
  follows: { items?: Span[] } | undefined,
): Promise<JsonRead> {
  if (watchlist.more || (watchlist.items?.length ?? 0) > IMPORT_MAX_ROWS) return 'too-many-rows';
  const parsed = await parseItems((watchlist.items ?? []).map((span) => ({ text: source, span })));
  if (!parsed?.every(isObject)) return 'unrecognised';
  const rows = (parsed as Json[]).map((item, i) => releasebellRow(item, i + 1));
  const followed = await parseItems((follows?.items ?? []).map((span) => ({ text: source, span })));
  if (!followed) return 'unrecognised';
  return { ok: true, source: 'releasebell', rows, follows: exportedFollows(followed) };
}

function releasebellRow(item: Json, line: number): ImportRow {
  const kind = RELEASEBELL_KINDS[text(item.media_type)] ?? 'other';
  const ids = isObject(item.ids) ? item.ids : {};
  const providerId = text(item.provider_id);
  // The catalog key names TMDB's ids too, for an export that left them out of `ids`.
  const fromKey = tmdbIdsOf(providerId);
  const isbn13 = kind === 'book' ? cleanIsbn(text(ids.isbn13)) : null;
  return screenRow(line, kind, text(item.title), yearOf(item.release_date), {
    tmdbId:
      kind === 'movie' || kind === 'season'
        ? (positiveInt(ids.tmdb) ?? positiveInt(fromKey.tmdb))
        : undefined,
    imdbId: imdbIdOf(ids.imdb),
    seasonNumber: kind === 'season' ? (seasonNumber(ids.season) ?? seasonNumber(fromKey.season)) : undefined,
    providerId: providerId && providerId.length <= 200 ? providerId : undefined,
    isbn13: isbn13?.length === 13 ? isbn13 : undefined,
  });
}

/** The export's follows that name something one can follow, each once, at most as many as one may have. */
function exportedFollows(items: unknown[]): ImportedFollow[] {
  const follows = new Map<string, ImportedFollow>();
  for (const item of items) {
    if (follows.size >= FOLLOWS_MAX) break;
    if (!isObject(item)) continue;
    const ref = text(item.ref);
    const name = text(item.name).slice(0, 200);
    if (!name || ref.length > 200 || !FOLLOW_REF.test(ref) || follows.has(ref)) continue;
    const roles = Array.isArray(item.roles)
      ? FOLLOW_ROLES.filter((role) => (item.roles as unknown[]).includes(role))
      : [];
    follows.set(ref, { ref, name, kind: followKindOf(ref), roles });
  }
  return [...follows.values()];
}
