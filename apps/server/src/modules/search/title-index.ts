import { MEDIA_TYPES, type MediaType } from '@releasebell/contract';
import { similarity, trigramsInOrder, wordSimilarity } from './trigrams';

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

/** A close word: the typed word is most of it (pg_trgm word similarity) or they are alike as wholes. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const SIMILARITY_THRESHOLD = 0.3;

/**
 * A candidate set at most this big is read whole and sorted; a bigger one is walked from the most
 * popular title, which finds a common match's first few quickly, for as long as reading it would take.
 */
const READ_WHOLE = 10_000;

const typeCode = new Map(MEDIA_TYPES.map((t, i) => [t, i]));

/**
 * The catalog's titles as search reads them, held in the process: titles numbered by rank (most
 * popular first, then by id), the distinct words of their search text in sorted order, and for each
 * word the ranks of the titles holding it. A prefix is a range of words; a title's rank order is the
 * answer's order, so the first matches found in rank order are the answer. Built once, read only.
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
  ) {}

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
    const words: string[] = [];
    for (let i = this.titleWordStart[rank] as number; i < (this.titleWordStart[rank + 1] as number); i++) {
      words.push(this.words[this.titleWords[i] as number] as string);
    }
    return words.join(' ');
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
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareIdBytes(this.ids, this.byId[mid] as number, key, 0);
      if (c === 0) return this.byId[mid] as number;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return null;
  }

  /** Never answers this title again (it changed, or is no longer in the catalog). */
  forget(rank: number): void {
    this.gone[rank] = 1;
  }

  /** The first place in text order whose text is at least `text`. */
  private textBound(text: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.text(this.byText[mid] as number) < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The range of words starting with `prefix`, or equal to `word`. */
  private wordRange(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, `${prefix}\uffff`)];
  }
  private wordId(word: string): number | null {
    const at = lowerBound(this.words, word);
    return this.words[at] === word ? at : null;
  }

  private usable(rank: number, type: number | null): boolean {
    return this.gone[rank] === 0 && (type === null || this.types[rank] === type);
  }

  /**
   * The first `limit` ranks passing `test`, of the candidates the `sources` list (runs of ranks, each
   * ascending, `count` in all): read whole and sorted when few, otherwise walked from rank 0.
   */
  private first(
    sources: () => Iterable<Uint32Array>,
    count: number,
    type: number | null,
    test: (rank: number) => boolean,
    limit: number,
  ): number[] {
    if (count > this.readWhole) {
      const walk = type === null ? null : this.ranksOfType[type];
      const end = walk ? walk.length : this.size;
      const found: number[] = [];
      for (let i = 0; i < end && i < count; i++) {
        const rank = walk ? (walk[i] as number) : i;
        if (this.usable(rank, type) && test(rank)) {
          found.push(rank);
          if (found.length === limit) return found;
        }
      }
      if (end <= count) return found;
    }
    const matches = new Set<number>();
    for (const run of sources()) {
      for (const rank of run) if (this.usable(rank, type) && test(rank)) matches.add(rank);
    }
    return [...matches].sort((a, b) => a - b).slice(0, limit);
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

  private inTextRange(from: number, to: number, type: MediaType | null, limit: number): number[] {
    const code = type === null ? null : (typeCode.get(type) as number);
    const place = this.textPlace;
    return this.first(
      () => [this.byText.subarray(from, to)],
      to - from,
      code,
      (rank) => (place[rank] as number) >= from && (place[rank] as number) < to,
      limit,
    );
  }

  /**
   * Titles with a word matching each of `matches` (one word of the title may match several), those
   * whose text starts with `except` aside, most popular first.
   */
  withWords(matches: WordMatch[], type: MediaType | null, limit: number, except?: string): number[] {
    const ranges = matches.map((m) => [
      ...m.prefixes.map((p) => this.wordRange(p)),
      ...m.words.flatMap((w) => {
        const id = this.wordId(w);
        return id === null ? [] : [[id, id + 1] as [number, number]];
      }),
    ]);
    const held = ranges.map((rs) =>
      rs.reduce(
        (n, [lo, hi]) => n + (this.postingStart[hi] as number) - (this.postingStart[lo] as number),
        0,
      ),
    );
    if (held.length === 0 || held.some((n) => n === 0)) return [];
    // The candidates are the titles of the rarest typed word; each is tested for the others.
    const rarest = held.indexOf(Math.min(...held));
    const exceptFrom = except === undefined ? 0 : this.textBound(`${except}`);
    const exceptTo = except === undefined ? 0 : this.textBound(`${except}\uffff`);
    const { titleWordStart, titleWords, textPlace } = this;
    const test = (rank: number) => {
      const place = textPlace[rank] as number;
      if (place >= exceptFrom && place < exceptTo) return false;
      const start = titleWordStart[rank] as number;
      const end = titleWordStart[rank + 1] as number;
      for (const rs of ranges) {
        let any = false;
        for (let i = start; i < end && !any; i++) {
          const w = titleWords[i] as number;
          for (const [lo, hi] of rs) {
            if (w >= lo && w < hi) {
              any = true;
              break;
            }
          }
        }
        if (!any) return false;
      }
      return true;
    };
    const code = type === null ? null : (typeCode.get(type) as number);
    return this.first(
      () =>
        (ranges[rarest] as [number, number][]).map(([lo, hi]) =>
          this.postings.subarray(this.postingStart[lo], this.postingStart[hi]),
        ),
      held[rarest] as number,
      code,
      test,
      limit,
    );
  }

  /** How many titles hold `word` (as a whole word). */
  titlesHolding(word: string): number {
    const id = this.wordId(word);
    return id === null ? 0 : (this.postingStart[id + 1] as number) - (this.postingStart[id] as number);
  }

  private trigramWords: Map<string, number[]> | undefined;

  /**
   * The words close to `typed` (not starting with it), each with the greater of pg_trgm's word
   * similarity and similarity. The words sharing enough trigrams with it are found through an index
   * of the words' trigrams, made on first use.
   */
  closeWords(typed: string): CloseWord[] {
    if (!this.trigramWords) {
      const index = new Map<string, number[]>();
      this.words.forEach((word, id) => {
        for (const t of new Set(trigramsInOrder(word))) {
          const list = index.get(t);
          if (list) list.push(id);
          else index.set(t, [id]);
        }
      });
      this.trigramWords = index;
    }
    const own = new Set(trigramsInOrder(typed));
    const shared = new Map<number, number>();
    for (const t of own)
      for (const id of this.trigramWords.get(t) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const close: CloseWord[] = [];
    for (const [id, common] of shared) {
      // Both measures are at most the shared trigrams over the typed word's.
      if (common < SIMILARITY_THRESHOLD * own.size) continue;
      const word = this.words[id] as string;
      if (word.startsWith(typed)) continue;
      const score = Math.max(wordSimilarity(typed, word), similarity(typed, word));
      const asWord = wordSimilarity(typed, word) >= WORD_SIMILARITY_THRESHOLD;
      if (!asWord && similarity(typed, word) < SIMILARITY_THRESHOLD) continue;
      close.push({ word, score, titles: this.titlesHolding(word) });
    }
    return close;
  }
}

/** The first index in sorted `list` whose value is at least `value`. */
function lowerBound(list: string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const ID_BYTES = 16;

function parseUuid(id: string): Uint8Array | null {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  const bytes = new Uint8Array(ID_BYTES);
  for (let i = 0; i < ID_BYTES; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function formatUuid(ids: Uint8Array, rank: number): string {
  let hex = '';
  for (let i = 0; i < ID_BYTES; i++)
    hex += (ids[rank * ID_BYTES + i] as number).toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Ids compare as PostgreSQL compares uuids: byte by byte. */
function compareIdBytes(a: Uint8Array, ra: number, b: Uint8Array, rb: number): number {
  for (let i = 0; i < ID_BYTES; i++) {
    const d = (a[ra * ID_BYTES + i] as number) - (b[rb * ID_BYTES + i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** Takes titles one at a time (a load streams them), keeping only compact arrays. */
export interface IndexOptions {
  /** Candidates read whole up to this many (tests lower it to put the walk to work on a few titles). */
  readWhole?: number;
}

export class TitleIndexBuilder {
  constructor(private readonly options: IndexOptions = {}) {}

  private ids: number[] = [];
  private popularities: number[] = [];
  private types: number[] = [];
  private wordStart: number[] = [0];
  private titleWords: number[] = [];
  private wordIds = new Map<string, number>();
  private words: string[] = [];

  get size(): number {
    return this.popularities.length;
  }

  add(t: IndexedTitle): void {
    const bytes = parseUuid(t.id);
    if (!bytes) throw new Error(`not a uuid: ${t.id}`);
    for (const b of bytes) this.ids.push(b);
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
      this.titleWords.push(id);
    }
    this.wordStart.push(this.titleWords.length);
  }

  finish(): TitleIndex {
    const n = this.size;
    const ids = Uint8Array.from(this.ids);
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
    const titleWords = new Uint32Array(this.titleWords.length);
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
    );
  }
}
