import type { MediaType, ReleaseDatePrecision } from '@releasebell/contract';
import { addDays, monthStart, todayIso, yearStart } from '../../lib/dates';
import type { MetadataProvider, NormalisedItem } from '../types';
import {
  ADJECTIVES,
  FIRST_NAMES,
  GENRES,
  LAST_NAMES,
  NETWORKS,
  NOUNS,
  OTHER_LANGUAGES,
  PLACES,
  PLOT_TWISTS,
  SYLLABLES,
  TITLE_SUFFIXES,
  VERBS,
} from './word-lists';

/** A record as a synthetic "upstream API" would send it. */
export interface SyntheticRecord {
  n: number;
  mediaType: MediaType;
  title: string;
  description: string;
  creator: string;
  /** Book series or TV show. */
  series: string | null;
  /** Number in the book series, or season number. */
  seriesNumber: number | null;
  network: string | null;
  release: { date: string; precision: ReleaseDatePrecision } | null;
  language: string;
  genres: string[];
  popularity: number;
  hype: number | null;
  hasPoster: boolean;
}

export interface SyntheticProviderOptions {
  /** How many records to yield. Record n is the same whatever the total, so a bigger run extends a smaller one. */
  items: number;
  seed: number;
  batchSize?: number;
  /** Release dates are spread around this day (`YYYY-MM-DD`); today by default. */
  today?: string;
  /**
   * Synthetic items have no real artwork, so `image` is null by default and the UI shows its placeholder.
   * With a base URL, the ~90% of records that "have a poster" get `{base}/{type}/{n}.jpg`.
   */
  imageBaseUrl?: string | null;
}

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (murmur3's finaliser over a running hash). */
function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

type Rng = () => number;

// Salts keep the random streams of items, shows, series and people apart.
const SALT = { item: 1, show: 2, series: 3, person: 4 } as const;
// Fixed pool sizes, so record n never depends on how many records are asked for.
const POOL = { shows: 40_000, series: 15_000, people: 25_000 } as const;
const TYPE_WEIGHTS: [MediaType, number][] = [
  ['books', 0.4],
  ['movies', 0.3],
  ['tv_seasons', 0.3],
];

/** An element with a skew towards the front of the list (power > 1: the first ones are much more common). */
function pick<T>(rng: Rng, list: readonly T[], power = 1): T {
  return list[Math.floor(rng() ** power * list.length)] as T;
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'of', 'the', 'in', 'to', 'for', 'on', 'at']);

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function withArticle(word: string, capital = false): string {
  const article = /^[aeiou]/.test(word) ? 'an' : 'a';
  return `${capital ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${word}`;
}

/** A made-up word such as "Velmora": most words of a real catalog are rare. */
function coined(rng: Rng): string {
  const parts = int(rng, 2, 3);
  let word = '';
  for (let i = 0; i < parts; i++) word += pick(rng, SYLLABLES);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const adj = (rng: Rng) => pick(rng, ADJECTIVES, 1.6);
const noun = (rng: Rng) => pick(rng, NOUNS, 1.6);

/** Title shapes, as lower-case words (title-cased afterwards) and names; about a third start with "the". */
const TITLE_SHAPES: ((rng: Rng) => string)[] = [
  (r) => `the ${adj(r)} ${noun(r)}`,
  (r) => `${adj(r)} ${noun(r)}`,
  (r) => `${noun(r)} ${noun(r)}`,
  (r) => `the ${noun(r)} of ${pick(r, PLACES)}`,
  (r) => `${noun(r)} of ${adj(r)} ${plural(noun(r))}`,
  (r) => coined(r),
  (r) => `the ${coined(r)} ${pick(r, TITLE_SUFFIXES)}`,
  (r) => `${pick(r, FIRST_NAMES, 1.3)}'s ${noun(r)}`,
  (r) => `${pick(r, PLACES)} ${noun(r)}`,
  (r) => `the ${noun(r)}`,
  (r) => `${adj(r)} ${plural(noun(r))}`,
  (r) => `${withArticle(noun(r))} of ${plural(noun(r))} and ${plural(noun(r))}`,
  (r) => `${noun(r)} in ${pick(r, PLACES)}`,
  (r) => `${coined(r)} and ${coined(r)}`,
];

/** A title; works (not shows) sometimes get a sequel number or a subtitle. */
function baseTitle(rng: Rng, extras: boolean): string {
  let title = titleCase(pick(rng, TITLE_SHAPES)(rng));
  if (!extras) return title;
  const extra = rng();
  if (extra < 0.06) title += ` ${int(rng, 2, 4)}`;
  else if (extra < 0.14) title += `: ${titleCase(`${adj(rng)} ${noun(rng)}`)}`;
  return title;
}

function personName(seed: number, index: number): string {
  const r = mulberry32(mixSeed(seed, SALT.person, index));
  const first = pick(r, FIRST_NAMES, 1.2);
  const last = r() < 0.15 ? `${pick(r, LAST_NAMES)}-${pick(r, LAST_NAMES)}` : pick(r, LAST_NAMES, 1.2);
  return `${first} ${last}`;
}

function person(rng: Rng, seed: number): string {
  return personName(seed, Math.floor(rng() ** 1.5 * POOL.people));
}

function genresFor(rng: Rng, mediaType: MediaType): string[] {
  const count = rng() < 0.55 ? 1 : rng() < 0.75 ? 2 : 3;
  const chosen = new Set<string>();
  for (let i = 0; i < count; i++) chosen.add(pick(rng, GENRES[mediaType], 1.5));
  return [...chosen];
}

function language(rng: Rng): string {
  return rng() < 0.82 ? 'en' : pick(rng, OTHER_LANGUAGES, 1.5);
}

interface Show {
  name: string;
  creator: string;
  network: string;
  genres: string[];
  language: string;
}

function show(seed: number, index: number): Show {
  const r = mulberry32(mixSeed(seed, SALT.show, index));
  return {
    name: baseTitle(r, false),
    creator: person(r, seed),
    network: pick(r, NETWORKS, 1.4),
    genres: genresFor(r, 'tv_seasons'),
    language: language(r),
  };
}

interface BookSeries {
  name: string;
  author: string;
}

function bookSeries(seed: number, index: number): BookSeries {
  const r = mulberry32(mixSeed(seed, SALT.series, index));
  const kind = pick(r, ['Cycle', 'Trilogy', 'Saga', 'Sequence', 'Chronicles', 'Quartet', 'Series']);
  const name =
    r() < 0.5 ? `The ${coined(r)} ${kind}` : titleCase(`the ${adj(r)} ${noun(r)} ${kind.toLowerCase()}`);
  return { name, author: person(r, seed) };
}

const DESCRIPTION_SENTENCES: ((r: Rng) => string)[] = [
  (r) =>
    `${pick(r, FIRST_NAMES)} ${pick(r, LAST_NAMES)} ${pick(r, VERBS)} ${withArticle(adj(r))} ${noun(r)} in ${pick(r, PLACES)}.`,
  (r) => `When the ${noun(r)} of ${pick(r, PLACES)} falls silent, ${pick(r, PLOT_TWISTS)}.`,
  (r) =>
    `${withArticle(adj(r), true)} story of ${plural(noun(r))}, ${plural(noun(r))} and the ${noun(r)} between them.`,
  (r) => `Years after the ${noun(r)}, ${pick(r, FIRST_NAMES)} learns that ${pick(r, PLOT_TWISTS)}.`,
  (r) =>
    `From the ${adj(r)} streets of ${pick(r, PLACES)} to the ${noun(r)} beyond the ${noun(r)}, ${pick(r, PLOT_TWISTS)}.`,
  (r) => `Part ${noun(r)}, part ${noun(r)}, it is ${withArticle(adj(r))} ride to the very last page.`,
  (r) => `Critics call it ${adj(r)} and ${adj(r)}; readers and viewers call it unmissable.`,
];

function description(rng: Rng): string {
  if (rng() < 0.03) return '';
  const sentences = 1 + Math.floor(rng() ** 2 * 7);
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(pick(rng, DESCRIPTION_SENTENCES)(rng));
  return parts.join(' ');
}

/** About 8% undated; the rest spread from two years ago to three years ahead, mostly to the day. */
function release(rng: Rng, today: string): SyntheticRecord['release'] {
  if (rng() < 0.08) return null;
  const date = addDays(today, int(rng, -730, 1095));
  const p = rng();
  if (p < 0.86) return { date, precision: 'day' };
  if (p < 0.95) return { date: monthStart(date), precision: 'month' };
  return { date: yearStart(date), precision: 'year' };
}

function mediaTypeOf(rng: Rng): MediaType {
  let x = rng();
  for (const [type, weight] of TYPE_WEIGHTS) {
    x -= weight;
    if (x < 0) return type;
  }
  return 'books';
}

/** Record n of the synthetic catalog for `seed`: a pure function of (seed, n, today). */
function syntheticRecord(seed: number, n: number, today: string): SyntheticRecord {
  const rng = mulberry32(mixSeed(seed, SALT.item, n));
  const mediaType = mediaTypeOf(rng);
  const popularity = Math.round(rng() ** 3 * 1000) / 10;
  const hype = rng() < 0.1 ? null : Math.min(100, Math.round(popularity * 0.5 + rng() * 50));
  const hasPoster = rng() < 0.9;
  const when = release(rng, today);
  const text = description(rng);

  if (mediaType === 'tv_seasons') {
    const s = show(seed, Math.floor(rng() * POOL.shows));
    const season = 1 + Math.floor(rng() ** 2 * 10);
    return {
      n,
      mediaType,
      title: `${s.name}: Season ${season}`,
      description: text,
      creator: s.creator,
      series: s.name,
      seriesNumber: season,
      network: s.network,
      release: when,
      language: s.language,
      genres: s.genres,
      popularity,
      hype,
      hasPoster,
    };
  }

  let title = baseTitle(rng, true);
  let creator = person(rng, seed);
  let series: string | null = null;
  let seriesNumber: number | null = null;
  if (mediaType === 'books' && rng() < 0.3) {
    const s = bookSeries(seed, Math.floor(rng() ** 1.2 * POOL.series));
    series = s.name;
    seriesNumber = int(rng, 1, 7);
    creator = s.author;
    if (rng() < 0.2) title = `${title} (${s.name}, #${seriesNumber})`;
  }
  return {
    n,
    mediaType,
    title,
    description: text,
    creator,
    series,
    seriesNumber,
    network: null,
    release: when,
    language: language(rng),
    genres: genresFor(rng, mediaType),
    popularity,
    hype,
    hasPoster,
  };
}

/** A deterministic, arbitrarily large catalog for load tests and demos at scale. */
export function createSyntheticProvider(
  options: SyntheticProviderOptions,
): MetadataProvider<SyntheticRecord> {
  const { items, seed, batchSize = 1000, imageBaseUrl = null } = options;
  if (!Number.isInteger(items) || items < 0) throw new RangeError('items must be a non-negative integer');
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const today = options.today ?? todayIso();
  return {
    name: 'synthetic',
    async *fetch() {
      for (let start = 0; start < items; start += batchSize) {
        const end = Math.min(items, start + batchSize);
        const batch: SyntheticRecord[] = [];
        for (let n = start; n < end; n++) batch.push(syntheticRecord(seed, n, today));
        yield batch;
      }
    },
    normalise(raw): NormalisedItem {
      const none = { author: null, director: null, networkName: null, series: null, seriesNumber: null };
      const base = {
        ...none,
        providerId: `synthetic:${raw.mediaType}:${raw.n}`,
        mediaType: raw.mediaType,
        title: raw.title,
        description: raw.description,
        image: raw.hasPoster && imageBaseUrl ? `${imageBaseUrl}/${raw.mediaType}/${raw.n}.jpg` : null,
        creator: raw.creator,
        releaseDate: raw.release?.date ?? null,
        releaseDatePrecision: raw.release?.precision ?? null,
        language: raw.language,
        genres: raw.genres,
        hypeMeterPercentage: raw.hype,
        popularity: raw.popularity,
      };
      switch (raw.mediaType) {
        case 'books':
          return {
            ...base,
            author: raw.creator,
            series: raw.series,
            seriesNumber: raw.seriesNumber,
            creatorLabel: 'Author',
          };
        case 'movies':
          return { ...base, director: raw.creator, creatorLabel: 'Director' };
        case 'tv_seasons':
          return {
            ...base,
            networkName: raw.network,
            series: raw.series,
            seriesNumber: raw.seriesNumber,
            creatorLabel: 'Creator',
          };
      }
    },
  };
}

/** Every word synthetic titles are built from (coined words aside): where search benchmarks draw prefixes. */
export const SYNTHETIC_TITLE_WORDS: readonly string[] = [
  ...new Set([...ADJECTIVES, ...NOUNS, ...PLACES.flatMap((p) => p.split(' ')), ...FIRST_NAMES, 'the']),
];
