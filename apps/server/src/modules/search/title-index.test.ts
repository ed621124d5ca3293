import { randomUUID } from 'node:crypto';
import { MEDIA_TYPES, type MediaType } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './live-index';
import { closer, type IndexedTitle, TitleIndex, type WordMatch } from './title-index';
import { similarity, wordSimilarity } from './trigrams';

/** A small random generator, so a failure can be replayed from its seed. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const VOCABULARY = [
  'star',
  'stars',
  'starfish',
  'sta',
  'wars',
  'war',
  'the',
  'a',
  'dragon',
  'drag',
  '2',
  '2049',
];

function catalog(n: number, random: () => number): IndexedTitle[] {
  return Array.from({ length: n }, () => ({
    id: randomUUID(),
    mediaType: MEDIA_TYPES[Math.floor(random() * 3)] as MediaType,
    // Few distinct popularities, so ties are broken by id.
    popularity: Math.floor(random() * 20) / 4,
    searchText: Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => VOCABULARY[Math.floor(random() * VOCABULARY.length)],
    ).join(' '),
  }));
}

/** The answers by definition: every title tested, sorted by popularity then id. */
function reference(
  titles: IndexedTitle[],
  keep: (t: IndexedTitle) => boolean,
  type: MediaType | null,
  limit: number,
  forgotten: Set<string>,
) {
  return titles
    .filter((t) => (type === null || t.mediaType === type) && !forgotten.has(t.id) && keep(t))
    .sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
    .map((t) => t.id);
}
const holds = (t: IndexedTitle, m: WordMatch) =>
  t.searchText.split(' ').some((w) => m.prefixes.some((p) => w.startsWith(p)) || m.words.includes(w));

describe('the title index', () => {
  const random = seeded(7);
  const titles = catalog(400, random);
  // Candidates read whole, merged or walked in rank order, and a walk given up for reading whole.
  const indexes = [
    { readWhole: 1_000_000, mergedRuns: 0 },
    { readWhole: 0 },
    { readWhole: 5, mergedRuns: 1 },
  ].map((options) => TitleIndex.build(titles, options));
  // Titles changed since: never answered.
  const forgotten = new Set(titles.filter((_, i) => i % 7 === 0).map((t) => t.id));
  for (const index of indexes) for (const id of forgotten) index.forget(index.rankOf(id) as number);
  // Past 30 typed words, a title's marks take more than one slot.
  const many = Array.from({ length: 34 }, (_, i) => (i % 2 ? 'a' : 'the')).join(' ');
  const queries = [
    many,
    `${many} st`,
    'star',
    'sta',
    'star wars',
    'star w',
    'the',
    'a',
    '2',
    'drag',
    'dragon 2',
    'zzz',
    'the star',
  ];

  it('answers what testing every title answers, whichever way it reads its candidates', () => {
    for (const index of indexes) {
      for (const type of [null, ...MEDIA_TYPES]) {
        for (const limit of [1, 3, 30]) {
          for (const q of queries) {
            const ids = (ranks: number[]) => ranks.map((r) => index.id(r));
            const label = `${q} (${type}, ${limit})`;
            expect(ids(index.equal(q, type, limit)), label).toEqual(
              reference(titles, (t) => t.searchText === q, type, limit, forgotten),
            );
            expect(ids(index.startingWith(q, type, limit)), label).toEqual(
              reference(
                titles,
                (t) => t.searchText.startsWith(q) && t.searchText !== q,
                type,
                limit,
                forgotten,
              ),
            );
            const words = q.split(' ');
            const matches = [
              ...words.slice(0, -1).map((w) => ({ prefixes: [], words: [w] })),
              { prefixes: [words.at(-1) as string], words: ['dragon'] },
            ];
            expect(ids(index.withWords(matches, type, limit, q)), label).toEqual(
              reference(
                titles,
                (t) => !t.searchText.startsWith(q) && matches.every((m) => holds(t, m)),
                type,
                limit,
                forgotten,
              ),
            );
          }
        }
      }
    }
  });

  it('answers the same when the other typed words are each one word of the titles', () => {
    // Most titles hold "the" and "a": a prefix's few titles, in several runs, are the candidates,
    // and each is looked up in those words' titles, in rank order or (read whole) run by run.
    const common = catalog(400, seeded(9)).map((t, i) => ({
      ...t,
      searchText: `${i % 5 ? 'the ' : ''}${t.searchText}${i % 3 ? ' a' : ''}`,
    }));
    const lost = new Set(common.filter((_, i) => i % 11 === 0).map((t) => t.id));
    for (const options of [
      { readWhole: 1_000_000, mergedRuns: 0 },
      { readWhole: 0 },
      { readWhole: 5, mergedRuns: 1 },
    ]) {
      const index = TitleIndex.build(common, options);
      for (const id of lost) index.forget(index.rankOf(id) as number);
      for (const matches of [
        [
          { prefixes: ['dr'], words: [] },
          { prefixes: [], words: ['the'] },
        ],
        [
          { prefixes: ['sta'], words: ['2'] },
          { prefixes: [], words: ['the'] },
          { prefixes: [], words: ['a'] },
        ],
        [
          { prefixes: [], words: ['wars'] },
          { prefixes: [], words: ['a'] },
        ],
      ]) {
        for (const limit of [1, 30, 400]) {
          const label = `${JSON.stringify(matches)} (${JSON.stringify(options)}, ${limit})`;
          expect(
            index.withWords(matches, null, limit, 'the').map((r) => index.id(r)),
            label,
          ).toEqual(
            reference(
              common,
              (t) => !t.searchText.startsWith('the') && matches.every((m) => holds(t, m)),
              null,
              limit,
              lost,
            ),
          );
        }
      }
    }
  });

  it('finds the closest words pg_trgm would, in order, however many are asked for', () => {
    // Many words from few letters: a typed word has hundreds of close ones, ties included.
    const letters = seeded(11);
    const word = () =>
      Array.from(
        { length: 3 + Math.floor(letters() * 6) },
        () => 'adegnorst'[Math.floor(letters() * 9)],
      ).join('');
    const many = Array.from({ length: 3000 }, () => ({
      id: randomUUID(),
      mediaType: 'books' as const,
      popularity: 1,
      searchText: `${word()} ${word()}`,
    }));
    const index = TitleIndex.build(many);
    const holding = (w: string) => many.filter((t) => t.searchText.split(' ').includes(w)).length;
    const dictionary = [...new Set(many.flatMap((t) => t.searchText.split(' ')))];
    for (const typed of ['stra', 'dargon', 'tresa', 'toe', 'roads']) {
      const all = dictionary
        .filter(
          (w) => !w.startsWith(typed) && (wordSimilarity(typed, w) >= 0.5 || similarity(typed, w) >= 0.3),
        )
        .map((w) => ({
          word: w,
          score: Math.max(wordSimilarity(typed, w), similarity(typed, w)),
          titles: holding(w),
        }))
        .sort(closer);
      expect(all.length, typed).toBeGreaterThan(0);
      for (const limit of [1, 5, 20, 100_000]) {
        expect(index.closeWords(typed, limit), `${typed} (${limit})`).toEqual(all.slice(0, limit));
      }
    }
  });

  it('reads a title back by id, and forgets it', () => {
    const index = TitleIndex.build(titles);
    const title = titles[42] as IndexedTitle;
    const rank = index.rankOf(title.id) as number;
    expect([index.id(rank), index.text(rank), index.popularity(rank)]).toEqual([
      title.id,
      title.searchText,
      title.popularity,
    ]);
    expect(index.rankOf(randomUUID())).toBeNull();
    expect(index.equal(title.searchText, null, 1000)).toContain(rank);
    index.forget(rank);
    expect(index.equal(title.searchText, null, 1000)).not.toContain(rank);
  });
});

describe('the index with changes beside it', () => {
  const title = (searchText: string, popularity: number): IndexedTitle => ({
    id: randomUUID(),
    mediaType: 'movies',
    popularity,
    searchText,
  });

  it('answers a changed title as it is now, in its new place', () => {
    const [a, b, c] = [title('moon harbor', 30), title('moon river', 20), title('moonwake', 10)];
    const index = new SearchIndex(TitleIndex.build([a, b, c]));
    expect(index.startingWith('moon', null, 10)).toEqual([a.id, b.id, c.id]);
    // More popular now, and renamed: found by its new name only, above the others.
    index.apply([{ ...c, popularity: 99, searchText: 'moonrise' }, title('moon 2', 25)]);
    expect(index.startingWith('moon', null, 10)).toEqual([c.id, a.id, expect.any(String), b.id]);
    expect(index.withWords([{ prefixes: ['moonw'], words: [] }], null, 10)).toEqual([]);
    expect(index.closeWords('monrise', 20).map((w) => w.word)).toContain('moonrise');
    // All of a short word's trigrams among ten of the typed word's: similarity 0.3 exactly, which pg_trgm
    // (dividing in single precision) counts as close.
    index.apply([title('ab', 1)]);
    expect(index.closeWords('abcdefgab', 20).map((w) => w.word)).toEqual(['ab']);
    index.forget([a.id, c.id]);
    expect(index.startingWith('moon', null, 10)).toHaveLength(2);
  });

  it('holds a title read again unchanged as it was, and takes back one it had forgotten', () => {
    const [a, b] = [title('moon harbor', 30.1), title('moon river', 20)];
    const index = new SearchIndex(TitleIndex.build([a, b]));
    index.apply([{ ...a }, { ...b }]);
    expect(index.changedCount).toBe(0);
    // Any one of type, popularity or words differing is a change.
    index.apply([
      { ...a, mediaType: 'tv_seasons' },
      { ...b, popularity: 20.5 },
    ]);
    expect(index.changedCount).toBe(2);
    expect(index.startingWith('moon', 'tv_seasons', 10)).toEqual([a.id]);
    index.apply([
      { ...a, mediaType: 'tv_seasons' },
      { ...b, popularity: 20.5 },
    ]);
    expect(index.changedCount).toBe(2);
    index.forget([a.id, b.id]);
    index.apply([{ ...b, popularity: 20.5 }]);
    expect(index.startingWith('moon', null, 10)).toEqual([b.id]);
    const fresh = new SearchIndex(TitleIndex.build([a]));
    fresh.forget([a.id]);
    fresh.apply([{ ...a }]);
    expect(fresh.equal('moon harbor', null, 10)).toEqual([a.id]);
  });
});
