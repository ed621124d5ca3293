import type { Locale, MediaType } from '@releasebell/contract';
import { and, asc, desc, eq, gte, inArray, lt, ne, notLike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems, titleTranslations } from '../../db/schema';
import { createTtlCache } from '../../lib/ttl-cache';
import { MEDIA_ITEM_COLUMNS, type MediaItemFields } from '../catalog';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

/** Most popular first, spelled as the indexes store it so a tier is read in index order. */
const mostPopular = [sql`${mediaItems.popularity} desc nulls last`, asc(mediaItems.id)];

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
    const byExpression = [sql`${mediaItems.popularity} + 0 desc nulls last`, asc(mediaItems.id)];
    return [...above, ...(await pick(lt(mediaItems.popularity, floor), byExpression, limit - above.length))];
  }

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
      const query = [...words.slice(0, -1), `${words.at(-1)}:*`].join(' & ');
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
    wordPrefix(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemFields[]> {
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
     * Close spellings: every typed word starts a word or is close to one (pg_trgm word similarity over
     * the trigram index on `search_trgm`, which keeps coarse statistics so planning stays cheap), best
     * overall similarity first. Per-word conditions keep a common word such as
     * "the" from dragging the whole catalog into the comparison.
     */
    fuzzy(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemFields[]> {
      const words = normalised.split(' ');
      const startsAWord = (w: string) =>
        sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${prefixQuery([w])})`;
      // One word: its prefix matches are an earlier tier, so only close spellings are left to find.
      const perWord =
        words.length === 1
          ? [sql`${normalised} <% ${mediaItems.searchTrgm}`]
          : words.map((w) => sql`(${startsAWord(w)} or ${w} <% ${mediaItems.searchTrgm})`);
      const similarity = sql<number>`word_similarity(${normalised}, ${mediaItems.searchTrgm})`;
      return db
        .select({ ...MEDIA_ITEM_COLUMNS, similarity })
        .from(mediaItems)
        .where(where(mediaType, ...perWord))
        .orderBy(desc(similarity), ...mostPopular)
        .limit(limit);
    },
  };
}
