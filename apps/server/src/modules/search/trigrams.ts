/**
 * pg_trgm's similarity measures, computed in the process so the title index corrects spellings the way
 * the database would: the same trigrams, the same extent search for word similarity, in single
 * precision. `trigrams.test.ts` compares them with pg_trgm.
 */

/** A word's trigrams, padded as pg_trgm pads it: two spaces before, one after. */
function wordTrigrams(word: string, into: string[]): void {
  const chars = [' ', ' ', ...word, ' '];
  for (let i = 0; i + 3 <= chars.length; i++) into.push(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
}

/** Every trigram of a text's words, in order, repeats kept. */
export function trigramsInOrder(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) if (word) wordTrigrams(word.toLowerCase(), out);
  return out;
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

/**
 * pg_trgm's `word_similarity(a, b)`: the greatest similarity between `a`'s trigrams and a run of
 * `b`'s (calc_word_similarity and iterate_word_similarity, without the strict variant).
 */
export function wordSimilarity(a: string, b: string): number {
  const ids = new Map<string, number>();
  const idOf = (t: string) => {
    const known = ids.get(t);
    if (known !== undefined) return known;
    ids.set(t, ids.size);
    return ids.size - 1;
  };
  const inA = new Set<number>();
  for (const t of trigramsInOrder(a)) inA.add(idOf(t));
  const second = trigramsInOrder(b).map(idOf);
  const ulen1 = inA.size;
  if (ulen1 === 0) return 0;
  const lastpos = new Array<number>(ids.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < second.length; i++) {
    const t = second[i] as number;
    const found = inA.has(t);
    if (lower >= 0 || found) {
      if ((lastpos[t] as number) < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
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
      const tt = second[tmpLower] as number;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (inA.has(tt)) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = second[tmpLower] as number;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return best;
}
