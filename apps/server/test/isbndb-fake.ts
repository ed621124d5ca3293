/**
 * A local fake of the ISBNdb API v2 (https://api2.isbndb.com), for tests and benchmarks: a real HTTP
 * server on 127.0.0.1 with an in-memory, deterministic catalogue.
 *
 * Sources followed:
 * - ISBNdb's own "API Documentation v2" page (isbndb.com/apidocs/v2, also mirrored on RapidAPI
 *   "ISBNdb / book-database1"): `Authorization: YOUR_REST_KEY` header (no scheme; a key in the query
 *   string does not work), 404 `{"errorMessage": "Not Found"}`, 429 `{"message": "Limit Exceeded"}`,
 *   1 request/s on the basic plan across all endpoints (3/s premium, 5/s pro on other hosts).
 * - ISBNdb's swagger as republished in ballerina-platform/openapi-connectors openapi/isbndb/openapi.yaml:
 *   the paths and their query parameters (page default 1, pageSize default 20 and max 1,000, at most
 *   10,000 results; column = title | author | date_published; POST /books without pagination that
 *   leaves out unknown ISBNs), the Book / Author / AuthorQueryResults schemas, a 404 on an empty
 *   search, and the security scheme `x-amazon-apigateway-authtype: custom` (AWS API Gateway with a
 *   custom authorizer in front of the API).
 * - Clients in public code: the ISBNDB-ENDPOINTS.md notes of an integration tested live in 2025 (POST
 *   /books body `isbns=a,b,c` answered `{ total, requested, data }`; `/author/{name}` answers
 *   `{ author, books }` without `total`; `/publisher/{name}` answers `{ publisher, books }`;
 *   `language` filter), clients sending `year`, `edition`, `language`, `shouldMatchAll` and
 *   `column=subjects` to /books/{query}, clients reading `data` from /search/books, clients storing
 *   `other_isbns` as `[{ isbn, binding }]`, `dimensions_structured` as `{ length|width|height|weight:
 *   { unit, value } }`, `dewey_decimal` as a list, and one reading `message` from a 403 body.
 *
 * Confirmed (ISBNdb's docs or swagger): the auth header, the 404 and 429 bodies, the 1/s basic limit,
 * the endpoint paths and parameters above, `{ book }` for /book, `{ total, books }` for /books/{query},
 * `{ author, books }` for /author, `{ total, authors: string[] }` for /authors, the Book field names
 * (the swagger spells `synopsys`; live answers and every client use `synopsis`, as here).
 * Assumed (seen only in client code, or AWS API Gateway's defaults for that setup):
 * - 401 `{"message":"Unauthorized"}` without the header, 403 `{"message":"User is not authorized to
 *   access this resource with an explicit deny"}` for a wrong key (undocumented: the texts are API
 *   Gateway's defaults, the lowercase `message` is what a client reads on ISBNdb's 403s), and 403
 *   `{"message":"Missing Authentication Token"}` for a path or method the API does not have.
 * - No Retry-After (nor any rate-limit header) on the 429: none is documented, and API Gateway's
 *   throttling answer sends none. failNext can add one to test a client that honours it.
 * - `{ total, requested, data }` for POST /books (a JSON `{ "isbns": [...] }` body is accepted too, as
 *   clients send both), `{ total, data }` for /search/books (one client reads `books`, two read
 *   `data`), `{ publisher, books }` for /publisher (the swagger says `{ name, books: [{ isbn }] }`),
 *   `{ total, publishers }` for /publishers; an empty page past the last result is a 200.
 * - `isbn` is the ISBN-10 with `isbn10` repeating it, and for a 979 ISBN (no ISBN-10) `isbn` is the
 *   ISBN-13 and `isbn10` is left out; cover URLs are `<images>/<4 last digits split 2/2>/<isbn13>.jpg`;
 *   `related` is `{ type }` for books that have other editions; the search ranking (more query words
 *   matched first, then catalogue order) and shouldMatchAll defaulting to 0 are guesses.
 * - `dewey_decimal` is mostly a list, a string in one record (the swagger says string).
 * Not modelled: daily quotas, `with_prices`, subjects endpoints, /stats, the 100 ISBNs per POST limit of
 * the basic plan, the 6 MB response limit.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

interface IsbndbDimension {
  unit: string;
  value: number;
}

/** A book as ISBNdb answers it; every field but the identifiers and the title may be missing. */
export interface IsbndbBook {
  title: string;
  title_long?: string;
  /** The ISBN-10 when there is one, else the ISBN-13 (979 prefix). */
  isbn: string;
  isbn13: string;
  isbn10?: string;
  dewey_decimal?: string[] | string;
  binding?: string;
  publisher?: string;
  language?: string;
  /** Free text: "2027", "2027-03", "2027-03-14" or "2027-03-14T00:00:01Z". */
  date_published?: string;
  edition?: string;
  pages?: number;
  dimensions?: string;
  dimensions_structured?: Partial<Record<'length' | 'width' | 'height' | 'weight', IsbndbDimension>>;
  overview?: string;
  image?: string;
  msrp?: number;
  excerpt?: string;
  synopsis?: string;
  authors?: string[];
  subjects?: string[];
  reviews?: string[];
  related?: Record<string, string>;
  other_isbns?: { isbn: string; binding: string }[];
}

/** An answer forced by failNext: an HTTP answer, a connection closed without one, or none at all. */
export type IsbndbFakeAnswer =
  | {
      status: number;
      /** A string is sent as is, anything else as JSON; omitted, ISBNdb's body for that status. */
      body?: unknown;
      /** Sent as the Retry-After header. */
      retryAfter?: number | string;
    }
  | 'drop'
  | 'hang';

interface IsbndbFakeRequest {
  method: string;
  /** The path as sent, still percent-encoded: `/books/the%20salt`. */
  path: string;
  query: Record<string, string>;
  /** The Authorization header as received. */
  authorization: string | undefined;
  body: string;
  /** The status answered; null while unanswered, and for 'drop' / 'hang'. */
  status: number | null;
}

export interface IsbndbFakeOptions {
  /** The key the fake accepts; a deterministic ISBNdb-looking key by default. */
  apiKey?: string;
  /** The date the seeded dates are relative to (upcoming books fall in the 12 months after it). */
  now?: Date;
  /** Requests per rolling second before 429s; null for none. Default 1, ISBNdb's basic plan. */
  rateLimit?: number | null;
  /** Milliseconds, monotonic, for the rate limit; inject one to test the limit without waiting. */
  clock?: () => number;
  /** Delay before every answer, to stand in for the real API's ~300 ms in benchmarks. Default 0. */
  latencyMs?: number;
  /** Where the `image` URLs point. Default https://images.isbndb.com/covers. */
  imageBaseUrl?: string;
  /** The catalogue: the built-in seed (default), another list, or none. */
  books?: 'seed' | IsbndbBook[];
}

/** ISBNdb's error bodies, as the fake sends them (see the header for which are confirmed). */
export const ISBNDB_ERRORS = {
  notFound: { errorMessage: 'Not Found' },
  limitExceeded: { message: 'Limit Exceeded' },
  unauthorized: { message: 'Unauthorized' },
  forbidden: { message: 'User is not authorized to access this resource with an explicit deny' },
  missingToken: { message: 'Missing Authentication Token' },
  internal: { message: 'Internal server error' },
} as const;

const DEFAULT_BODIES: Record<number, unknown> = {
  401: ISBNDB_ERRORS.unauthorized,
  403: ISBNDB_ERRORS.forbidden,
  404: ISBNDB_ERRORS.notFound,
  429: ISBNDB_ERRORS.limitExceeded,
  500: ISBNDB_ERRORS.internal,
  502: ISBNDB_ERRORS.internal,
  503: { message: 'Service Unavailable' },
  504: { message: 'Endpoint request timed out' },
};

const DEFAULT_ISBNDB_IMAGE_BASE_URL = 'https://images.isbndb.com/covers';
const DEFAULT_API_KEY = '48151_6b2f0c9d8e7a4f3b1c5d9e2a7f6b4c3d';
const MAX_PAGE_SIZE = 1000;
const MAX_RESULTS = 10_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// ISBNs

const digitsOf = (s: string) => [...s].map(Number);

/** The ISBN-13 of a 12-digit stem (978/979 + 9 digits). */
function withCheck13(stem12: string) {
  const sum = digitsOf(stem12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${stem12}${(10 - (sum % 10)) % 10}`;
}

/** The ISBN-10 of a 9-digit stem. */
function withCheck10(stem9: string) {
  const sum = digitsOf(stem9).reduce((acc, d, i) => acc + d * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${stem9}${check === 10 ? 'X' : check}`;
}

const cleanIsbn = (isbn: string) => isbn.replace(/[\s-]/g, '').toUpperCase();

/** The ISBN-10 of a 978 ISBN-13; undefined for a 979 one, which has none. */
export function toIsbn10(isbn13: string): string | undefined {
  const clean = cleanIsbn(isbn13);
  return clean.startsWith('978') && clean.length === 13 ? withCheck10(clean.slice(3, 12)) : undefined;
}

/** A deterministic, valid ISBN-13 for the n-th generated book. */
function generatedIsbn13(n: number, prefix: '978' | '979' = '978') {
  return withCheck13(`${prefix}${String(160_000_000 + n * 7_919).padStart(9, '0')}`);
}

// ---------------------------------------------------------------------------------------------
// The seed

type DateFormat = 'y' | 'ym' | 'ymd' | 'ts';
/** [format, days from `now`]. */
type DateSpec = readonly [DateFormat, number];

interface EditionSeed {
  binding: string;
  date?: DateSpec;
  edition?: string;
  pages?: number;
  msrp?: number;
  language?: string;
  title?: string;
  titleLong?: string;
  publisher?: string;
  /** A 979 ISBN-13, which has no ISBN-10. */
  isbn979?: boolean;
}

interface WorkSeed {
  title: string;
  subtitle?: string;
  authors?: string[];
  publisher?: string;
  subjects?: string[];
  language?: string;
  pages?: number;
  dewey?: string[] | string;
  synopsis?: string;
  overview?: string;
  excerpt?: string;
  reviews?: string[];
  editions: EditionSeed[];
}

const formatDate = (now: Date, [format, days]: DateSpec) => {
  const iso = new Date(now.getTime() + days * DAY).toISOString();
  if (format === 'y') return iso.slice(0, 4);
  if (format === 'ym') return iso.slice(0, 7);
  if (format === 'ymd') return iso.slice(0, 10);
  return `${iso.slice(0, 10)}T00:00:01Z`;
};

const relatedType = (binding: string) =>
  /audio|mp3/i.test(binding) ? 'audiobook' : /kindle|ebook|epub/i.test(binding) ? 'ebook' : 'print';

const isDigital = (binding: string) => relatedType(binding) !== 'print';

const HC = 'Hardcover';
const PB = 'Paperback';
const KINDLE = 'Kindle Edition';
const AUDIBLE = 'Audible Audiobook';
const AUDIO_CD = 'Audio CD';

/** Works with several editions (same title and author, different ISBNs, bindings and dates). */
const WORKS: WorkSeed[] = [
  {
    title: 'The Salt Orchard',
    subtitle: 'A Novel',
    authors: ['Mara Ellison'],
    publisher: 'Harbor Lane Press',
    subjects: ['Fiction', 'Literary Fiction', 'Family Life'],
    pages: 384,
    dewey: ['813.6'],
    synopsis: 'Three sisters inherit a failing orchard on a salt marsh and one last harvest to save it.',
    reviews: ['"Luminous and exact." - The Coastal Review'],
    editions: [
      { binding: HC, date: ['ymd', -400], edition: '1', msrp: 27.99 },
      { binding: PB, date: ['ymd', -30], edition: 'Reprint', msrp: 17.99, pages: 400 },
      { binding: KINDLE, date: ['ts', -400], msrp: 13.99 },
      { binding: AUDIBLE, date: ['ymd', -395], titleLong: 'The Salt Orchard (Unabridged)' },
    ],
  },
  {
    title: 'The Glass Tide',
    authors: ['Mara Ellison'],
    publisher: 'Harbor Lane Press',
    subjects: ['Fiction', 'Literary Fiction'],
    pages: 352,
    dewey: ['813.6'],
    synopsis: 'A lighthouse keeper and a storm that does not end.',
    editions: [
      { binding: HC, date: ['ymd', 60], edition: '1', msrp: 28.99 },
      { binding: KINDLE, date: ['ymd', 60], msrp: 14.99 },
      { binding: AUDIBLE, date: ['ym', 60] },
    ],
  },
  {
    title: 'Ninefold Crown',
    authors: ['Tobias Reyne'],
    publisher: 'Greywater Books',
    subjects: ['Fiction', 'Fantasy', 'Epic'],
    pages: 712,
    dewey: ['823.92'],
    synopsis: 'Nine heirs, one crown, and a kingdom that remembers every betrayal.',
    editions: [
      { binding: HC, date: ['y', -2200], edition: '1' },
      { binding: PB, date: ['ym', -1800], pages: 760 },
      { binding: 'Mass Market Paperback', date: ['ymd', -1500], pages: 880, msrp: 9.99 },
    ],
  },
  {
    title: 'The Iron Regent',
    subtitle: 'Ninefold Crown, Book 2',
    authors: ['Tobias Reyne'],
    publisher: 'Greywater Books',
    subjects: ['Fiction', 'Fantasy', 'Epic'],
    pages: 768,
    dewey: ['823.92'],
    editions: [
      { binding: HC, date: ['ymd', -700], edition: '1', msrp: 32 },
      { binding: 'eBook', date: ['ymd', -700], isbn979: true },
      { binding: AUDIO_CD, date: ['ymd', -690], msrp: 49.99 },
    ],
  },
  {
    title: 'Ashes of the Ninefold',
    subtitle: 'Ninefold Crown, Book 3',
    authors: ['Tobias Reyne'],
    publisher: 'Greywater Books',
    subjects: ['Fiction', 'Fantasy', 'Epic'],
    dewey: ['823.92'],
    synopsis: 'The conclusion of the Ninefold Crown trilogy.',
    editions: [
      { binding: HC, date: ['ymd', 150], edition: '1', msrp: 34 },
      { binding: KINDLE, date: ['ymd', 150] },
      { binding: AUDIBLE, date: ['ymd', 150] },
    ],
  },
  {
    title: 'Quiet Machines',
    subtitle: 'How Small Tools Shape Big Lives',
    authors: ['Ines Carrow'],
    publisher: 'Northfield & Vale',
    subjects: ['Technology', 'History', 'Nonfiction'],
    pages: 296,
    dewey: ['609'],
    overview: 'A history of the humble tools that quietly rebuilt everyday life.',
    editions: [
      { binding: HC, date: ['ym', -900], edition: '1' },
      { binding: PB, date: ['ymd', -500], edition: '2' },
      { binding: AUDIO_CD, date: ['ymd', -900] },
    ],
  },
  {
    title: 'Orbital Mechanics for Everyone',
    authors: ['Hal Okafor', 'Priya Venkataraman'],
    publisher: 'Lumen Academic',
    subjects: ['Science', 'Astronomy', 'Physics'],
    pages: 248,
    dewey: ['521.3'],
    editions: [
      { binding: HC, date: ['y', -3000], edition: '1' },
      { binding: PB, date: ['y', -2600], edition: '2' },
      { binding: KINDLE, date: ['ts', -3000] },
    ],
  },
  {
    title: 'Fire and Flour',
    subtitle: 'Breads from a Wood Oven',
    authors: ['Ruth Ngata'],
    publisher: 'Copper Kettle',
    subjects: ['Cooking', 'Baking', 'Bread'],
    pages: 224,
    dewey: '641.815',
    editions: [
      { binding: HC, date: ['ymd', -100], msrp: 35 },
      { binding: KINDLE, date: ['ymd', -100] },
      { binding: 'Spiral-bound', date: ['ymd', -100], msrp: 29.5 },
    ],
  },
  {
    title: 'Dead Reckoning',
    authors: ['Jonah Albright'],
    publisher: 'Blackline',
    subjects: ['Fiction', 'Thriller', 'Suspense'],
    pages: 416,
    dewey: ['813.6'],
    synopsis: 'A navigator wakes on a drifting ship with no crew and a log that ends tomorrow.',
    editions: [
      { binding: HC, date: ['ymd', 20], edition: '1', msrp: 29 },
      { binding: KINDLE, date: ['ts', 20] },
      { binding: AUDIBLE, date: ['ymd', 20] },
      { binding: 'Paperback', date: ['ymd', 50], edition: 'Large Print', pages: 590 },
    ],
  },
  {
    title: 'La Maison des Ombres',
    authors: ['Celeste Moreau'],
    publisher: 'Éditions du Quai',
    subjects: ['Roman', 'Fiction'],
    language: 'fr',
    pages: 320,
    editions: [
      { binding: 'Broché', date: ['ymd', -300] },
      { binding: KINDLE, date: ['ymd', -300] },
    ],
  },
  {
    title: "The Cartographer's Daughter",
    authors: ['Daniel Kwame Mensah'],
    publisher: 'Harbor Lane Press',
    subjects: ['Fiction', 'Historical Fiction'],
    pages: 448,
    dewey: ['823.92'],
    editions: [
      { binding: HC, date: ['ymd', -60], edition: '1', msrp: 28 },
      { binding: 'MP3 CD', date: ['ymd', -60] },
      { binding: PB, date: ['ymd', 300], msrp: 18 },
    ],
  },
  {
    title: 'A History of Small Hours',
    authors: ['Eleanor Voss'],
    publisher: 'Northfield & Vale',
    subjects: ['History', 'Sleep', 'Nonfiction'],
    pages: 288,
    editions: [
      { binding: HC, date: ['y', -5000], edition: '1' },
      { binding: PB, date: ['ymd', -200], edition: 'Reprint' },
    ],
  },
  {
    title: 'Lanterns Over Kolkata',
    authors: ['K. T. Banerjee'],
    publisher: 'Monsoon House',
    subjects: ['Fiction', 'Literary Fiction', 'India'],
    editions: [
      { binding: HC, date: ['ym', 100] },
      { binding: KINDLE, date: ['ym', 100] },
    ],
  },
  {
    title: 'Pip and the Puddle',
    authors: ['Beatrix Quill'],
    publisher: 'Little Acorn',
    subjects: ["Children's Books", 'Picture Books'],
    pages: 32,
    editions: [
      { binding: 'Board book', date: ['y', -700] },
      { binding: HC, date: ['ymd', -700], pages: 40 },
    ],
  },
  {
    title: 'Under the Lemon Trees',
    authors: ['Ada Marchetti'],
    publisher: 'Greywater Books',
    subjects: ['Fiction', 'Romance'],
    pages: 336,
    dewey: ['853.92'],
    editions: [
      { binding: HC, date: ['ymd', -1000], edition: '1' },
      { binding: PB, date: ['ymd', -600] },
      { binding: KINDLE, date: ['ymd', -1000] },
      { binding: AUDIBLE, date: ['ymd', -990] },
    ],
  },
  {
    title: 'Vinterljus',
    authors: ['Sofia Lindqvist'],
    publisher: 'Norrsken Förlag',
    subjects: ['Skönlitteratur'],
    language: 'sv',
    pages: 280,
    editions: [{ binding: 'Inbunden', date: ['ymd', -1200] }],
  },
  {
    title: 'Winter Light',
    authors: ['Sofia Lindqvist'],
    publisher: 'Greywater Books',
    subjects: ['Fiction', 'Translated Fiction'],
    pages: 296,
    editions: [
      { binding: PB, date: ['ymd', -800] },
      { binding: KINDLE, date: ['ymd', -800] },
    ],
  },
  {
    title: 'Tidewater',
    subtitle: 'Stories',
    authors: ['Mara Ellison', 'Jonah Albright', 'Ruth Ngata'],
    publisher: 'Harbor Lane Press',
    subjects: ['Fiction', 'Short Stories', 'Anthologies'],
    pages: 260,
    editions: [{ binding: PB, date: ['ymd', -150] }],
  },
  {
    title: 'Signal Fires',
    authors: ['Oskar Hale'],
    publisher: 'Blackline',
    subjects: ['Fiction', 'Science Fiction'],
    editions: [
      { binding: HC, date: ['ymd', 330] },
      { binding: KINDLE, date: ['ymd', 330] },
    ],
  },
];

const STANDALONE_TITLES = [
  'The Weight of Lanterns',
  'Rivers Run Backward',
  'The Last Cartwright',
  'Midnight at the Observatory',
  'A Field Guide to Clouds',
  'The Beekeeper of Aldmoor',
  'Paper Boats',
  'The Silent Conservatory',
  'Notes from a Small Kitchen',
  'The Mapmaker of Venice',
  'Stone Soup Economics',
  'The Ninth Bell',
  'When the Swallows Return',
  'The Clockwork Gardener',
  'Letters to an Unborn City',
  'The Tin Violin',
  'Harvest of Ghosts',
  'Learning to Sail in Winter',
  'The Orchard Keeper',
  'Grammar of Rivers',
  'The House on Wren Street',
  'Ember and Ash',
  'The Long Way to Noon',
  'Collected Letters, Volume 3',
  'Untitled Field Notes',
  'The Salt Road',
  'Salt and Saffron',
  'The Quiet Year',
  'Northern Lights Over Tromsø',
  'The Archivist',
];

const STANDALONE_AUTHORS = [
  'Nadia Petrov',
  'Owen Castellanos',
  'Grace Whitfield',
  'Samir Haddad',
  'Lena Okonkwo',
  'Theo Brandt',
  'Mei-Lin Zhao',
  'Rafael Duarte',
  'Ingrid Solberg',
  'Marcus Bell',
  'Tobias Reyne',
];

const STANDALONE_PUBLISHERS = ['Harbor Lane Press', 'Greywater Books', 'Blackline', 'Lumen Academic'];
const STANDALONE_SUBJECTS = [
  ['Fiction', 'Literary Fiction'],
  ['Fiction', 'Mystery'],
  ['Science', 'Nature'],
  ['History'],
  ['Cooking'],
  ['Fiction', 'Fantasy'],
];
const FORMATS: DateFormat[] = ['y', 'ym', 'ymd', 'ts'];

function standaloneWorks(): WorkSeed[] {
  return STANDALONE_TITLES.map((title, i): WorkSeed => {
    // Every sixth is upcoming (5 to 335 days ahead), the rest spread over the past 11 years.
    const days = i % 6 === 2 ? 5 + ((i * 53) % 330) : -(15 + ((i * 389) % 4000));
    const format = FORMATS[i % FORMATS.length] ?? 'ymd';
    const work: WorkSeed = {
      title,
      authors: [STANDALONE_AUTHORS[i % STANDALONE_AUTHORS.length] ?? 'Anonymous'],
      publisher: STANDALONE_PUBLISHERS[i % STANDALONE_PUBLISHERS.length],
      subjects: STANDALONE_SUBJECTS[i % STANDALONE_SUBJECTS.length],
      pages: 180 + ((i * 37) % 300),
      synopsis: `${title}: a story told in ${3 + (i % 5)} parts.`,
      editions: [{ binding: i % 3 === 0 ? HC : PB, date: [format, days], msrp: 12 + (i % 9) }],
    };
    // A few records with fields missing, as ISBNdb has plenty of.
    if (title === 'Untitled Field Notes') {
      delete work.authors;
      delete work.synopsis;
      work.editions = [{ binding: PB }];
    }
    if (title === 'Collected Letters, Volume 3') {
      work.authors = [];
      delete work.pages;
      work.editions = [{ binding: '' }];
    }
    if (title === 'Grammar of Rivers') {
      delete work.publisher;
      delete work.subjects;
      work.editions = [{ binding: HC, date: ['y', -2500], msrp: 0 }];
    }
    return work;
  });
}

const dimensionsFor = (pages: number, binding: string) => {
  if (isDigital(binding)) return {};
  const height = binding === HC ? 9.5 : 8;
  const width = binding === HC ? 6.4 : 5.2;
  const length = Math.round((pages / 280) * 10) / 10 || 0.2;
  const weight = Math.round(pages * (binding === HC ? 0.0042 : 0.003) * 100) / 100;
  return {
    dimensions: `Height: ${height} Inches, Length: ${length} Inches, Weight: ${weight} Pounds, Width: ${width} Inches`,
    dimensions_structured: {
      length: { unit: 'inches', value: length },
      width: { unit: 'inches', value: width },
      height: { unit: 'inches', value: height },
      weight: { unit: 'pounds', value: weight },
    },
  };
};

const isbndbImageUrl = (isbn13: string, imageBaseUrl = DEFAULT_ISBNDB_IMAGE_BASE_URL) =>
  `${imageBaseUrl.replace(/\/+$/, '')}/${isbn13.slice(-4, -2)}/${isbn13.slice(-2)}/${isbn13}.jpg`;

/** Sets other_isbns and related on every edition of a work (same title and first author). */
function linkEditions(books: IsbndbBook[]) {
  const groups = new Map<string, IsbndbBook[]>();
  for (const book of books) {
    const key = workKey(book);
    groups.set(key, [...(groups.get(key) ?? []), book]);
  }
  for (const group of groups.values()) {
    for (const book of group) {
      const others = group.filter((b) => b !== book);
      if (others.length === 0) {
        delete book.other_isbns;
        continue;
      }
      book.other_isbns = others.map((b) => ({ isbn: b.isbn13, binding: b.binding ?? '' }));
      book.related = { type: relatedType(book.binding ?? '') };
    }
  }
}

const workKey = (book: IsbndbBook) =>
  `${book.title.toLowerCase()}\u0000${(book.authors?.[0] ?? '').toLowerCase()}`;

/**
 * The built-in catalogue (about 80 books), dated relative to `now`: works in several editions,
 * year-only and year-month dates, upcoming books within 12 months, and records with fields missing.
 */
function seedIsbndbBooks(now: Date = new Date(), imageBaseUrl = DEFAULT_ISBNDB_IMAGE_BASE_URL): IsbndbBook[] {
  const books: IsbndbBook[] = [];
  let n = 0;
  for (const work of [...WORKS, ...standaloneWorks()]) {
    for (const ed of work.editions) {
      const isbn13 = generatedIsbn13(n++, ed.isbn979 ? '979' : '978');
      const isbn10 = toIsbn10(isbn13);
      const title = ed.title ?? work.title;
      const pages = ed.pages ?? work.pages;
      const book: IsbndbBook = {
        title,
        title_long: ed.titleLong ?? (work.subtitle ? `${title}: ${work.subtitle}` : title),
        isbn: isbn10 ?? isbn13,
        isbn13,
        ...(isbn10 ? { isbn10 } : {}),
        ...(work.dewey !== undefined ? { dewey_decimal: work.dewey } : {}),
        ...(ed.binding ? { binding: ed.binding } : {}),
        ...((ed.publisher ?? work.publisher) ? { publisher: ed.publisher ?? work.publisher } : {}),
        language: ed.language ?? work.language ?? (n % 5 === 0 ? 'en_US' : 'en'),
        ...(ed.date ? { date_published: formatDate(now, ed.date) } : {}),
        ...(ed.edition ? { edition: ed.edition } : {}),
        ...(pages !== undefined && !/audio|mp3/i.test(ed.binding) ? { pages } : {}),
        ...(pages !== undefined ? dimensionsFor(pages, ed.binding) : {}),
        ...(work.overview ? { overview: work.overview } : {}),
        ...(work.title === 'Untitled Field Notes' ? {} : { image: isbndbImageUrl(isbn13, imageBaseUrl) }),
        ...(ed.msrp !== undefined ? { msrp: ed.msrp } : {}),
        ...(work.excerpt ? { excerpt: work.excerpt } : {}),
        ...(work.synopsis ? { synopsis: work.synopsis } : {}),
        ...(work.authors ? { authors: [...work.authors] } : {}),
        ...(work.subjects ? { subjects: [...work.subjects] } : {}),
        reviews: [...(work.reviews ?? [])],
        related: {},
      };
      books.push(book);
    }
  }
  linkEditions(books);
  return books;
}

// ---------------------------------------------------------------------------------------------
// Search

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);

const truthy = (v: string | null) => v === '1' || v === 'true';

function columnText(book: IsbndbBook, column: string) {
  if (column === 'title') return `${book.title} ${book.title_long ?? ''}`;
  if (column === 'author') return (book.authors ?? []).join(' ');
  if (column === 'subjects') return (book.subjects ?? []).join(' ');
  return [
    book.title,
    book.title_long ?? '',
    ...(book.authors ?? []),
    ...(book.subjects ?? []),
    book.publisher ?? '',
    book.isbn,
    book.isbn13,
  ].join(' ');
}

/** Matches ranked by how many query words they contain; shouldMatchAll wants every word. */
function searchBooks(books: IsbndbBook[], query: string, params: URLSearchParams) {
  const column = params.get('column') ?? '';
  const year = params.get('year');
  const edition = params.get('edition');
  const language = params.get('language');
  const matchAll = truthy(params.get('shouldMatchAll'));
  const wanted = words(query);
  const scored: { book: IsbndbBook; score: number }[] = [];
  for (const book of books) {
    let score: number;
    if (column === 'date_published') {
      score = book.date_published?.startsWith(query.trim()) ? 1 : 0;
    } else {
      const have = new Set(words(columnText(book, column)));
      const hits = wanted.filter((w) => have.has(w)).length;
      score = matchAll && hits < wanted.length ? 0 : hits;
    }
    if (score === 0) continue;
    if (year && !book.date_published?.startsWith(year)) continue;
    if (edition && !(book.edition ?? '').toLowerCase().includes(edition.toLowerCase())) continue;
    if (language && (book.language ?? '').toLowerCase().split(/[_-]/)[0] !== language.toLowerCase()) continue;
    scored.push({ book, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.book);
}

function paging(params: URLSearchParams) {
  const int = (v: string | null, fallback: number) => {
    const n = Number.parseInt(v ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const page = int(params.get('page'), 1);
  const pageSize = Math.min(int(params.get('pageSize'), 20), MAX_PAGE_SIZE);
  return <T>(items: T[]) => items.slice(0, MAX_RESULTS).slice((page - 1) * pageSize, page * pageSize);
}

/** Author and publisher names in paths come as "andy%20weir" or "andy_weir". */
const nameKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();

// ---------------------------------------------------------------------------------------------
// The server

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startIsbndbFake(options: IsbndbFakeOptions = {}) {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const now = options.now ?? new Date();
  const clock = options.clock ?? (() => performance.now());
  const imageBaseUrl = options.imageBaseUrl ?? DEFAULT_ISBNDB_IMAGE_BASE_URL;
  const latencyMs = options.latencyMs ?? 0;
  let rateLimit = options.rateLimit === undefined ? 1 : options.rateLimit;
  let admitted: number[] = [];

  const initial = () =>
    options.books === undefined || options.books === 'seed'
      ? seedIsbndbBooks(now, imageBaseUrl)
      : structuredClone(options.books);
  const books: IsbndbBook[] = initial();
  let nextIsbn = 10_000;
  const requests: IsbndbFakeRequest[] = [];
  const queued: IsbndbFakeAnswer[] = [];

  const find = (isbn: string) => {
    const clean = cleanIsbn(isbn);
    return books.find((b) => b.isbn13 === clean || b.isbn === clean || b.isbn10 === clean);
  };
  const mustFind = (isbn: string) => {
    const book = find(isbn);
    if (!book) throw new Error(`ISBNdb fake: no book ${isbn}`);
    return book;
  };

  const data = {
    /** The live catalogue: edit it freely, every request reads it. */
    books,
    /** The date the seed is relative to. */
    now,
    /** The book with this ISBN-10 or ISBN-13 (hyphens allowed). */
    get: find,
    /** Every edition of a title (case-insensitive), optionally by one author. */
    editionsOf(title: string, author?: string) {
      return books.filter(
        (b) =>
          b.title.toLowerCase() === title.toLowerCase() &&
          (author === undefined || (b.authors ?? []).some((a) => a.toLowerCase() === author.toLowerCase())),
      );
    },
    /**
     * Adds a book. Without isbn13 one is generated; isbn / isbn10 follow from it; `image` is set
     * unless the key is given (even as undefined). Other fields are taken as given.
     */
    add(book: Omit<IsbndbBook, 'isbn' | 'isbn13'> & { isbn13?: string; isbn?: string }): IsbndbBook {
      const isbn13 = book.isbn13 ? cleanIsbn(book.isbn13) : generatedIsbn13(nextIsbn++);
      if (find(isbn13)) throw new Error(`ISBNdb fake: ${isbn13} already exists`);
      const isbn10 = toIsbn10(isbn13);
      const added: IsbndbBook = {
        ...('image' in book ? {} : { image: isbndbImageUrl(isbn13, imageBaseUrl) }),
        ...book,
        isbn: book.isbn ?? isbn10 ?? isbn13,
        isbn13,
        ...(isbn10 && !('isbn10' in book) ? { isbn10 } : {}),
      };
      books.push(added);
      if (books.some((b) => b !== added && workKey(b) === workKey(added))) linkEditions(books);
      return added;
    },
    /** Adds another edition of the book with this ISBN: a copy with a new ISBN and `changes`. */
    addEdition(isbn: string, changes: Partial<Omit<IsbndbBook, 'isbn'>> = {}): IsbndbBook {
      const { isbn: _isbn, isbn10: _isbn10, isbn13: _isbn13, image: _image, ...rest } = mustFind(isbn);
      return data.add({ ...structuredClone(rest), ...changes });
    },
    /** Changes a book's date_published; undefined removes the field. */
    setDatePublished(isbn: string, date: string | undefined) {
      const book = mustFind(isbn);
      if (date === undefined) delete book.date_published;
      else book.date_published = date;
      return book;
    },
    /** Merges `changes` into a book. */
    update(isbn: string, changes: Partial<IsbndbBook>) {
      return Object.assign(mustFind(isbn), changes);
    },
    /** Removes a book; false if there was none. */
    remove(isbn: string) {
      const book = find(isbn);
      if (!book) return false;
      books.splice(books.indexOf(book), 1);
      linkEditions(books);
      return true;
    },
    /** Back to the initial catalogue (same ISBNs and dates). */
    reset() {
      books.splice(0, books.length, ...initial());
      nextIsbn = 10_000;
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(status, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'x-amzn-requestid': randomUUID(),
        ...headers,
      });
      res.end(payload);
    };
    if (latencyMs > 0) setTimeout(write, latencyMs);
    else write();
  };

  type Handler = (params: URLSearchParams, arg: string, body: string) => [number, unknown];
  const notFound = (): [number, unknown] => [404, ISBNDB_ERRORS.notFound];
  const copy = (list: IsbndbBook[]) => structuredClone(list);

  const routes: Record<string, Handler> = {
    'GET /book': (_p, isbn) => {
      const book = find(isbn);
      return book ? [200, { book: structuredClone(book) }] : notFound();
    },
    'GET /books': (params, query) => {
      const found = searchBooks(books, query, params);
      if (found.length === 0) return notFound();
      return [200, { total: Math.min(found.length, MAX_RESULTS), books: copy(paging(params)(found)) }];
    },
    'POST /books': (_p, _a, body) => {
      const requested = parseIsbns(body);
      const seen = new Set<string>();
      const found: IsbndbBook[] = [];
      for (const isbn of requested) {
        const book = find(isbn);
        if (book && !seen.has(book.isbn13)) {
          seen.add(book.isbn13);
          found.push(book);
        }
      }
      return [200, { total: found.length, requested: requested.length, data: copy(found) }];
    },
    'GET /author': (params, name) => {
      const key = nameKey(name);
      const found = books.filter((b) => (b.authors ?? []).some((a) => nameKey(a) === key));
      const language = params.get('language');
      const filtered = language ? found.filter((b) => (b.language ?? '').startsWith(language)) : found;
      const canonical = found[0]?.authors?.find((a) => nameKey(a) === key);
      if (!canonical) return notFound();
      return [200, { author: canonical, books: copy(paging(params)(filtered)) }];
    },
    'GET /authors': (params, query) => {
      const wanted = words(query);
      const names = [...new Set(books.flatMap((b) => b.authors ?? []))].filter((a) => {
        const have = words(a);
        return wanted.every((w) => have.some((h) => h.startsWith(w)));
      });
      if (names.length === 0) return notFound();
      return [200, { total: names.length, authors: paging(params)(names) }];
    },
    'GET /publisher': (params, name) => {
      const key = nameKey(name);
      const found = books.filter((b) => b.publisher !== undefined && nameKey(b.publisher) === key);
      if (found.length === 0) return notFound();
      return [200, { publisher: found[0]?.publisher, books: copy(paging(params)(found)) }];
    },
    'GET /publishers': (params, query) => {
      const wanted = words(query);
      const names = [...new Set(books.flatMap((b) => (b.publisher ? [b.publisher] : [])))].filter((p) =>
        wanted.every((w) => words(p).includes(w)),
      );
      if (names.length === 0) return notFound();
      return [200, { total: names.length, publishers: paging(params)(names) }];
    },
    'GET /search': (params, index) => {
      if (index !== 'books') return notFound();
      const text = params.get('text');
      const author = params.get('author');
      const publisher = params.get('publisher');
      const subject = params.get('subject');
      const isbn = params.get('isbn');
      const isbn13 = params.get('isbn13');
      const contains = (haystack: string, needle: string | null) =>
        needle === null || words(needle).every((w) => words(haystack).includes(w));
      const found = books.filter(
        (b) =>
          contains(`${b.title} ${b.title_long ?? ''}`, text) &&
          contains((b.authors ?? []).join(' '), author) &&
          contains(b.publisher ?? '', publisher) &&
          contains((b.subjects ?? []).join(' '), subject) &&
          (isbn === null || b.isbn === cleanIsbn(isbn) || b.isbn10 === cleanIsbn(isbn)) &&
          (isbn13 === null || b.isbn13 === cleanIsbn(isbn13)),
      );
      if (found.length === 0) return notFound();
      return [200, { total: Math.min(found.length, MAX_RESULTS), data: copy(paging(params)(found)) }];
    },
  };

  const overLimit = () => {
    if (rateLimit === null) return false;
    const t = clock();
    admitted = admitted.filter((at) => at > t - 1000);
    if (admitted.length >= rateLimit) return true;
    admitted.push(t);
    return false;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: IsbndbFakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
      status: null,
    };
    requests.push(entry);
    const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
      entry.status = status;
      send(res, status, payload, headers);
    };

    const forced = queued.shift();
    if (forced === 'drop') return req.socket.destroy();
    if (forced === 'hang') return;
    if (forced) {
      const headers: Record<string, string> = {};
      if (forced.retryAfter !== undefined) headers['retry-after'] = String(forced.retryAfter);
      return answer(forced.status, forced.body ?? DEFAULT_BODIES[forced.status] ?? '', headers);
    }

    // /resource/{arg}: the argument is one path segment, decoded (a "/" in it arrives as %2F).
    const [, resource = '', rawArg, ...extra] = url.pathname.split('/');
    const route = routes[`${entry.method} /${resource}`];
    const takesArg = !(entry.method === 'POST' && resource === 'books');
    let arg = '';
    try {
      arg = decodeURIComponent(rawArg ?? '');
    } catch {
      arg = '';
    }
    if (!route || extra.length > 0 || (takesArg ? !arg : rawArg !== undefined)) {
      return answer(403, ISBNDB_ERRORS.missingToken);
    }
    if (!req.headers.authorization) return answer(401, ISBNDB_ERRORS.unauthorized);
    if (req.headers.authorization !== apiKey) return answer(403, ISBNDB_ERRORS.forbidden);
    if (overLimit()) return answer(429, ISBNDB_ERRORS.limitExceeded);
    const [status, payload] = route(url.searchParams, arg, body);
    answer(status, payload);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The API base, like https://api2.isbndb.com: `${url}/book/9780...`. */
    url: `http://127.0.0.1:${port}`,
    /** The key to send as the Authorization header. */
    apiKey,
    /** Every request received, in order, with the status answered. */
    requests,
    /** The in-memory catalogue and helpers to change it. */
    data,
    /** The next `n` requests get `answer` instead of being served (before auth and the rate limit). */
    failNext(n: number, answer: IsbndbFakeAnswer) {
      for (let i = 0; i < n; i++) queued.push(answer);
    },
    /** Requests per rolling second before 429s; null turns the limit off. Resets the window. */
    setRateLimit(perSecond: number | null) {
      rateLimit = perSecond;
      admitted = [];
    },
    /** Stops listening and cuts open (hanging) connections; safe to call twice. */
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type IsbndbFake = Awaited<ReturnType<typeof startIsbndbFake>>;

/** POST /books bodies: `isbns=a,b,c` (the documented form, whatever the content type) or JSON. */
function parseIsbns(body: string): string[] {
  let value: unknown;
  try {
    value = (JSON.parse(body) as { isbns?: unknown }).isbns;
  } catch {
    value = new URLSearchParams(body).get('isbns');
  }
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return list.map((s) => s.trim()).filter(Boolean);
}
