import { MEDIA_TYPES, type MediaType } from '@releasebell/contract';
import { WORD_SIMILARITY_THRESHOLD } from '../../db/client';
import { trigramsInOrder, wordSimilarityTo } from './trigrams';

/** What search needs of a title; `searchText` holds only letters, digits and single spaces. */
export interface IndexedTitle {
  id: string;
  mediaType: MediaType;
  popularity: number;
  searchText: string;
}

/** One typed word: a title word starting with one of `prefixes` or equal to one of `words` matches it. */
export interface WordMatch {
  prefixes: string[];
  words: string[];
}

/** A dictionary word close to a typed one, and how alike they are. */
export interface CloseWord {
  word: string;
  score: number;
  titles: number;
}

/**
 * A close word: the typed word is most of it (pg_trgm word similarity, at the threshold the database's
 * sessions use for the translated names) or they are alike as wholes (similarity, at pg_trgm's default).
 */
const SIMILARITY_THRESHOLD = 0.3;

/**
 * Candidates at most this many are read whole and sorted when they come in many runs; more, they are
 * found in rank order, which stops at a common match's first few.
 */
const READ_WHOLE = 10_000;
/** Typed words marked on a dictionary word per 32-bit slot (kept clear of the sign bit). */
const MARK_BITS = 30;
/** Runs of candidates (words of a prefix) up to this many are merged rather than read whole. */
const MERGED_RUNS = 32;

const typeCode = new Map(MEDIA_TYPES.map((t, i) => [t, i]));
const SPACE = 32;

/**
 * The catalog's titles as search reads them, held in the process: titles numbered by rank (most
 * popular first, then by id), the distinct words of their search text in sorted order, and for each
 * word the ranks of the titles holding it. A prefix is a range of words; a title's rank order is the
 * answer's order, so the first matches found in rank order are the answer. Built once; afterwards
 * only `forget` changes it.
 */
export class TitleIndex {
  /** Made by TitleIndexBuilder. */
  constructor(
    readonly size: number,
    private readonly ids: Uint8Array,
    private readonly popularities: Float32Array,
    private readonly types: Uint8Array,
    /** Title rank → its words (ids into `words`, in the text's order). */
    private readonly titleWordStart: Uint32Array,
    private readonly titleWords: Uint32Array,
    private readonly words: string[],
    /** Word id → the ranks of the titles holding it, ascending. */
    private readonly postingStart: Uint32Array,
    private readonly postings: Uint32Array,
    /** Ranks ordered by search text, and each rank's place in that order. */
    private readonly byText: Uint32Array,
    private readonly textPlace: Uint32Array,
    /** Ranks ordered by id. */
    private readonly byId: Uint32Array,
    private readonly ranksOfType: Uint32Array[],
    /** Ranks of titles changed or removed since the index was built: never answered. */
    private readonly gone: Uint8Array,
    private readonly readWhole: number,
    private readonly mergedRuns: number,
  ) {
    this.trigramWords = new WordTrigrams(words);
    this.wordMarks = new Uint32Array(words.length);
  }

  /** The dictionary's words by trigram, for close spellings. */
  private readonly trigramWords: WordTrigrams;
  /** Scratch marks on the dictionary's words for one search (withWords), all zero between searches. */
  private readonly wordMarks: Uint32Array;

  static build(titles: Iterable<IndexedTitle>, options?: IndexOptions): TitleIndex {
    const builder = new TitleIndexBuilder(options);
    for (const t of titles) builder.add(t);
    return builder.finish();
  }

  id(rank: number): string {
    return formatUuid(this.ids, rank);
  }
  popularity(rank: number): number {
    return this.popularities[rank] as number;
  }
  text(rank: number): string {
    const start = this.titleWordStart[rank] as number;
    const end = this.titleWordStart[rank + 1] as number;
    let text = '';
    for (let i = start; i < end; i++) {
      if (i > start) text += ' ';
      text += this.words[this.titleWords[i] as number] as string;
    }
    return text;
  }
  /**
   * This title's search text against `text`, as strings compare (negative when the title's comes
   * first), read from its words: the text-order searches compare a few dozen titles per tier.
   */
  private compareText(rank: number, text: string): number {
    const start = this.titleWordStart[rank] as number;
    const end = this.titleWordStart[rank + 1] as number;
    let at = 0;
    for (let i = start; i < end; i++) {
      if (i > start) {
        if (at === text.length) return 1;
        const d = SPACE - text.charCodeAt(at++);
        if (d !== 0) return d;
      }
      const word = this.words[this.titleWords[i] as number] as string;
      for (let k = 0; k < word.length; k++) {
        if (at === text.length) return 1;
        const d = word.charCodeAt(k) - text.charCodeAt(at++);
        if (d !== 0) return d;
      }
    }
    return at < text.length ? -1 : 0;
  }
  /** Compares two titles in rank order, by popularity then id: across indexes as within one. */
  static before(a: TitleIndex, ra: number, b: TitleIndex, rb: number): number {
    const pa = a.popularities[ra] as number;
    const pb = b.popularities[rb] as number;
    if (pa !== pb) return pb - pa;
    return compareIdBytes(a.ids, ra, b.ids, rb);
  }

  /** The rank of the title with this id, if it is here. */
  rankOf(id: string): number | null {
    const key = parseUuid(id);
    if (!key) return null;
    const at = firstNotBelow(this.size, (i) => compareIdBytes(this.ids, this.byId[i] as number, key, 0) < 0);
    const rank = this.byId[at];
    return rank !== undefined && compareIdBytes(this.ids, rank, key, 0) === 0 ? rank : null;
  }

  /** Whether this index answers the title at `rank` as `t` is: same type and words, popularity as held. */
  answersAs(rank: number, t: IndexedTitle): boolean {
    return (
      this.gone[rank] === 0 &&
      this.types[rank] === typeCode.get(t.mediaType) &&
      this.popularities[rank] === Math.fround(t.popularity) &&
      this.text(rank) === t.searchText
    );
  }

  /** Never answers this title again (it changed, or is no longer in the catalog). */
  forget(rank: number): void {
    this.gone[rank] = 1;
  }

  /** The first place in text order whose text is at least `text`. */
  private textBound(text: string): number {
    return firstNotBelow(this.size, (i) => this.compareText(this.byText[i] as number, text) < 0);
  }

  /** The range of words starting with `prefix`, or equal to `word`. */
  private wordRange(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, `${prefix}\uffff`)];
  }
  private wordId(word: string): number | null {
    const at = lowerBound(this.words, word);
    return this.words[at] === word ? at : null;
  }

  /** The ranks of the titles holding this word, ascending. */
  private titlesOf(word: number): Uint32Array {
    return this.postings.subarray(this.postingStart[word], this.postingStart[word + 1]);
  }

  private usable(rank: number, type: number | null): boolean {
    return this.gone[rank] === 0 && (type === null || this.types[rank] === type);
  }

  /**
   * The first `limit` ranks passing `test` in text order's places `from` to `to`: read whole and sorted
   * when few; otherwise titles are walked from rank 0 (a prefix that common fills the limit among the
   * first titles), for as long as reading them whole would take.
   */
  private inTextRange(from: number, to: number, type: MediaType | null, limit: number): number[] {
    const code = type === null ? null : (typeCode.get(type) as number);
    const place = this.textPlace;
    const count = to - from;
    if (count > this.readWhole) {
      const walk = code === null ? null : this.ranksOfType[code];
      const end = walk ? walk.length : this.size;
      const found: number[] = [];
      for (let i = 0; i < end && i < count; i++) {
        const rank = walk ? (walk[i] as number) : i;
        const p = place[rank] as number;
        if (p >= from && p < to && this.usable(rank, code)) {
          found.push(rank);
          if (found.length === limit) return found;
        }
      }
      if (end <= count) return found;
    }
    const found: number[] = [];
    for (let p = from; p < to; p++) {
      const rank = this.byText[p] as number;
      if (this.usable(rank, code)) found.push(rank);
    }
    return found.sort((a, b) => a - b).slice(0, limit);
  }

  /**
   * The first `limit` ranks passing `test` among these runs of ranks (each ascending, `count` in all),
   * in rank order. Runs are merged, so a common match stops after its first few titles; many small
   * runs are read whole and sorted instead, which costs less than merging them.
   */
  private firstOfRuns(
    runs: Uint32Array[],
    count: number,
    type: number | null,
    test: (rank: number) => boolean,
    limit: number,
  ): number[] {
    const found: number[] = [];
    const ok = (rank: number) => this.usable(rank, type) && test(rank);
    // One run (one word's titles, the usual case) is in rank order already: read it, no heap.
    if (runs.length === 1) {
      for (const rank of runs[0] as Uint32Array) {
        if (ok(rank)) {
          found.push(rank);
          if (found.length === limit) break;
        }
      }
      return found;
    }
    if (runs.length > this.mergedRuns && count <= this.readWhole) {
      for (const run of runs) for (const rank of run) if (ok(rank)) found.push(rank);
      found.sort((a, b) => a - b);
      return found.filter((rank, i) => i === 0 || found[i - 1] !== rank).slice(0, limit);
    }
    // A heap of the runs by their next rank.
    const at = new Uint32Array(runs.length);
    const heap: number[] = [];
    const head = (r: number) => (runs[r] as Uint32Array)[at[r] as number] as number;
    const down = (from: number) => {
      let i = from;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heap.length) return;
        const r = l + 1;
        const c = r < heap.length && head(heap[r] as number) < head(heap[l] as number) ? r : l;
        if (head(heap[c] as number) >= head(heap[i] as number)) return;
        [heap[i], heap[c]] = [heap[c] as number, heap[i] as number];
        i = c;
      }
    };
    runs.forEach((run, r) => {
      if (run.length > 0) heap.push(r);
    });
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
    let last = -1;
    while (heap.length > 0) {
      const r = heap[0] as number;
      const rank = head(r);
      at[r] = (at[r] as number) + 1;
      if ((at[r] as number) >= (runs[r] as Uint32Array).length) {
        heap[0] = heap.at(-1) as number;
        heap.pop();
      }
      down(0);
      // A title holding two words of the range is in both runs, side by side in the merge.
      if (rank === last) continue;
      last = rank;
      if (ok(rank)) {
        found.push(rank);
        if (found.length === limit) break;
      }
    }
    return found;
  }

  /** Titles whose search text is `text`, most popular first. */
  equal(text: string, type: MediaType | null, limit: number): number[] {
    const from = this.textBound(text);
    const to = this.textBound(`${text}\u0000`);
    return this.inTextRange(from, to, type, limit);
  }

  /** Titles whose search text starts with `text` and is longer. */
  startingWith(text: string, type: MediaType | null, limit: number): number[] {
    return this.inTextRange(this.textBound(`${text}\u0000`), this.textBound(`${text}\uffff`), type, limit);
  }

  /**
   * Titles with a word matching each of `matches` (one word of the title may match several), those
   * whose text starts with `except` aside, most popular first.
   */
  withWords(matches: WordMatch[], type: MediaType | null, limit: number, except?: string): number[] {
    const conditions = matches.map((m) => {
      const ranges = [
        ...m.prefixes.map((p) => this.wordRange(p)),
        ...m.words.flatMap((w) => {
          const id = this.wordId(w);
          return id === null ? [] : [[id, id + 1] as [number, number]];
        }),
      ];
      const held = ranges.reduce(
        (n, [lo, hi]) => n + (this.postingStart[hi] as number) - (this.postingStart[lo] as number),
        0,
      );
      return { ranges, held };
    });
    if (conditions.length === 0 || conditions.some((c) => c.held === 0)) return [];
    // The candidates are the titles of the rarest typed word; each is tested for the others, the
    // rarer first.
    conditions.sort((a, b) => a.held - b.held);
    const [driver, ...others] = conditions as [(typeof conditions)[0], ...typeof conditions];
    const exceptFrom = except === undefined ? 0 : this.textBound(except);
    const exceptTo = except === undefined ? 0 : this.textBound(`${except}\uffff`);
    const { titleWordStart, titleWords, textPlace } = this;
    // Each word of the dictionary marked with the typed words it matches (a bit each, MARK_BITS to a
    // slot), so a title is tested by reading its words once. Marked for this search only: cleared after.
    const slots = Math.max(1, Math.ceil(others.length / MARK_BITS));
    const marks = slots === 1 ? this.wordMarks : new Uint32Array(this.words.length * slots);
    others.forEach((c, i) => {
      const slot = Math.floor(i / MARK_BITS);
      const bit = 1 << (i % MARK_BITS);
      for (const [lo, hi] of c.ranges) {
        for (let w = lo; w < hi; w++) marks[w * slots + slot] = (marks[w * slots + slot] as number) | bit;
      }
    });
    const full = Array.from(
      { length: slots },
      (_, k) => (1 << Math.min(MARK_BITS, others.length - k * MARK_BITS)) - 1,
    );
    const held = new Uint32Array(slots);
    // Typed words each matched by one word of the dictionary (finished words) are looked up in that
    // word's titles rather than in the candidate's words: reading those is a cache miss a title.
    const oneWord = (c: (typeof conditions)[0]) => {
      const [lo, hi] = c.ranges.length === 1 ? (c.ranges[0] as [number, number]) : [0, 0];
      return hi === lo + 1 ? lo : null;
    };
    const single = others.map(oneWord);
    const lookups = single.every((w) => w !== null)
      ? single.map((w) => new RunLookup(this.titlesOf(w as number)))
      : null;
    const test = (rank: number) => {
      if (exceptTo > exceptFrom) {
        const place = textPlace[rank] as number;
        if (place >= exceptFrom && place < exceptTo) return false;
      }
      if (lookups) {
        for (const l of lookups) if (!l.holds(rank)) return false;
        return true;
      }
      const start = titleWordStart[rank] as number;
      const end = titleWordStart[rank + 1] as number;
      if (slots === 1) {
        let bits = 0;
        for (let i = start; i < end; i++) bits |= marks[titleWords[i] as number] as number;
        return bits === full[0];
      }
      held.fill(0);
      for (let i = start; i < end; i++) {
        const w = titleWords[i] as number;
        for (let k = 0; k < slots; k++) held[k] = (held[k] as number) | (marks[w * slots + k] as number);
      }
      return full.every((f, k) => held[k] === f);
    };
    const runs: Uint32Array[] = [];
    for (const [lo, hi] of driver.ranges) {
      for (let w = lo; w < hi; w++) {
        const run = this.titlesOf(w);
        if (run.length > 0) runs.push(run);
      }
    }
    try {
      return this.firstOfRuns(
        runs,
        driver.held,
        type === null ? null : (typeCode.get(type) as number),
        test,
        limit,
      );
    } finally {
      if (slots === 1) for (const c of others) for (const [lo, hi] of c.ranges) marks.fill(0, lo, hi);
    }
  }

  /**
   * The `limit` words closest to `typed` (not starting with it): by the greater of pg_trgm's word
   * similarity and similarity, then the titles holding them, then the word. The words sharing
   * trigrams with it are counted through an index of the words' trigrams. The shared count gives
   * similarity outright and bounds word similarity, so word similarity is worked out best bound
   * first, and not at all once no word left can enter the closest.
   */
  closeWords(typed: string, limit: number): CloseWord[] {
    const { counts, trigramsOf } = this.trigramWords;
    const own = [...new Set(trigramsInOrder(typed))];
    // Both measures are at most the shared trigrams over the typed word's, in single precision as
    // pg_trgm divides: a word sharing fewer than `fewest` is neither.
    let fewest = 1;
    while (fewest < own.length && Math.fround(fewest / own.length) < SIMILARITY_THRESHOLD) fewest++;
    const touched = this.trigramWords.count(own, fewest);
    // The words by how many trigrams they share, which bounds both measures.
    const groups: number[][] = Array.from({ length: own.length + 1 }, () => []);
    for (const id of touched) {
      const common = counts[id] as number;
      counts[id] = 0;
      if (common >= fewest) (groups[common] as number[]).push(id);
    }
    const partOf = wordSimilarityTo(typed);
    const closest: CloseWord[] = [];
    const enters = (w: CloseWord) => closest.length < limit || closer(w, closest[limit - 1] as CloseWord) < 0;
    for (let common = own.length; common >= fewest; common--) {
      const mostOf = Math.fround(common / own.length);
      // Neither measure of a word sharing this many or fewer is above its share of the typed word's.
      if (closest.length === limit && (closest[limit - 1] as CloseWord).score > mostOf) break;
      for (const id of groups[common] as number[]) {
        const alike = Math.fround(common / (own.length + (trigramsOf[id] as number) - common));
        if (mostOf < WORD_SIMILARITY_THRESHOLD && alike < SIMILARITY_THRESHOLD) continue;
        const word = this.words[id] as string;
        if (word.startsWith(typed)) continue;
        const titles = (this.postingStart[id + 1] as number) - (this.postingStart[id] as number);
        // Its best case first: word similarity is worked out only for a word that may enter.
        if (!enters({ word, score: Math.max(alike, mostOf), titles })) continue;
        const part = partOf(word);
        if (part < WORD_SIMILARITY_THRESHOLD && alike < SIMILARITY_THRESHOLD) continue;
        const found = { word, score: Math.max(part, alike), titles };
        if (!enters(found)) continue;
        let at = closest.length;
        while (at > 0 && closer(found, closest[at - 1] as CloseWord) < 0) at--;
        closest.splice(at, 0, found);
        if (closest.length > limit) closest.pop();
      }
    }
    return closest;
  }
}

/** Closer first: more alike, then in more titles, then alphabetical. */
export const closer = (a: CloseWord, b: CloseWord) =>
  b.score - a.score || b.titles - a.titles || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/** Which words hold each trigram, and how many distinct trigrams each word has. */
class WordTrigrams {
  private readonly ids = new Map<number, number>();
  private readonly holders: Uint32Array[];
  readonly trigramsOf: Uint16Array;
  /** Shared trigrams per word during one count, back to zero after it. */
  readonly counts: Uint16Array;
  /** The words counted. */
  private readonly touched: Uint32Array;

  constructor(words: string[]) {
    const lists: number[][] = [];
    this.trigramsOf = new Uint16Array(words.length);
    this.counts = new Uint16Array(words.length);
    this.touched = new Uint32Array(words.length);
    words.forEach((word, id) => {
      const own = new Set(trigramsInOrder(word));
      this.trigramsOf[id] = own.size;
      for (const t of own) {
        let tid = this.ids.get(t);
        if (tid === undefined) {
          tid = lists.length;
          this.ids.set(t, tid);
          lists.push([]);
        }
        (lists[tid] as number[]).push(id);
      }
    });
    this.holders = lists.map((l) => Uint32Array.from(l));
  }

  /**
   * Counts into `counts` the trigrams each word shares with `trigrams`, for the words that may share
   * `atLeast`; answers them. Such a word holds one of the rarest trigrams (all but atLeast - 1 of
   * them): those lists give the words, and the commonest lists only add to their counts.
   */
  count(trigrams: number[], atLeast: number): Uint32Array {
    const lists = trigrams
      .map((t) => this.holders[this.ids.get(t) ?? -1] ?? new Uint32Array(0))
      .sort((a, b) => a.length - b.length);
    const giving = Math.max(1, lists.length - Math.max(1, atLeast) + 1);
    const { counts, touched } = this;
    let n = 0;
    for (let l = 0; l < giving && l < lists.length; l++) {
      const list = lists[l] as Uint32Array;
      for (let i = 0; i < list.length; i++) {
        const id = list[i] as number;
        const c = counts[id] as number;
        if (c === 0) touched[n++] = id;
        counts[id] = c + 1;
      }
    }
    for (let l = giving; l < lists.length; l++) {
      const list = lists[l] as Uint32Array;
      // Whichever is shorter: reading the list, or looking each word up in it.
      if (list.length < n * Math.log2(list.length + 1)) {
        for (let i = 0; i < list.length; i++) {
          const id = list[i] as number;
          const c = counts[id] as number;
          if (c > 0) counts[id] = c + 1;
        }
      } else {
        for (let k = 0; k < n; k++) {
          const id = touched[k] as number;
          if (holds(list, id)) counts[id] = (counts[id] as number) + 1;
        }
      }
    }
    return touched.subarray(0, n);
  }
}

/**
 * Whether an ascending run holds each rank asked for. Asked in ascending order (candidates merged in
 * rank order), each search starts where the last ended and gallops on; asked for a lower rank, it
 * starts again from the first.
 */
class RunLookup {
  private at = 0;
  constructor(private readonly run: Uint32Array) {}

  holds(rank: number): boolean {
    const run = this.run;
    if (this.at > 0 && (run[this.at - 1] as number) >= rank) this.at = 0;
    let lo = this.at;
    let hi = lo;
    for (let step = 1; hi < run.length && (run[hi] as number) < rank; step *= 2) {
      lo = hi + 1;
      hi = lo + step;
    }
    hi = Math.min(hi, run.length);
    lo += firstNotBelow(hi - lo, (i) => (run[lo + i] as number) < rank);
    this.at = lo;
    return run[lo] === rank;
  }
}

/** The first of `n` places (0 to n) not below what is sought, for places ordered so that `below` holds up to it. */
function firstNotBelow(n: number, below: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether ascending `list` holds `value`. */
const holds = (list: Uint32Array, value: number) =>
  list[firstNotBelow(list.length, (i) => (list[i] as number) < value)] === value;

/** The first index in sorted `list` whose value is at least `value`. */
const lowerBound = (list: string[], value: string) =>
  firstNotBelow(list.length, (i) => (list[i] as string) < value);

const ID_BYTES = 16;

function parseUuid(id: string): Uint8Array | null {
  if (id.length !== 36) return null;
  const bytes = new Uint8Array(ID_BYTES);
  let at = 0;
  for (let i = 0; i < 36 && at < ID_BYTES; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (id[i] !== '-') return null;
      continue;
    }
    const high = hexValue(id.charCodeAt(i));
    const low = hexValue(id.charCodeAt(++i));
    if (high < 0 || low < 0) return null;
    bytes[at++] = high * 16 + low;
  }
  return bytes;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function formatUuid(ids: Uint8Array, rank: number): string {
  const at = rank * ID_BYTES;
  const hex = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i++) out += HEX[ids[at + i] as number];
    return out;
  };
  return `${hex(0, 4)}-${hex(4, 6)}-${hex(6, 8)}-${hex(8, 10)}-${hex(10, 16)}`;
}

/** Ids compare as PostgreSQL compares uuids: byte by byte. */
function compareIdBytes(a: Uint8Array, ra: number, b: Uint8Array, rb: number): number {
  for (let i = 0; i < ID_BYTES; i++) {
    const d = (a[ra * ID_BYTES + i] as number) - (b[rb * ID_BYTES + i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** `to`, which is bigger, holding `from` at its start: typed arrays grow by copying. */
function grown<T extends Uint8Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Takes titles one at a time (a load streams them), keeping only compact arrays. */
export interface IndexOptions {
  /** Candidates read whole up to this many (tests change it to put each way to work on a few titles). */
  readWhole?: number;
  /** Runs merged up to this many. */
  mergedRuns?: number;
}

export class TitleIndexBuilder {
  constructor(private readonly options: IndexOptions = {}) {}

  private ids = new Uint8Array(1024 * ID_BYTES);
  private popularities: number[] = [];
  private types: number[] = [];
  private wordStart: number[] = [0];
  private titleWords = new Uint32Array(4096);
  private wordCount = 0;
  private wordIds = new Map<string, number>();
  private words: string[] = [];

  get size(): number {
    return this.popularities.length;
  }

  add(t: IndexedTitle): void {
    const bytes = parseUuid(t.id);
    if (!bytes) throw new Error(`not a uuid: ${t.id}`);
    const n = this.size;
    if ((n + 1) * ID_BYTES > this.ids.length) this.ids = grown(this.ids, new Uint8Array(this.ids.length * 2));
    this.ids.set(bytes, n * ID_BYTES);
    this.popularities.push(Math.fround(t.popularity));
    this.types.push(typeCode.get(t.mediaType) ?? 0);
    for (const word of t.searchText.split(' ')) {
      if (!word) continue;
      let id = this.wordIds.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.wordIds.set(word, id);
        this.words.push(word);
      }
      if (this.wordCount === this.titleWords.length) {
        this.titleWords = grown(this.titleWords, new Uint32Array(this.titleWords.length * 2));
      }
      this.titleWords[this.wordCount++] = id;
    }
    this.wordStart.push(this.wordCount);
  }

  finish(): TitleIndex {
    const n = this.size;
    const ids = this.ids;
    const pops = Float32Array.from(this.popularities);
    // Rank order: most popular first, then by id. A load reads titles in this order already.
    const order = Uint32Array.from({ length: n }, (_, i) => i);
    const before = (a: number, b: number) =>
      pops[a] === pops[b] ? compareIdBytes(ids, a, ids, b) : (pops[b] as number) - (pops[a] as number);
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = before(i - 1, i) <= 0;
    if (!sorted) order.sort(before);

    const sortedWords = [...this.words].sort();
    const finalId = new Uint32Array(this.words.length);
    sortedWords.forEach((w, i) => {
      finalId[this.wordIds.get(w) as number] = i;
    });

    const rankIds = new Uint8Array(n * ID_BYTES);
    const rankPops = new Float32Array(n);
    const rankTypes = new Uint8Array(n);
    const titleWordStart = new Uint32Array(n + 1);
    const titleWords = new Uint32Array(this.wordCount);
    const holders = new Uint32Array(sortedWords.length + 1);
    let w = 0;
    for (let rank = 0; rank < n; rank++) {
      const i = order[rank] as number;
      rankIds.set(ids.subarray(i * ID_BYTES, (i + 1) * ID_BYTES), rank * ID_BYTES);
      rankPops[rank] = pops[i] as number;
      rankTypes[rank] = this.types[i] as number;
      titleWordStart[rank] = w;
      const seen = new Set<number>();
      for (let k = this.wordStart[i] as number; k < (this.wordStart[i + 1] as number); k++) {
        const id = finalId[this.titleWords[k] as number] as number;
        titleWords[w++] = id;
        if (!seen.has(id)) {
          seen.add(id);
          holders[id + 1] = (holders[id + 1] as number) + 1;
        }
      }
    }
    titleWordStart[n] = w;
    // Postings: each word's holders, filled in rank order so each run is ascending.
    const postingStart = new Uint32Array(sortedWords.length + 1);
    for (let k = 1; k <= sortedWords.length; k++) {
      postingStart[k] = (postingStart[k - 1] as number) + (holders[k] as number);
    }
    const postings = new Uint32Array(postingStart[sortedWords.length] as number);
    const fill = postingStart.slice(0, sortedWords.length);
    for (let rank = 0; rank < n; rank++) {
      let last = -1;
      const ws = [...titleWords.subarray(titleWordStart[rank], titleWordStart[rank + 1])].sort(
        (a, b) => a - b,
      );
      for (const id of ws) {
        if (id === last) continue;
        last = id;
        postings[fill[id] as number] = rank;
        fill[id] = (fill[id] as number) + 1;
      }
    }
    // Text order compares word ids one by one: words sort as strings do, and a space sorts before any
    // letter or digit, so a title that is another's first words comes first, as its text does.
    const byText = Uint32Array.from({ length: n }, (_, i) => i);
    byText.sort((a, b) => {
      const sa = titleWordStart[a] as number;
      const la = (titleWordStart[a + 1] as number) - sa;
      const sb = titleWordStart[b] as number;
      const lb = (titleWordStart[b + 1] as number) - sb;
      for (let k = 0; k < la && k < lb; k++) {
        const d = (titleWords[sa + k] as number) - (titleWords[sb + k] as number);
        if (d !== 0) return d;
      }
      return la - lb || a - b;
    });
    const textPlace = new Uint32Array(n);
    byText.forEach((rank, place) => {
      textPlace[rank] = place;
    });
    const byId = Uint32Array.from({ length: n }, (_, i) => i);
    byId.sort((a, b) => compareIdBytes(rankIds, a, rankIds, b));
    const ranksOfType = MEDIA_TYPES.map((_, code) => {
      const ranks: number[] = [];
      for (let rank = 0; rank < n; rank++) if (rankTypes[rank] === code) ranks.push(rank);
      return Uint32Array.from(ranks);
    });
    return new TitleIndex(
      n,
      rankIds,
      rankPops,
      rankTypes,
      titleWordStart,
      titleWords,
      sortedWords,
      postingStart,
      postings,
      byText,
      textPlace,
      byId,
      ranksOfType,
      new Uint8Array(n),
      this.options.readWhole ?? READ_WHOLE,
      this.options.mergedRuns ?? MERGED_RUNS,
    );
  }
}
