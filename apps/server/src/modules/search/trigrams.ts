/**
 * pg_trgm's similarity measures, computed in the process so the title index corrects spellings the way
 * the database would: the same trigrams, the same extent search for word similarity, in single
 * precision. `trigrams.test.ts` compares them with pg_trgm. A trigram is a number made of its three
 * UTF-16 code units, which is pg_trgm's trigram for any character outside the astral planes.
 */

const SPACE = 32;
const UNIT = 65_536;

const isWordUnit = (() => {
  const wordChar = /[\p{L}\p{N}]/u;
  return (code: number) =>
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    (code > 127 && wordChar.test(String.fromCharCode(code)));
})();

/**
 * Every trigram of a text's words, in order, repeats kept: each word padded as pg_trgm pads it, two
 * spaces before and one after. The text is lower case already (search text is).
 */
export function trigramsInOrder(text: string): number[] {
  const out = new Float64Array(2 * text.length + 1);
  return Array.from(out.subarray(0, trigramsInto(text, out)));
}

/**
 * The trigrams of trigramsInOrder, written into `out` (which holds at least twice the text's length
 * and one: a word of n units has n + 1 trigrams); answers how many were written.
 */
function trigramsInto(text: string, out: Float64Array): number {
  let n = 0;
  let a = SPACE;
  let b = SPACE;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : SPACE;
    if (i < text.length && isWordUnit(code)) {
      out[n++] = (a * UNIT + b) * UNIT + code;
      a = b;
      b = code;
      inWord = true;
    } else if (inWord) {
      out[n++] = (a * UNIT + b) * UNIT + SPACE;
      a = SPACE;
      b = SPACE;
      inWord = false;
    }
  }
  return n;
}

/** pg_trgm's CALCSML, a float4 division. */
const ratio = (common: number, a: number, b: number) => Math.fround(common / (a + b - common));

/** pg_trgm's `similarity(a, b)`: shared trigrams over all of both. */
export function similarity(a: string, b: string): number {
  const ta = new Set(trigramsInOrder(a));
  const tb = new Set(trigramsInOrder(b));
  if (ta.size === 0 || tb.size === 0) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return ratio(common, ta.size, tb.size);
}

/** pg_trgm's `word_similarity(a, b)`. */
export function wordSimilarity(a: string, b: string): number {
  return wordSimilarityTo(a)(b);
}

/**
 * pg_trgm's `word_similarity(a, ·)`, with `a`'s trigrams worked out once: the greatest similarity
 * between `a`'s trigrams and a run of the other text's (calc_word_similarity and
 * iterate_word_similarity, without the strict variant). Close spellings rank a hundred titles with it
 * per search, so a text's trigrams are numbered by place (each the place it first appears) in arrays
 * kept between calls instead of looked up in maps.
 */
export function wordSimilarityTo(a: string): (b: string) => number {
  const inA = [...new Set(trigramsInOrder(a))];
  const ulen1 = inA.length;
  const aBits = new Uint32Array(BLOOM_WORDS);
  for (const t of inA) mark(aBits, t);
  const seen = new Uint32Array(BLOOM_WORDS);
  let trigrams = new Float64Array(128);
  let first = new Int32Array(128);
  let found = new Uint8Array(128);
  let lastpos = new Int32Array(128);
  return (b: string) => {
    if (ulen1 === 0) return 0;
    if (2 * b.length + 1 > trigrams.length) {
      const size = 2 * b.length + 1;
      trigrams = new Float64Array(size);
      first = new Int32Array(size);
      found = new Uint8Array(size);
      lastpos = new Int32Array(size);
    }
    const n = trigramsInto(b, trigrams);
    seen.fill(0);
    // Each place's trigram, numbered by the place it first appears, and whether `a` holds it. A
    // trigram not marked in `seen` (or `aBits`) before is certainly new here (or not in `a`).
    for (let i = 0; i < n; i++) {
      const t = trigrams[i] as number;
      let j = i;
      if (marked(seen, t)) {
        j = 0;
        while ((trigrams[j] as number) !== t) j++;
      } else mark(seen, t);
      first[i] = j;
      lastpos[i] = -1;
      if (j === i) found[i] = marked(aBits, t) && inA.includes(t) ? 1 : 0;
    }
    let ulen2 = 0;
    let count = 0;
    let lower = -1;
    let best = 0;
    for (let i = 0; i < n; i++) {
      const t = first[i] as number;
      const isFound = found[t] === 1;
      if (lower >= 0 || isFound) {
        if ((lastpos[t] as number) < 0) {
          ulen2++;
          if (isFound) count++;
        }
        lastpos[t] = i;
      }
      if (!isFound) continue;
      const upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let current = ratio(count, ulen1, ulen2);
      // Try moving the run's start right for a greater similarity.
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
        const tried = ratio(tmpCount, ulen1, tmpUlen2);
        if (tried > current) {
          current = tried;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tt = first[tmpLower] as number;
        if (lastpos[tt] === tmpLower) {
          tmpUlen2--;
          if (found[tt] === 1) tmpCount--;
        }
      }
      if (current > best) best = current;
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const tt = first[tmpLower] as number;
        if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
      }
    }
    return best;
  };
}

/** A small bit set over trigrams (by their last two units), to rule most of them out at once. */
const BLOOM_WORDS = 16;
const bloomBit = (t: number) => {
  const low = t >>> 0;
  return ((low & 0xffff) * 31 + (low >>> 16)) & (BLOOM_WORDS * 32 - 1);
};
function mark(bits: Uint32Array, t: number): void {
  const b = bloomBit(t);
  bits[b >>> 5] = (bits[b >>> 5] as number) | (1 << (b & 31));
}
function marked(bits: Uint32Array, t: number): boolean {
  const b = bloomBit(t);
  return ((bits[b >>> 5] as number) & (1 << (b & 31))) !== 0;
}
