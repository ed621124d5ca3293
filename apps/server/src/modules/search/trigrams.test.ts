import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../providers/synthetic/synthetic-provider';
import { similarity, wordSimilarity, wordSimilarityTo } from './trigrams';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite({ extensions: { pg_trgm } });
  await pg.exec('create extension pg_trgm');
});
afterAll(() => pg.close());

// float4 comes back as its shortest decimal; Math.fround reads it as the same float4.
// Typed words and misspellings against title words and whole titles: the pairs close spellings meet.
const typed = [
  'seasn',
  'moob',
  'monwake',
  'daguhters',
  'fetsival',
  'dragin harbor',
  'lantrn',
  'the',
  'a',
  'hug',
];
const texts = [
  // Three trigrams of ten shared, all of the word's: similarity exactly 0.3, in float4 just above it.
  'ab',
  'season',
  'moon',
  'moonwake',
  'daughters',
  'festival',
  'dragon harbor',
  'the dragonfly accord',
  'lantern 5',
  'long hunters',
  'here be dragons',
  'moment',
  'a',
  'fox bakery the',
  'harbor harbor dragon',
];

describe('trigram similarity', () => {
  it('gives what pg_trgm gives, to the last bit of a float4', async () => {
    for (const a of typed) {
      for (const b of texts) {
        const { rows } = await pg.query<{ s: number; w: number }>(
          'select similarity($1, $2) as s, word_similarity($1, $2) as w',
          [a, b],
        );
        expect([similarity(a, b), wordSimilarity(a, b)], `${a} / ${b}`).toEqual(
          [rows[0]?.s, rows[0]?.w].map((v) => Math.fround(Number(v))),
        );
      }
    }
  });

  it('gives what pg_trgm gives for word similarity over many texts, repeated trigrams and long ones included', async () => {
    // One measure reused across texts of every length, as close spellings rank candidates with it.
    const rng = mulberry32(7);
    const words = ['harbor', 'dragon', 'moon', 'the', 'lantern', 'aaa', 'banana', 'nanaban', 'fox', 'drag'];
    const pick = () => words[Math.floor(rng() * words.length)] as string;
    const typo = (w: string) => {
      const at = Math.floor(rng() * w.length);
      return rng() < 0.5 ? w.slice(0, at) + w.slice(at + 1) : `${w.slice(0, at)}x${w.slice(at)}`;
    };
    const queries = ['dragn harb', 'banan', 'the moon', 'lantren', 'aaaa'];
    const others = Array.from({ length: 60 }, (_, i) =>
      Array.from({ length: 1 + (i % 12) }, () => (rng() < 0.3 ? typo(pick()) : pick())).join(' '),
    );
    for (const a of queries) {
      const measure = wordSimilarityTo(a);
      const { rows } = await pg.query<{ w: number }>(
        'select word_similarity($1, b) as w from unnest($2::text[]) with ordinality as t(b, n) order by n',
        [a, others],
      );
      expect(
        others.map((b) => measure(b)),
        a,
      ).toEqual(rows.map((r) => Math.fround(Number(r.w))));
    }
  });
});
