import type { Locale, MediaType } from '@releasebell/contract';
import { and, asc, desc, eq, gte, inArray, lt, ne, notLike, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { mediaItems, searchWords, titleTranslations } from '../../db/schema';
import { createTtlCache } from '../../lib/ttl-cache';
import { MEDIA_ITEM_COLUMNS, type MediaItemFields } from '../catalog';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

/** Most popular first, spelled as the indexes store it so a tier is read in index order. */
const mostPopular = [sql`${mediaItems.popularity} desc nulls last`, asc(mediaItems.id)];
/** The same order by an expression no index provides: the matches are found through the search indexes and sorted. */
const byExpression = [sql`${mediaItems.popularity} + 0 desc nulls last`, asc(mediaItems.id)];
/** Close spellings are ranked by similarity among this many of the most popular titles holding them. */
const FUZZY_CANDIDATES = 100;
/** Close words looked up per typed word, the closest first: each costs every title tested a comparison. */
const CLOSE_WORDS_PER_WORD = 20;
/**
 * Titles holding a typed word's close words (the dictionary counts them) above which the candidates are
 * found by walking the popularity index: below it, looking them up and sorting them reads fewer.
 */
const WALK_FOR_CLOSE_TITLES = 5_000;
/** A shorter typed word only starts title words: trigrams cannot tell its typo from another word. */
const CLOSE_WORD_MIN_LENGTH = 3;
/** A word typed shorter than this is a prefix of too many title words ("sea", "an") to merge them all. */
const SHORT_PREFIX = 4;
/** Titles holding the other typed words at most this many: they are looked up and sorted, not walked. */
const LOOK_UP_TITLES = 5_000;

/**
 * How far down the popularity order a search may walk: to the WALK_ROWS-th title (the floor). A common
 * prefix fills a tier among the first few hundred titles; one that does not fill it above the floor
 * matches so few titles that finding them all and sorting them is cheap. A catalog of up to twice this
 * has no floor: any walk is short, whatever PostgreSQL's estimate.
 */
const WALK_ROWS = 100_000;

/**
 * Each tier is its own small query with its own limit, so a two-letter prefix matching half the catalog
 * reads only the first rows of an index instead of ranking every match.
 * `normalised` holds only letters, digits and single spaces, so it is safe in LIKE and to_tsquery.
 */
export function createSearchRepository(db: Database, { walkRows = WALK_ROWS }: { walkRows?: number } = {}) {
  const where = (mediaType: MediaType | null, ...conditions: SQL[]) =>
    and(mediaType ? eq(mediaItems.mediaType, mediaType) : undefined, ...conditions);
  const prefixQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');
  /** A word of the title starts with `w`, tested on its text: for titles already narrowed down by other words. */
  const hasWordStarting = (w: string) => sql`(' ' || ${mediaItems.searchText}) like ${`% ${w}%`}`;

  /** The rows of these ids (a subquery of `id` and `popularity`), most popular first. */
  function rowsOf(top: ReturnType<ReturnType<typeof idsQuery>['as']>): Promise<MediaItemFields[]> {
    return db
      .select(MEDIA_ITEM_COLUMNS)
      .from(top)
      .innerJoin(mediaItems, eq(mediaItems.id, top.id))
      .orderBy(sql`${top.popularity} desc nulls last`, asc(top.id));
  }
  const idsQuery = () => db.select({ id: mediaItems.id, popularity: mediaItems.popularity }).from(mediaItems);

  // The floor moves slowly (popularity is refreshed by the daily sync): worked out once a minute, and
  // after the first time while searches go on with the last one (finding it reads the index's top).
  const floors = createTtlCache<number | null>(60_000, { maxEntries: 1, staleMs: 60_000 });
  const popularityAt = async (rank: number) => {
    const [row] = await idsQuery()
      .orderBy(...mostPopular)
      .offset(rank - 1)
      .limit(1);
    return row?.popularity ?? null;
  };
  // Up to twice WALK_ROWS titles, no walk can be long enough for a floor to be worth its second query.
  const walkFloor = () =>
    floors.get('', async () => ((await popularityAt(2 * walkRows)) === null ? null : popularityAt(walkRows)));

  /**
   * The `limit` most popular titles matching `condition`, first among the titles above the walk's
   * floor, where PostgreSQL walks the popularity index (which carries the columns the tiers test, so no
   * row is read to test it) or, for a match it expects to be rare, looks it up in a search index.
   * Short of `limit` there, the matches below the floor are found through the search indexes and
   * sorted: never a walk through the rest of the catalog, which a wrong estimate could otherwise cause.
   */
  async function mostPopularWhere(condition: SQL | undefined, limit: number): Promise<MediaItemFields[]> {
    const floor = await walkFloor();
    const pick = (range: SQL | undefined, order: SQL[], n: number) =>
      rowsOf(
        idsQuery()
          .where(and(condition, range))
          .orderBy(...order)
          .limit(n)
          .as('top'),
      );
    // A catalog without a floor is small enough for the walk to read rows: one plain query, which the
    // embedded database plans faster than the ids-first join.
    if (floor === null) {
      return db
        .select(MEDIA_ITEM_COLUMNS)
        .from(mediaItems)
        .where(condition)
        .orderBy(...mostPopular)
        .limit(limit);
    }
    const above = await pick(gte(mediaItems.popularity, floor), mostPopular, limit);
    if (above.length >= limit) return above;
    // An order no index provides: the matches are found through the search indexes and sorted.
    return [...above, ...(await pick(lt(mediaItems.popularity, floor), byExpression, limit - above.length))];
  }

  /**
   * Up to `n` titles matching `condition` (id, popularity and search text, read from the popularity
   * index), most popular first: the walk of mostPopularWhere, as a subquery.
   */
  function candidates(condition: SQL | undefined, n: number, floor: number | null, order = mostPopular) {
    const columns = {
      id: mediaItems.id,
      popularity: mediaItems.popularity,
      searchText: mediaItems.searchText,
    };
    const pick = (range: SQL | undefined, order: SQL[]) =>
      db
        .select(columns)
        .from(mediaItems)
        .where(and(condition, range))
        .orderBy(...order)
        .limit(n);
    if (floor === null) return pick(undefined, order).as('candidates');
    // Below the floor only when above it were too few: the union is read in order and stops at `n`.
    return unionAll(
      pick(gte(mediaItems.popularity, floor), mostPopular),
      pick(lt(mediaItems.popularity, floor), byExpression),
    )
      .limit(n)
      .as('candidates');
  }

  /**
   * Dictionary words close to each typed word, the closest first, that do not start with it (a title
   * word starting with it is matched as a prefix). Close: the typed word is most of the word (pg_trgm
   * word similarity, at the session's threshold) or the two are alike as wholes (similarity, at
   * pg_trgm's default), which a swapped or dropped letter in a long word leaves them.
   */
  async function closeWords(typed: string[]): Promise<{ typed: string; word: string; titles: number }[]> {
    const each = typed.map((w) =>
      db
        .select({
          typed: sql<string>`${w}::text`.as('typed'),
          word: searchWords.word,
          titles: searchWords.titles,
        })
        .from(searchWords)
        .where(
          and(
            sql`(${w} <% ${searchWords.word} or ${w} % ${searchWords.word})`,
            notLike(searchWords.word, `${w}%`),
          ),
        )
        .orderBy(
          sql`greatest(word_similarity(${w}, ${searchWords.word}), similarity(${w}, ${searchWords.word})) desc`,
          desc(searchWords.titles),
        )
        .limit(CLOSE_WORDS_PER_WORD),
    );
    const [first, second, ...rest] = each;
    if (!first) return [];
    return second ? unionAll(first, second, ...rest) : first;
  }

  /** How many titles hold each of these whole words (the dictionary's counts; absent: none). */
  async function titlesHolding(words: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ word: searchWords.word, titles: searchWords.titles })
      .from(searchWords)
      .where(inArray(searchWords.word, words));
    return new Map(rows.map((r) => [r.word, r.titles]));
  }

  /** Titles with a word starting with each of these prefixes, summed over the dictionary's words. */
  async function titlesStarting(prefixes: string[]): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    for (const p of new Set(prefixes)) {
      // A range rather than LIKE, which the primary key's collation cannot look up: the sum is an estimate.
      const [row] = await db
        .select({ titles: sql<number>`coalesce(sum(${searchWords.titles}), 0)::int` })
        .from(searchWords)
        .where(and(gte(searchWords.word, p), lt(searchWords.word, `${p}\u{10FFFF}`)));
      held.set(p, row?.titles ?? 0);
    }
    return held;
  }

  /** The titles meeting the conditions, few enough to be found through the search indexes and sorted. */
  const lookedUp = (mediaType: MediaType | null, limit: number, ...conditions: SQL[]) =>
    db
      .select(MEDIA_ITEM_COLUMNS)
      .from(mediaItems)
      .where(where(mediaType, ...conditions))
      .orderBy(...byExpression)
      .limit(limit);

  /** Titles whose name in `locale` meets the conditions. */
  const inTranslations = (locale: Locale, mediaType: MediaType | null, ...conditions: SQL[]) =>
    db
      .select(MEDIA_ITEM_COLUMNS)
      .from(titleTranslations)
      .innerJoin(mediaItems, eq(mediaItems.id, titleTranslations.itemId))
      .where(where(mediaType, eq(titleTranslations.locale, locale), ...conditions));

  return {
    /** These titles, in no particular order. */
    byProviderIds(providerIds: string[]): Promise<(MediaItemFields & { providerId: string })[]> {
      if (providerIds.length === 0) return Promise.resolve([]);
      return db
        .select({ ...MEDIA_ITEM_COLUMNS, providerId: mediaItems.providerId })
        .from(mediaItems)
        .where(inArray(mediaItems.providerId, providerIds));
    },

    /** Titles equal to the query. */
    exact(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemFields[]> {
      // A few rows read through the search text's index: nothing to gain from picking ids first.
      return db
        .select(MEDIA_ITEM_COLUMNS)
        .from(mediaItems)
        .where(where(mediaType, eq(mediaItems.searchText, normalised)))
        .orderBy(...mostPopular)
        .limit(limit);
    },

    /** Titles whose name in `locale` (their translation) starts with the query. */
    translatedPrefix(
      normalised: string,
      locale: Locale,
      mediaType: MediaType | null,
      limit: number,
    ): Promise<MediaItemFields[]> {
      return inTranslations(locale, mediaType, sql`${titleTranslations.searchText} like ${`${normalised}%`}`)
        .orderBy(...mostPopular)
        .limit(limit);
    },

    /**
     * Titles whose name in `locale` has a word starting with each typed word, or with `closeSpellings`
     * close to one (best first): the word and spelling tiers over the reader's translations, which are
     * few enough per locale to be read in one go. The translated prefix is a tier of its own.
     */
    translatedWords(
      normalised: string,
      locale: Locale,
      mediaType: MediaType | null,
      limit: number,
      closeSpellings: boolean,
    ): Promise<MediaItemFields[]> {
      const startsAWord = (w: string) =>
        sql`${titleTranslations.searchVector} @@ to_tsquery('simple', ${prefixQuery([w])})`;
      const perWord = normalised
        .split(' ')
        .map((w) =>
          closeSpellings
            ? sql`(${startsAWord(w)} or ${w} <% ${titleTranslations.searchText})`
            : startsAWord(w),
        );
      const similarity = sql<number>`word_similarity(${normalised}, ${titleTranslations.searchText})`;
      return inTranslations(
        locale,
        mediaType,
        notLike(titleTranslations.searchText, `${normalised}%`),
        ...perWord,
      )
        .orderBy(...(closeSpellings ? [desc(similarity)] : []), ...mostPopular)
        .limit(limit);
    },

    /** Titles that start with the query (not equal to it). */
    titlePrefix(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemFields[]> {
      return mostPopularWhere(
        where(
          mediaType,
          sql`${mediaItems.searchText} like ${`${normalised}%`}`,
          ne(mediaItems.searchText, normalised),
        ),
        limit,
      );
    },

    /**
     * For a query of several words on a catalog big enough for a floor, titles with each word the user
     * has finished (followed by a space) as a word and the last one starting a word, the title prefix
     * aside: a whole word is cheap to look up even when common ("the"), where a common prefix is not.
     * Null otherwise: on a smaller catalog every word as a prefix costs little, and that tier alone
     * keeps plain popularity order.
     */
    async wholeWords(
      normalised: string,
      mediaType: MediaType | null,
      limit: number,
    ): Promise<MediaItemFields[] | null> {
      const words = normalised.split(' ');
      if (words.length < 2 || (await walkFloor()) === null) return null;
      const finished = words.slice(0, -1);
      const last = words.at(-1) as string;
      if (last.length < SHORT_PREFIX) {
        // A short last word starts too many title words for the search index to merge their titles: when
        // few titles hold the finished words, those are looked up and the last word tested on each.
        const held = await titlesHolding(finished);
        const fewest = Math.min(...finished.map((w) => held.get(w) ?? 0));
        if (fewest === 0) return [];
        if (fewest <= LOOK_UP_TITLES) {
          return lookedUp(
            mediaType,
            limit,
            sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${finished.join(' & ')})`,
            hasWordStarting(last),
            notLike(mediaItems.searchText, `${normalised}%`),
          );
        }
      }
      const query = [...finished, `${last}:*`].join(' & ');
      return mostPopularWhere(
        where(
          mediaType,
          sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${query})`,
          notLike(mediaItems.searchText, `${normalised}%`),
        ),
        limit,
      );
    },

    /** Titles where every typed word starts a word (GIN on the tsvector), the title prefix aside. */
    async wordPrefix(
      normalised: string,
      mediaType: MediaType | null,
      limit: number,
    ): Promise<MediaItemFields[]> {
      const words = normalised.split(' ');
      const long = words.filter((w) => w.length >= SHORT_PREFIX);
      const short = words.filter((w) => w.length < SHORT_PREFIX);
      if (long.length > 0 && short.length > 0 && (await walkFloor()) !== null) {
        // As in wholeWords: few titles with words starting as the longer ones do are looked up, and the
        // short words tested on each.
        const held = await titlesStarting(long);
        const fewest = Math.min(...long.map((w) => held.get(w) ?? 0));
        if (fewest === 0) return [];
        if (fewest <= LOOK_UP_TITLES) {
          return lookedUp(
            mediaType,
            limit,
            sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${prefixQuery(long)})`,
            ...short.map(hasWordStarting),
            notLike(mediaItems.searchText, `${normalised}%`),
          );
        }
      }
      return mostPopularWhere(
        where(
          mediaType,
          sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${prefixQuery(normalised.split(' '))})`,
          notLike(mediaItems.searchText, `${normalised}%`),
        ),
        limit,
      );
    },

    /**
     * Close spellings: every typed word starts a word of the title or is close to one (pg_trgm word
     * similarity), best overall similarity first, then most popular. Close words are looked up in the
     * catalog's dictionary of title words, a few tens of thousands of rows, rather than compared with
     * every title; the titles holding them are then found as whole words through the search index, and
     * the FUZZY_CANDIDATES most popular of those are ranked by similarity to the query.
     */
    async fuzzy(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemFields[]> {
      const words = normalised.split(' ');
      const typed = [...new Set(words.filter((w) => w.length >= CLOSE_WORD_MIN_LENGTH))];
      const close = typed.length === 0 ? [] : await closeWords(typed);
      // Each typed word starts a title word or is one of its close words (those starting with it aside).
      const alternatives = words.map((w) => [
        `${w}:*`,
        ...close.filter((r) => r.typed === w).map((r) => r.word),
      ]);
      // Without close words the query is the word-prefix tier's, whose matches were all found already.
      if (close.length === 0) return [];
      // The titles holding a typed word's close words estimate the matches: few, and they are looked up.
      const held = new Map<string, number>();
      for (const r of close) held.set(r.typed, (held.get(r.typed) ?? 0) + r.titles);
      const lookUp = Math.min(...held.values()) < WALK_FOR_CLOSE_TITLES;
      // Looked up, a short word with no close words is tested on each title rather than merged in the index.
      const tested = (i: number) =>
        lookUp && alternatives[i]?.length === 1 && (words[i] as string).length < SHORT_PREFIX;
      const indexed = alternatives.filter((_, i) => !tested(i));
      const tsquery = indexed.map((a) => `(${a.join(' | ')})`).join(' & ');
      const c = candidates(
        where(
          mediaType,
          sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${tsquery})`,
          ...words.filter((_, i) => tested(i)).map(hasWordStarting),
        ),
        FUZZY_CANDIDATES,
        lookUp ? null : await walkFloor(),
        lookUp ? byExpression : mostPopular,
      );
      const similarity = sql<number>`word_similarity(${normalised}, ${c.searchText})`;
      const ranked = db
        .select({ id: c.id, popularity: c.popularity, similarity: similarity.as('similarity') })
        .from(c)
        .orderBy(desc(similarity), sql`${c.popularity} desc nulls last`, asc(c.id))
        .limit(limit)
        .as('ranked');
      return db
        .select(MEDIA_ITEM_COLUMNS)
        .from(ranked)
        .innerJoin(mediaItems, eq(mediaItems.id, ranked.id))
        .orderBy(desc(ranked.similarity), sql`${ranked.popularity} desc nulls last`, asc(ranked.id));
    },
  };
}
