import { normaliseForSearch } from '../src/lib/text';
import { mulberry32, SYNTHETIC_TITLE_WORDS } from '../src/providers/synthetic/synthetic-provider';

export interface SearchQuery {
  q: string;
  /** For the breakdown: the length of the prefix typed, or "two words". */
  bucket: string;
}

function bucketOf(prefixLength: number): string {
  if (prefixLength <= 2) return '2 chars';
  if (prefixLength === 3) return '3 chars';
  if (prefixLength <= 5) return '4-5 chars';
  return '6-8 chars';
}

/**
 * What people type into search as they go: a 2-8 character prefix of a catalog word (sometimes with
 * its accents), or a whole word and the start of the next. Deterministic for a seed.
 */
export function buildSearchQueries(seed: number, count: number): SearchQuery[] {
  const rng = mulberry32(seed ^ 0x5ea4c4);
  const words = SYNTHETIC_TITLE_WORDS.filter((w) => normaliseForSearch(w).length >= 2);
  const pickWord = () => words[Math.floor(rng() * words.length)] as string;
  const prefix = (word: string, min: number, max: number) => {
    const typed = rng() < 0.1 ? word.toLowerCase() : normaliseForSearch(word);
    const length = Math.min(typed.length, min + Math.floor(rng() * (max - min + 1)));
    return typed.slice(0, length);
  };
  const queries: SearchQuery[] = [];
  for (let i = 0; i < count; i++) {
    if (rng() < 0.15) {
      const first = rng() < 0.5 ? 'the' : normaliseForSearch(pickWord());
      queries.push({ q: `${first} ${prefix(pickWord(), 2, 6)}`, bucket: 'two words' });
    } else {
      const q = prefix(pickWord(), 2, 8);
      queries.push({ q, bucket: bucketOf(normaliseForSearch(q).length) });
    }
  }
  return queries;
}
