import { strToU8, type Zippable, zipSync } from 'fflate';

/**
 * Deterministic stand-ins for members' exports (Goodreads, StoryGraph, Letterboxd, IMDb), shaped like the
 * real files: their headers, their quoting and their quirks. The same options give the same bytes.
 * `sampleBooks` / `sampleFilms` give the model each file is written from, so tests can check every row.
 */

export interface SampleOptions {
  rows: number;
  seed: number;
  /** Start with a UTF-8 BOM. */
  bom?: boolean;
  /** End lines with CRLF (quoted newlines inside reviews stay as they are). */
  crlf?: boolean;
  /** Data rows (0-based) given an unquoted extra comma, as a hand edit in a text editor would. */
  breakRows?: number[];
}

export interface SampleBook {
  title: string;
  authors: string[];
  /** What a correct reader finds: ISBNs left out of the file are absent here too. */
  isbn13?: string;
  isbn10?: string;
  year: number | null;
  status: string;
}

export interface SampleFilm {
  title: string;
  originalTitle: string;
  year: number | null;
  imdbId: string;
  /** IMDb's normalised type ('movie', 'tvSeries'...). */
  type: string;
  directors: string[];
  letterboxdUri: string;
}

// ---------------------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: small, fast and the same everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof random>;

// ---------------------------------------------------------------------------------------------------------
// CSV writing

/** A cell written exactly as given, for Goodreads' `"=""..."""` cells and deliberately broken ones. */
interface Raw {
  raw: string;
}
type Cell = string | number | Raw;

function csvCell(cell: Cell): string {
  if (typeof cell === 'object') return cell.raw;
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvFile(
  header: string[],
  rows: Cell[][],
  options: { bom?: boolean; crlf?: boolean; breakRows?: number[] },
): Uint8Array {
  const eol = options.crlf ? '\r\n' : '\n';
  const lines = [header.join(',')];
  rows.forEach((row, i) => {
    const cells = row.map(csvCell);
    if (options.breakRows?.includes(i)) cells.splice(1, 0, 'stray cell');
    lines.push(cells.join(','));
  });
  return strToU8(`${options.bom ? '\ufeff' : ''}${lines.join(eol)}${eol}`);
}

// ---------------------------------------------------------------------------------------------------------
// Books

const FIRST_NAMES = [
  'Ursula',
  'Octavia',
  'Frank',
  'Ann',
  'Kazuo',
  'Chimamanda Ngozi',
  'N. K.',
  'Terry',
  'Becky',
  'Adrian',
  'Martha',
  'Iain M.',
  'Susanna',
  'Haruki',
  'Zadie',
  'José',
  'Olga',
  'Ted',
  'Emily St. John',
  'Ngũgĩ wa',
];
const LAST_NAMES = [
  'Le Guin',
  'Butler',
  'Herbert',
  'Leckie',
  'Ishiguro',
  'Adichie',
  'Jemisin',
  'Pratchett',
  'Chambers',
  'Tchaikovsky',
  'Wells',
  'Banks',
  'Clarke',
  'Murakami',
  'Smith',
  'Saramago',
  'Tokarczuk',
  'Chiang',
  'Mandel',
  "Thiong'o",
];
const ADJECTIVES = [
  'Silent',
  'Hidden',
  'Last',
  'Broken',
  'Golden',
  'Burning',
  'Glass',
  'Winter',
  'Drowned',
  'Distant',
  'Hollow',
  'Iron',
  'Lost',
  'Ninth',
  'Wandering',
  'Quiet',
];
const NOUNS = [
  'City',
  'Archive',
  'Orchard',
  'Lighthouse',
  'Empire',
  'Garden',
  'Station',
  'Library',
  'River',
  'Crown',
  'Harbour',
  'Cartographer',
  'Tide',
  'Machine',
  'Forest',
  'Mirror',
  'Signal',
  'Republic',
];
const SUBTITLES = [
  'A Novel',
  'A History of Small Things',
  'Stories',
  'Notes on Grief, Memory, and Home',
  'How We Learned to Listen',
  'An Unofficial Guide',
];
const PUBLISHERS = [
  'Tor Books',
  'Ace',
  'Orbit',
  'Penguin Books',
  'Vintage',
  'Farrar, Straus and Giroux',
  'Harper Voyager',
  'Bloomsbury Publishing',
  'Gollancz',
  'Knopf Publishing Group',
];
const BINDINGS = [
  'Paperback',
  'Hardcover',
  'Kindle Edition',
  'ebook',
  'Mass Market Paperback',
  'Audible Audio',
];
const CUSTOM_SHELVES = ['owned-to-read', 'favourites', 'sci-fi', 'book-club', 'translated', 'comfort-reads'];

function personName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
}

function isbn13Check(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

function isbn10Check(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(first9[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function digits(r: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(r.int(0, 9));
  return s;
}

interface BookModel extends SampleBook {
  /** Goodreads writes some author names with doubled spaces; readers collapse them. */
  authorAsWritten: string;
  additionalAsWritten: string[];
  /** The ISBN cells' form in the Goodreads file. */
  isbnForm: 'quoted' | 'unquoted' | 'blank';
  yearPublished: number | null;
  customShelves: string[];
}

function bookModels(rows: number, seed: number): BookModel[] {
  const r = random(seed);
  const seen = new Set<string>();
  const books: BookModel[] = [];
  while (books.length < rows) {
    let title = `The ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
    if (r.chance(0.3)) title = `${r.pick(NOUNS)} of the ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
    // Retitle rather than skip so the sequence of draws never depends on a collision.
    if (seen.has(title)) title = `${title} ${books.length}`;
    seen.add(title);
    if (r.chance(0.2)) title += `: ${r.pick(SUBTITLES)}`;
    if (r.chance(0.25)) {
      const series = r.chance(0.5) ? `The ${r.pick(NOUNS)} Cycle` : `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
      title += r.chance(0.6) ? ` (${series}, #${r.int(1, 7)})` : ` (${series} #${r.int(1, 5)})`;
    }
    const author = personName(r);
    const authorAsWritten = r.chance(0.05) ? author.replace(' ', '  ') : author;
    const additional: string[] = [];
    if (r.chance(0.15)) for (let i = r.int(1, 3); i > 0; i--) additional.push(personName(r));
    const authors = [author, ...additional.filter((a) => a !== author)].filter(
      (a, i, all) => all.indexOf(a) === i,
    );

    const isbnForm = r.chance(0.15) ? 'blank' : r.chance(0.06) ? 'unquoted' : 'quoted';
    let isbn13: string | undefined;
    let isbn10: string | undefined;
    if (isbnForm !== 'blank') {
      if (r.chance(0.1)) {
        // 979 ISBNs have no ISBN-10.
        const body = `979${r.pick(['8', '10', '11', '12'])}`;
        const first12 = body + digits(r, 12 - body.length);
        isbn13 = first12 + isbn13Check(first12);
      } else {
        const first9 = digits(r, 9);
        isbn10 = first9 + isbn10Check(first9);
        isbn13 = `978${first9}${isbn13Check(`978${first9}`)}`;
      }
    }
    const original = r.chance(0.1) ? null : r.chance(0.03) ? -r.int(400, 800) : r.int(1850, 2026);
    // This edition's year: the work's own, or a later reprint of an older work.
    const yearPublished =
      original === null
        ? r.chance(0.5)
          ? null
          : r.int(1990, 2026)
        : original >= 1990
          ? original
          : r.int(1990, 2026);
    const status = r.pick([
      'to-read',
      'to-read',
      'to-read',
      'read',
      'read',
      'currently-reading',
      'did-not-finish',
    ]);
    const customShelves = r.chance(0.4) ? [r.pick(CUSTOM_SHELVES)] : [];
    books.push({
      title,
      authors,
      authorAsWritten,
      additionalAsWritten: additional,
      ...(isbn13 ? { isbn13 } : {}),
      ...(isbn10 ? { isbn10 } : {}),
      isbnForm,
      year: original ?? yearPublished,
      yearPublished,
      status,
      customShelves,
    });
  }
  return books;
}

/** The books every book sample is written from, as a correct reader should find them. */
export function sampleBooks(options: { rows: number; seed: number }): SampleBook[] {
  return bookModels(options.rows, options.seed).map((b) => ({
    title: b.title,
    authors: b.authors,
    ...(b.isbn13 ? { isbn13: b.isbn13 } : {}),
    ...(b.isbn10 ? { isbn10: b.isbn10 } : {}),
    year: b.year,
    status: b.status,
  }));
}

const REVIEWS = [
  'Loved it.',
  'Slow start, but the last third, wow.',
  'Three stars for the prose, one for the ending.<br/><br/>Would still recommend.',
  'She said "read it" and she was right, as usual.',
  'Notes for book club:\n- the lighthouse chapter\n- why the map, though?',
  'Re-read, 2024.\n\nStill holds up, still made me cry on the train.',
  'I wanted more of the side characters, honestly.',
];

function slashDate(r: Random, from: number, to: number): string {
  return `${r.int(from, to)}/${String(r.int(1, 12)).padStart(2, '0')}/${String(r.int(1, 28)).padStart(2, '0')}`;
}

/** The Goodreads "Export Library" file (goodreads_library_export.csv). */
export function goodreadsSample(options: SampleOptions): Uint8Array {
  const r = random(options.seed ^ 0x9e3779b9);
  const header = [
    'Book Id',
    'Title',
    'Author',
    'Author l-f',
    'Additional Authors',
    'ISBN',
    'ISBN13',
    'My Rating',
    'Average Rating',
    'Publisher',
    'Binding',
    'Number of Pages',
    'Year Published',
    'Original Publication Year',
    'Date Read',
    'Date Added',
    'Bookshelves',
    'Bookshelves with positions',
    'Exclusive Shelf',
    'My Review',
    'Spoiler',
    'Private Notes',
    'Read Count',
    'Owned Copies',
  ];
  const positions = new Map<string, number>();
  const rows = bookModels(options.rows, options.seed).map((b): Cell[] => {
    const isbnCell = (isbn: string | undefined): Cell => {
      if (b.isbnForm === 'unquoted') return { raw: `="${isbn ?? ''}"` };
      return { raw: `"=""${b.isbnForm === 'blank' ? '' : (isbn ?? '')}"""` };
    };
    const [first, ...rest] = b.authors[0]!.split(' ');
    const read = b.status === 'read';
    // "Bookshelves" lists the custom shelves and, except for "read", the exclusive one too.
    const shelves = [...b.customShelves, ...(read ? [] : [b.status])];
    const withPositions = shelves.map((s) => {
      const n = (positions.get(s) ?? 0) + 1;
      positions.set(s, n);
      return `${s} (#${n})`;
    });
    return [
      r.int(1000, 219_999_999),
      b.title,
      b.authorAsWritten,
      `${rest.join(' ')}, ${first}`,
      b.additionalAsWritten.join(', '),
      isbnCell(b.isbn10),
      isbnCell(b.isbn13),
      read ? r.int(1, 5) : 0,
      (r.int(250, 480) / 100).toFixed(2).replace(/0$/, ''),
      r.chance(0.1) ? '' : r.pick(PUBLISHERS),
      r.pick(BINDINGS),
      r.chance(0.1) ? '' : r.int(48, 1200),
      b.yearPublished ?? '',
      b.year === b.yearPublished && r.chance(0.5) ? '' : (b.year ?? ''),
      read && r.chance(0.7) ? slashDate(r, 2015, 2026) : '',
      slashDate(r, 2012, 2026),
      shelves.join(', '),
      withPositions.join(', '),
      b.status,
      read && r.chance(0.4) ? r.pick(REVIEWS) : '',
      '',
      r.chance(0.05) ? 'Lent to Sam, ask for it back' : '',
      read ? r.int(1, 3) : b.status === 'currently-reading' ? 1 : 0,
      r.chance(0.2) ? 1 : 0,
    ];
  });
  return csvFile(header, rows, options);
}

const MOODS = [
  'adventurous',
  'challenging',
  'dark',
  'emotional',
  'funny',
  'hopeful',
  'mysterious',
  'reflective',
];
const CONTENT_WARNINGS = ['Death', 'Violence', 'Grief', 'War', 'Addiction'];

/** The StoryGraph "Export StoryGraph Library" file. */
export function storygraphSample(options: SampleOptions): Uint8Array {
  const r = random(options.seed ^ 0x85ebca6b);
  const header = [
    'Title',
    'Authors',
    'Contributors',
    'ISBN/UID',
    'Format',
    'Read Status',
    'Date Added',
    'Last Date Read',
    'Dates Read',
    'Read Count',
    'Moods',
    'Pace',
    'Character- or Plot-Driven?',
    'Strong Character Development?',
    'Loveable Characters?',
    'Diverse Characters?',
    'Flawed Characters?',
    'Star Rating',
    'Review',
    'Content Warnings',
    'Content Warning Description',
    'Tags',
    'Owned?',
  ];
  const rows = bookModels(options.rows, options.seed).map((b): Cell[] => {
    const read = b.status === 'read';
    const reviewed = read && r.chance(0.6);
    const last = read ? slashDate(r, 2019, 2026) : '';
    // StoryGraph quotes some cells even when empty ("").
    const quotedEmpty: Raw = { raw: '""' };
    return [
      // StoryGraph titles carry no series suffix; the series lives elsewhere on the site.
      b.title.replace(/ \([^()]*#\d+\)$/, ''),
      b.authors.join(', '),
      r.chance(0.1) ? `${personName(r)} (Translator)` : quotedEmpty,
      // No ISBN: StoryGraph's own id (an ASIN for Kindle-only books), or nothing.
      b.isbn13 ?? (r.chance(0.5) ? `B0${digits(r, 8)}` : quotedEmpty),
      r.pick(['paperback', 'hardcover', 'digital', 'audio']),
      b.status,
      slashDate(r, 2019, 2026),
      last || quotedEmpty,
      last ? `${slashDate(r, 2018, 2019)}-${last}` : quotedEmpty,
      read ? 1 : 0,
      reviewed
        ? [r.pick(MOODS), r.pick(MOODS)].filter((m, i, all) => all.indexOf(m) === i).join(', ')
        : quotedEmpty,
      reviewed ? r.pick(['slow', 'medium', 'fast']) : '',
      reviewed ? r.pick(['Character', 'Plot', 'A mix']) : '',
      reviewed ? r.pick(['Yes', 'No', "It's complicated", 'N/A']) : '',
      reviewed ? r.pick(['Yes', 'No', "It's complicated"]) : '',
      reviewed ? r.pick(['Yes', 'No', 'N/A']) : '',
      reviewed ? r.pick(['Yes', 'No']) : '',
      reviewed ? (r.int(2, 20) / 4).toFixed(2) : '',
      reviewed && r.chance(0.5) ? r.pick(REVIEWS).replace(/<br\/>/g, '\n') : '',
      reviewed && r.chance(0.3)
        ? `Graphic: ${r.pick(CONTENT_WARNINGS)}; Moderate: ${r.pick(CONTENT_WARNINGS)}`
        : '',
      '',
      b.customShelves.join(', ') || quotedEmpty,
      r.chance(0.3) ? 'Yes' : 'No',
    ];
  });
  return csvFile(header, rows, options);
}

// ---------------------------------------------------------------------------------------------------------
// Films

const FILM_WORDS = [
  'Night',
  'Heat',
  'Shadow',
  'Paradise',
  'Harbour',
  'Echo',
  'Signal',
  'Dust',
  'Mirror',
  'Summer',
  'Garden',
  'Ghost',
  'Frontier',
  'Glass',
  'Storm',
  'Wolves',
];
const FILM_PATTERNS = [
  (a: string, b: string) => `The ${a} ${b}`,
  (a: string, b: string) => `${a} of the ${b}`,
  (a: string, _b: string) => `${a}: Part Two`,
  (a: string, b: string) => `${a}, ${b} and Other Stories`,
  (a: string, _b: string) => `${a}!`,
];
const FOREIGN_TITLES = [
  'La ronda',
  'Tutte le mie notti',
  'Y un día Nico se fue',
  'Après Suzanne',
  'Das Leben',
];
const DIRECTORS = [
  'Agnès Varda',
  'Bong Joon Ho',
  'Céline Sciamma',
  'Denis Villeneuve',
  'Greta Gerwig',
  'Lucrecia Martel',
  'Wong Kar-wai',
  'Kelly Reichardt',
  'Joel Coen',
  'Ethan Coen',
  'Alejandro G. Iñárritu',
  'Park Chan-wook',
];
/** IMDb types with their weights in a typical watchlist. */
const FILM_TYPES: [string, number][] = [
  ['movie', 60],
  ['tvSeries', 18],
  ['tvMiniSeries', 8],
  ['short', 3],
  ['tvMovie', 3],
  ['tvEpisode', 2],
  ['tvSpecial', 2],
  ['video', 2],
  ['videoGame', 1],
  ['podcastSeries', 1],
];
const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function weighted(r: Random, choices: [string, number][], total: number): string {
  let roll = r.int(1, total);
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll <= 0) return choice;
  }
  return choices.at(-1)![0];
}

function filmModels(rows: number, seed: number): SampleFilm[] {
  const r = random(seed ^ 0x27d4eb2f);
  const total = FILM_TYPES.reduce((s, [, w]) => s + w, 0);
  const films: SampleFilm[] = [];
  const seen = new Set<string>();
  while (films.length < rows) {
    let title = r.pick(FILM_PATTERNS)(r.pick(FILM_WORDS), r.pick(FILM_WORDS));
    if (r.chance(0.04)) title = `"${title}"`;
    if (seen.has(title)) title = `${title} ${films.length}`;
    seen.add(title);
    const type = weighted(r, FILM_TYPES, total);
    const series = type === 'tvSeries' || type === 'tvMiniSeries';
    const directors = series ? [] : r.chance(0.08) ? ['Joel Coen', 'Ethan Coen'] : [r.pick(DIRECTORS)];
    let uri = '';
    for (let i = r.int(3, 4); i > 0; i--) uri += BASE62[r.int(0, 61)];
    films.push({
      title,
      originalTitle: r.chance(0.1) ? r.pick(FOREIGN_TITLES) : title,
      // Announced titles have no year yet.
      year: r.chance(0.03) ? null : r.int(1925, 2027),
      // Seven digits, zero-padded, until IMDb passed tt9999999; eight since.
      imdbId: `tt${String(r.int(1, 39_999_999)).padStart(7, '0')}`,
      type,
      directors,
      letterboxdUri: `https://boxd.it/${uri}`,
    });
  }
  return films;
}

/** The films every film sample is written from. */
export function sampleFilms(options: { rows: number; seed: number }): SampleFilm[] {
  return filmModels(options.rows, options.seed);
}

function dashDate(r: Random, from: number, to: number): string {
  return `${r.int(from, to)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
}

const LETTERBOXD_FILM_HEADER = ['Date', 'Name', 'Year', 'Letterboxd URI'];

/** Letterboxd's watchlist.csv (only films: Letterboxd has no series). */
export function letterboxdWatchlistCsv(options: SampleOptions): Uint8Array {
  const r = random(options.seed ^ 0x165667b1);
  const rows = filmModels(options.rows, options.seed).map((f): Cell[] => [
    dashDate(r, 2019, 2026),
    f.title,
    f.year ?? '',
    f.letterboxdUri,
  ]);
  return csvFile(LETTERBOXD_FILM_HEADER, rows, options);
}

/**
 * The whole Letterboxd export as its ZIP comes: a dozen CSVs, of which only watchlist.csv is the member's
 * watchlist. A list named "Watchlist" (lists/watchlist.csv) and one named "My watchlist" are there as traps.
 */
export function letterboxdZip(options: SampleOptions & { folder?: string }): Uint8Array {
  const r = random(options.seed ^ 0x3c6ef372);
  const others = filmModels(40, options.seed + 1);
  const filmRow = (f: SampleFilm): Cell[] => [
    dashDate(r, 2019, 2026),
    f.title,
    f.year ?? '',
    f.letterboxdUri,
  ];
  const rating = () => String(r.int(1, 10) / 2);
  const list = (name: string) =>
    strToU8(
      `Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-11-23,${name},,https://boxd.it/ACVa4,"Ranked, loosely."\n\n` +
        `Position,Name,Year,URL,Description\n${others
          .slice(0, 10)
          .map((f, i) => `${i + 1},${csvCell(f.title)},${f.year ?? ''},${f.letterboxdUri},`)
          .join('\n')}\n`,
    );
  const files: Record<string, Uint8Array> = {
    'comments.csv': csvFile(
      ['Date', 'Content', 'Comment'],
      [[dashDate(r, 2023, 2024), 'https://boxd.it/5nEvDl', 'Agreed.\n\nThe last scene, though!']],
      {},
    ),
    'diary.csv': csvFile(
      [...LETTERBOXD_FILM_HEADER, 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      others.map((f) => [...filmRow(f), rating(), r.chance(0.2) ? 'Yes' : '', '', dashDate(r, 2019, 2026)]),
      {},
    ),
    'profile.csv': csvFile(
      [
        'Date Joined',
        'Username',
        'Given Name',
        'Family Name',
        'Email Address',
        'Location',
        'Website',
        'Bio',
        'Pronoun',
        'Favorite Films',
      ],
      [
        [
          '2023-04-10',
          'sample',
          '',
          '',
          '',
          'Buenos Aires, Argentina',
          '',
          'Films, mostly.\n\nSometimes series.',
          'She / her',
          '',
        ],
      ],
      {},
    ),
    'ratings.csv': csvFile(
      [...LETTERBOXD_FILM_HEADER, 'Rating'],
      others.map((f) => [...filmRow(f), rating()]),
      {},
    ),
    'reviews.csv': csvFile(
      [...LETTERBOXD_FILM_HEADER, 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date'],
      others
        .slice(0, 5)
        .map((f) => [...filmRow(f), rating(), '', 'Long, odd, great.', '', dashDate(r, 2019, 2026)]),
      {},
    ),
    'watched.csv': csvFile(LETTERBOXD_FILM_HEADER, others.map(filmRow), {}),
    'watchlist.csv': letterboxdWatchlistCsv(options),
    'likes/films.csv': csvFile(LETTERBOXD_FILM_HEADER, others.slice(0, 8).map(filmRow), {}),
    'likes/lists.csv': csvFile(['Date', 'Content'], [[dashDate(r, 2023, 2024), 'https://boxd.it/nnsMc']], {}),
    'likes/reviews.csv': csvFile(
      ['Date', 'Content'],
      [[dashDate(r, 2023, 2024), 'https://boxd.it/4MNHxf']],
      {},
    ),
    'lists/watchlist.csv': list('Watchlist'),
    'lists/my-watchlist.csv': list('My watchlist'),
    'deleted/diary.csv': csvFile(
      [...LETTERBOXD_FILM_HEADER, 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      [],
      {},
    ),
    'orphaned/diary.csv': csvFile(
      [...LETTERBOXD_FILM_HEADER, 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      [],
      {},
    ),
  };
  const prefix = options.folder ? `${options.folder}/` : '';
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) zippable[prefix + name] = data;
  // A fixed date: zipSync stamps the current time otherwise, and the bytes would differ run to run.
  return zipSync(zippable, { mtime: new Date('2024-06-01T12:00:00Z') });
}

/** How each IMDb type is written: since mid-2024 ("display"), and the camelCase of 2017-2024 exports. */
const IMDB_DISPLAY: Record<string, string> = {
  movie: 'Movie',
  tvSeries: 'TV Series',
  tvMiniSeries: 'TV Mini Series',
  short: 'Short',
  tvMovie: 'TV Movie',
  tvEpisode: 'TV Episode',
  tvSpecial: 'TV Special',
  video: 'Video',
  videoGame: 'Video Game',
  podcastSeries: 'Podcast Series',
};
const GENRES = ['Drama', 'Comedy', 'Crime', 'Sci-Fi', 'Thriller', 'Romance', 'Documentary', 'Animation'];

/**
 * An IMDb watchlist or list export. `style: 'current'` is today's file (Original Title, "TV Series", strings
 * quoted); `'2017'` is the previous one (no Original Title, "tvSeries", quoted only where needed).
 */
export function imdbWatchlistSample(options: SampleOptions & { style?: 'current' | '2017' }): Uint8Array {
  const r = random(options.seed ^ 0xc2b2ae35);
  const current = (options.style ?? 'current') === 'current';
  const header = current
    ? [
        'Position',
        'Const',
        'Created',
        'Modified',
        'Description',
        'Title',
        'Original Title',
        'URL',
        'Title Type',
        'IMDb Rating',
        'Runtime (mins)',
        'Year',
        'Genres',
        'Num Votes',
        'Release Date',
        'Directors',
        'Your Rating',
        'Date Rated',
      ]
    : [
        'Position',
        'Const',
        'Created',
        'Modified',
        'Description',
        'Title',
        'URL',
        'Title Type',
        'IMDb Rating',
        'Runtime (mins)',
        'Year',
        'Genres',
        'Num Votes',
        'Release Date',
        'Directors',
      ];
  const q = (text: string): Cell => (current ? { raw: `"${text.replace(/"/g, '""')}"` } : text);
  const rows = filmModels(options.rows, options.seed).map((f, i): Cell[] => {
    const created = dashDate(r, 2015, 2026);
    const genres = [r.pick(GENRES), r.pick(GENRES)].filter((g, j, all) => all.indexOf(g) === j).join(', ');
    const released =
      f.year === null
        ? ''
        : `${f.year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
    const rated = current && r.chance(0.05);
    const description = r.chance(0.05)
      ? 'Recommended by Ana, "after the festival".\nWatch with subtitles.'
      : '';
    const type = current ? IMDB_DISPLAY[f.type]! : f.type;
    const url = `https://www.imdb.com/title/${f.imdbId}${current ? '' : '/'}`;
    const cells: Cell[] = [
      i + 1,
      f.imdbId,
      created,
      created,
      description,
      q(f.title),
      ...(current ? [q(f.originalTitle)] : []),
      url,
      type,
      f.year === null ? '' : (r.int(30, 95) / 10).toFixed(1),
      r.chance(0.1) ? '' : r.int(12, 240),
      f.year ?? '',
      q(genres),
      f.year === null ? '' : r.int(5, 3_000_000),
      released ? q(released) : '',
      f.directors.length > 0 ? q(f.directors.join(current ? ',' : ', ')) : '',
      ...(current ? [rated ? r.int(1, 10) : '', rated ? dashDate(r, 2024, 2026) : ''] : []),
    ];
    return cells;
  });
  return csvFile(header, rows, options);
}

// ---------------------------------------------------------------------------------------------------------
// JSON exports: Trakt, Simkl, Releasebell

const iso = (r: Random, from: number, to: number) =>
  `${dashDate(r, from, to)}T${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}.000Z`;
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const json = (value: unknown, pretty = true) => strToU8(JSON.stringify(value, null, pretty ? 2 : undefined));

/** One title on a Trakt watchlist, as the tests want to find it again. */
export interface TraktSampleItem {
  type: 'movie' | 'show' | 'season' | 'episode';
  /** The movie's or the show's. */
  title: string;
  year: number | null;
  trakt: number;
  tmdb: number | null;
  imdb: string | null;
  /** Seasons and episodes: the season's number; episodes: the episode's too. */
  season?: number;
  episode?: number;
}

/** Titles for a Trakt watchlist: mostly movies and shows, a few seasons and episodes, some without ids. */
export function sampleTraktItems(options: { rows: number; seed: number }): TraktSampleItem[] {
  const r = random(options.seed ^ 0x1b873593);
  return filmModels(options.rows, options.seed).map((f, i): TraktSampleItem => {
    const type = f.type === 'movie' ? 'movie' : r.chance(0.8) ? 'show' : r.chance(0.5) ? 'season' : 'episode';
    return {
      type,
      title: f.title,
      year: f.year,
      trakt: 100_000 + i,
      // TMDB and IMDb ids Trakt has not (yet) for some titles: null, as it writes them.
      tmdb: r.chance(0.08) ? null : 10_000 + i,
      imdb: r.chance(0.1) ? null : f.imdbId,
      ...(type === 'season' || type === 'episode' ? { season: r.int(1, 6) } : {}),
      ...(type === 'episode' ? { episode: r.int(1, 10) } : {}),
    };
  });
}

function traktMedia(item: TraktSampleItem, show: boolean) {
  return {
    title: item.title,
    year: item.year,
    ids: {
      trakt: item.trakt,
      slug: slugOf(`${item.title}${show ? '' : ` ${item.year ?? ''}`}`),
      ...(show ? { tvdb: item.tmdb === null ? null : item.tmdb + 300_000 } : {}),
      imdb: item.imdb,
      tmdb: item.tmdb,
      ...(show ? { tvrage: null } : {}),
    },
  };
}

/** Trakt's watchlist items as its API (`/sync/watchlist`) and its export write them. */
function traktWatchlistItems(items: TraktSampleItem[], seed: number) {
  const r = random(seed ^ 0x4cf5ad43);
  return items.map((item, i) => {
    const base = {
      rank: i + 1,
      id: 900_000_000 + seed * 1000 + i,
      listed_at: iso(r, 2018, 2026),
      notes: r.chance(0.05) ? 'Ana says: "watch with subtitles"' : null,
      type: item.type,
    };
    switch (item.type) {
      case 'movie':
        return { ...base, movie: traktMedia(item, false) };
      case 'show':
        return { ...base, show: traktMedia(item, true) };
      case 'season':
        return {
          ...base,
          season: {
            number: item.season,
            ids: { trakt: item.trakt * 10 + item.season!, tvdb: null, tmdb: null },
          },
          show: traktMedia(item, true),
        };
      default:
        return {
          ...base,
          episode: {
            season: item.season,
            number: item.episode,
            title: `Episode ${item.episode}`,
            ids: { trakt: item.trakt * 100 + item.episode!, tvdb: null, imdb: null, tmdb: null },
          },
          show: traktMedia(item, true),
        };
    }
  });
}

/** One Trakt watchlist file (`watchlist.json`, `watchlist-movies.json`...): pretty, as its export writes, or minified. */
export function traktWatchlistJson(
  items: TraktSampleItem[],
  options: { seed?: number; pretty?: boolean } = {},
) {
  return json(traktWatchlistItems(items, options.seed ?? 1), options.pretty ?? true);
}

/**
 * Trakt's data export as its ZIP comes: the watchlist split by type, beside the history, ratings,
 * collection and lists files (lists in a folder of their own), none of which is the watchlist.
 */
export function traktExportZip(options: {
  movies: TraktSampleItem[];
  shows: TraktSampleItem[];
  seed: number;
  folder?: string;
}): Uint8Array {
  const r = random(options.seed ^ 0x68e31da4);
  const watched = sampleTraktItems({ rows: 30, seed: options.seed + 1 });
  const history = traktWatchlistItems(watched, options.seed).map(({ listed_at, rank, notes, ...item }) => ({
    ...item,
    watched_at: listed_at,
    action: r.pick(['watch', 'scrobble', 'checkin']),
  }));
  const ratings = traktWatchlistItems(watched.slice(0, 10), options.seed).map(
    ({ listed_at, rank, id, notes, ...item }) => ({ ...item, rated_at: listed_at, rating: r.int(1, 10) }),
  );
  const files: Record<string, Uint8Array> = {
    'user-profile.json': json({
      username: 'sample',
      private: false,
      name: 'Sam Ple',
      vip: false,
      vip_ep: false,
      ids: { slug: 'sample' },
    }),
    'user-settings.json': json({
      account: { timezone: 'Europe/Lisbon', date_format: 'dmy', time_24hr: true },
    }),
    'watchlist-movies.json': traktWatchlistJson(options.movies, { seed: options.seed }),
    'watchlist-shows.json': traktWatchlistJson(options.shows, { seed: options.seed + 1 }),
    'watchlist-seasons.json': json([]),
    'watchlist-episodes.json': json([]),
    'watched-movies.json': json(history.filter((h) => h.type === 'movie')),
    'watched-shows.json': json(history.filter((h) => h.type !== 'movie')),
    'history-1.json': json(history),
    'ratings-movies.json': json(ratings.filter((h) => h.type === 'movie')),
    'ratings-shows.json': json(ratings.filter((h) => h.type !== 'movie')),
    'collection-movies.json': json([]),
    'lists-lists.json': json([
      { name: 'To watch with Ana', privacy: 'private', ids: { trakt: 51, slug: 'to-watch-with-ana' } },
    ]),
    'lists/to-watch-with-ana.json': json(traktWatchlistItems(watched.slice(0, 5), options.seed)),
    'comments.json': json([]),
  };
  const prefix = options.folder ? `${options.folder}/` : '';
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) zippable[prefix + name] = data;
  return zipSync(zippable, { mtime: new Date('2026-06-01T12:00:00Z') });
}

export const SIMKL_STATUSES = ['plantowatch', 'watching', 'completed', 'hold', 'dropped'] as const;

/** One title of a Simkl backup. */
export interface SimklSampleItem {
  list: 'movies' | 'shows' | 'anime';
  status: (typeof SIMKL_STATUSES)[number];
  title: string;
  year: number | null;
  /** Simkl writes TMDB's id as a string. */
  tmdb: string | null;
  imdb: string | null;
  /** Anime: Simkl's type ('tv', 'movie', 'ova'...). */
  animeType?: string;
}

/** Titles of a Simkl backup: every status in each list. */
export function sampleSimklItems(options: { rows: number; seed: number }): SimklSampleItem[] {
  const r = random(options.seed ^ 0x2c1b3c6d);
  return filmModels(options.rows, options.seed).map((f, i): SimklSampleItem => {
    const list = i % 7 === 6 ? 'anime' : f.type === 'movie' ? 'movies' : 'shows';
    return {
      list,
      status: SIMKL_STATUSES[i % SIMKL_STATUSES.length]!,
      title: f.title,
      year: f.year,
      tmdb: r.chance(0.1) ? null : String(20_000 + i),
      imdb: r.chance(0.1) ? null : f.imdbId,
      ...(list === 'anime' ? { animeType: r.pick(['tv', 'tv', 'movie', 'ova']) } : {}),
    };
  });
}

/** A Simkl backup: its `/sync/all-items` answer, `{ movies, shows, anime }`, each item with its status. */
export function simklBackup(items: SimklSampleItem[], options: { seed?: number } = {}): Uint8Array {
  const r = random((options.seed ?? 1) ^ 0x7feb352d);
  const lists: Record<SimklSampleItem['list'], unknown[]> = { movies: [], shows: [], anime: [] };
  items.forEach((item, i) => {
    const film = item.list === 'movies';
    const media = {
      title: item.title,
      poster: `${String(r.int(10, 99))}/${String(r.int(1_000_000, 9_999_999))}f`,
      year: item.year,
      ids: {
        simkl: 40_000 + i,
        slug: slugOf(item.title),
        ...(item.imdb ? { imdb: item.imdb } : {}),
        ...(item.tmdb ? { tmdb: item.tmdb } : {}),
        ...(item.list === 'anime' ? { mal: String(r.int(1, 60_000)), anidb: String(r.int(1, 20_000)) } : {}),
        ...(film ? {} : { tvdb: String(r.int(70_000, 450_000)) }),
      },
    };
    const watched = item.status !== 'plantowatch';
    lists[item.list].push({
      added_to_watchlist_at: iso(r, 2019, 2026),
      last_watched_at: watched ? iso(r, 2020, 2026) : null,
      user_rated_at: null,
      user_rating: watched && r.chance(0.5) ? r.int(1, 10) : null,
      status: item.status,
      ...(film
        ? { movie: media }
        : {
            last_watched: watched ? `S01E0${r.int(1, 9)}` : null,
            next_to_watch: item.status === 'completed' ? null : 'S01E01',
            watched_episodes_count: watched ? r.int(1, 40) : 0,
            total_episodes_count: 40,
            not_aired_episodes_count: r.int(0, 3),
            show: media,
            ...(item.list === 'anime' ? { anime_type: item.animeType ?? 'tv' } : {}),
          }),
    });
  });
  return json(lists);
}

/** A title of a Releasebell export's watchlist. */
export interface ReleasebellSampleTitle {
  media_type: 'movies' | 'tv_seasons' | 'books';
  title: string;
  release_date: string | null;
  provider_id: string;
  ids?: { tmdb?: number; season?: number; imdb?: string; isbn13?: string };
  followed_via?: string | null;
}

/** A follow of a Releasebell export. */
export interface ReleasebellSampleFollow {
  ref: string;
  kind: 'series' | 'person' | 'author';
  name: string;
  roles?: string[];
}

/** Releasebell's own export (`releasebell.json`), with the keys an importer does not read around what it does. */
export function releasebellExportJson(options: {
  watchlist: ReleasebellSampleTitle[];
  follows?: ReleasebellSampleFollow[];
  version?: number;
}): Uint8Array {
  return json({
    format: 'releasebell-export',
    version: options.version ?? 1,
    exported_at: '2026-12-01T09:30:00.000Z',
    profile: {
      username: 'sample-member',
      first_name: 'Sam',
      last_name: 'Ple',
      locale: 'en-GB',
      time_zone: 'Europe/London',
      notifications: { email: true, sms: false, in_app: true, reminder_days: [7, 1] },
    },
    watchlist: options.watchlist.map((t, i) => ({
      media_type: t.media_type,
      title: t.title,
      release_date: t.release_date,
      added_at: `2026-0${(i % 9) + 1}-0${(i % 9) + 1}T10:00:00.000Z`,
      followed_via: t.followed_via ?? null,
      provider_id: t.provider_id,
      ids: t.ids ?? {},
    })),
    follows: (options.follows ?? []).map((f) => ({
      ref: f.ref,
      kind: f.kind,
      name: f.name,
      roles: f.roles ?? (f.kind === 'person' ? ['directing', 'writing', 'creating'] : [f.kind]),
      created_at: '2026-05-05T05:05:05.000Z',
    })),
    channels: [{ type: 'email', enabled: true }],
    calendar: { enabled: true },
    notifications: [{ kind: 'released', title: 'Anything', sent_at: '2026-11-30T08:00:00.000Z' }],
  });
}

/** Releasebell's export as its ZIP comes: releasebell.json beside the watchlist as CSV and the calendar. */
export function releasebellExportZip(options: Parameters<typeof releasebellExportJson>[0]): Uint8Array {
  const csv = [
    'Title,Type,Release date,Added',
    ...options.watchlist.map((t) => `${csvCell(t.title)},${t.media_type},${t.release_date ?? ''},2026-01-01`),
  ].join('\n');
  return zipSync(
    {
      'releasebell.json': releasebellExportJson(options),
      'watchlist.csv': strToU8(`${csv}\n`),
      'calendar.ics': strToU8(
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Releasebell//EN\r\nEND:VCALENDAR\r\n',
      ),
    },
    { mtime: new Date('2026-12-01T09:30:00Z') },
  );
}
