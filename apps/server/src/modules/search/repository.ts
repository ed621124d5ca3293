import type { Locale, MediaType } from '@releasebell/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, notLike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems, titleTranslations } from '../../db/schema';
import { batchedLookup } from '../../lib/batched-lookup';
import { SEARCH_ITEM_COLUMNS, type SearchItemFields } from '../catalog';
import type { IndexedTitle } from './title-index';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

/** Most popular first: the title index's rank order, spelled as the popularity index stores it. */
const mostPopular = [sql`${mediaItems.popularity} desc nulls last`, asc(mediaItems.id)];

/**
 * Searches whose rows one statement reads at most. Under load a whole turn of the event loop's
 * searches waiting on one statement left the app idle while the database read it.
 */
const ROW_READS_PER_STATEMENT = 8;

const INDEXED_COLUMNS = {
  id: mediaItems.id,
  mediaType: mediaItems.mediaType,
  popularity: mediaItems.popularity,
  searchText: mediaItems.searchText,
};

/** The oldest transaction still running: every one before it has ended, and its writes are visible. */
const snapshotXmin = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/**
 * What search reads from the database: the titles the title index is built from and follows, the rows
 * of the titles it found, and the reader's translated names (few per locale, matched in SQL).
 * `normalised` holds only letters, digits and single spaces, so it is safe in LIKE and to_tsquery.
 */
export function createSearchRepository(db: Database) {
  const where = (mediaType: MediaType | null, ...conditions: SQL[]) =>
    and(mediaType ? eq(mediaItems.mediaType, mediaType) : undefined, ...conditions);
  const prefixQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

  /** Titles whose name in `locale` meets the conditions. */
  const inTranslations = (locale: Locale, mediaType: MediaType | null, ...conditions: SQL[]) =>
    db
      .select({ id: mediaItems.id })
      .from(titleTranslations)
      .innerJoin(mediaItems, eq(mediaItems.id, titleTranslations.itemId))
      .where(where(mediaType, eq(titleTranslations.locale, locale), ...conditions));
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);
  // Every search reads its rows with this one statement: built once, and prepared once per connection.
  const rowsById = db
    .select(SEARCH_ITEM_COLUMNS)
    .from(mediaItems)
    .where(sql`${mediaItems.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('search_rows_by_id');
  // Searches that arrive together read their rows together, a few per statement so that the
  // database reads one batch while the app works out the next.
  const readRows = batchedLookup(
    (itemIds: string[]) => rowsById.execute({ ids: itemIds }),
    (row) => row.id,
    ROW_READS_PER_STATEMENT,
  );

  return {
    /** These titles, in no particular order. */
    byProviderIds(providerIds: string[]): Promise<(SearchItemFields & { providerId: string })[]> {
      if (providerIds.length === 0) return Promise.resolve([]);
      return db
        .select({ ...SEARCH_ITEM_COLUMNS, providerId: mediaItems.providerId })
        .from(mediaItems)
        .where(inArray(mediaItems.providerId, providerIds));
    },

    /** The rows of these titles, in no particular order; a title no longer in the catalog is left out. */
    rowsOf(itemIds: string[]): Promise<SearchItemFields[]> {
      return readRows(itemIds);
    },

    /** Where following changes starts: what a load reads next is at least as new as this. */
    async changesCursor(): Promise<number> {
      const [row] = await db.select({ xmin: snapshotXmin }).from(sql`(select 1) as one`);
      return Number(row?.xmin);
    },

    /**
     * Up to `limit` titles in rank order after `after` (the last one read): those as popular and after
     * it by id, then the less popular ones. Each part reads a range of the popularity index.
     */
    async titlesInRankOrder(after: IndexedTitle | null, limit: number): Promise<IndexedTitle[]> {
      const read = (condition: SQL | undefined, n: number) =>
        db
          .select(INDEXED_COLUMNS)
          .from(mediaItems)
          .where(condition)
          .orderBy(...mostPopular)
          .limit(n);
      if (!after) return read(undefined, limit);
      const same = await read(
        and(eq(mediaItems.popularity, after.popularity), gt(mediaItems.id, after.id)),
        limit,
      );
      if (same.length === limit) return same;
      return [...same, ...(await read(lt(mediaItems.popularity, after.popularity), limit - same.length))];
    },

    /**
     * The titles changed by transactions from `cursor` on, as they are now, and the cursor to read
     * from next time: a transaction still running now may commit later, so it is read again then.
     */
    async changedSince(cursor: number): Promise<{ titles: IndexedTitle[]; cursor: number }> {
      const now = db
        .$with('now')
        .as(db.select({ xmin: snapshotXmin.as('xmin') }).from(sql`(select 1) as one`));
      const rows = await db
        .with(now)
        .select({ xmin: now.xmin, title: INDEXED_COLUMNS })
        .from(now)
        .leftJoin(mediaItems, gte(mediaItems.searchXid, cursor));
      return {
        titles: rows.flatMap((r) => (r.title ? [r.title as IndexedTitle] : [])),
        cursor: Number(rows[0]?.xmin ?? cursor),
      };
    },

    /** Titles whose name in `locale` (their translation) starts with the query. */
    translatedPrefix(
      normalised: string,
      locale: Locale,
      mediaType: MediaType | null,
      limit: number,
    ): Promise<string[]> {
      return ids(
        inTranslations(locale, mediaType, sql`${titleTranslations.searchText} like ${`${normalised}%`}`)
          .orderBy(...mostPopular)
          .limit(limit),
      );
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
    ): Promise<string[]> {
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
      return ids(
        inTranslations(locale, mediaType, notLike(titleTranslations.searchText, `${normalised}%`), ...perWord)
          .orderBy(...(closeSpellings ? [desc(similarity)] : []), ...mostPopular)
          .limit(limit),
      );
    },
  };
}
