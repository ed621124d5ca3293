import type { MediaType } from '@releasebell/contract';
import { and, asc, desc, eq, getTableColumns, inArray, ne, notLike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MediaItemRow, mediaItems } from '../../db/schema';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

/** Most popular first, spelled as the indexes store it so a tier is read in index order. */
const mostPopular = [sql`${mediaItems.popularity} desc nulls last`, asc(mediaItems.id)];

/**
 * Each tier is its own small query with its own limit, so a two-letter prefix matching half the catalog
 * reads only the first rows of an index instead of ranking every match.
 * `normalised` holds only letters, digits and single spaces, so it is safe in LIKE and to_tsquery.
 */
export function createSearchRepository(db: Database) {
  const where = (mediaType: MediaType | null, ...conditions: (SQL | undefined)[]) =>
    and(mediaType ? eq(mediaItems.mediaType, mediaType) : undefined, ...conditions);
  const prefixQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

  return {
    /** These titles, in no particular order. */
    byProviderIds(providerIds: string[]): Promise<MediaItemRow[]> {
      if (providerIds.length === 0) return Promise.resolve([]);
      return db.select().from(mediaItems).where(inArray(mediaItems.providerId, providerIds));
    },

    /** Titles equal to the query. */
    exact(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemRow[]> {
      return db
        .select()
        .from(mediaItems)
        .where(where(mediaType, eq(mediaItems.searchText, normalised)))
        .orderBy(...mostPopular)
        .limit(limit);
    },

    /** Titles that start with the query (not equal to it). */
    titlePrefix(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemRow[]> {
      return db
        .select()
        .from(mediaItems)
        .where(
          where(
            mediaType,
            sql`${mediaItems.searchText} like ${`${normalised}%`}`,
            ne(mediaItems.searchText, normalised),
          ),
        )
        .orderBy(...mostPopular)
        .limit(limit);
    },

    /** Titles where every typed word starts a word (GIN on the tsvector), the title prefix aside. */
    wordPrefix(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemRow[]> {
      return db
        .select()
        .from(mediaItems)
        .where(
          where(
            mediaType,
            sql`${mediaItems.searchVector} @@ to_tsquery('simple', ${prefixQuery(normalised.split(' '))})`,
            notLike(mediaItems.searchText, `${normalised}%`),
          ),
        )
        .orderBy(...mostPopular)
        .limit(limit);
    },

    /**
     * Close spellings: every typed word starts a word or is close to one (pg_trgm word similarity over
     * the trigram index on `search_trgm`, which keeps coarse statistics so planning stays cheap), best
     * overall similarity first. Per-word conditions keep a common word such as
     * "the" from dragging the whole catalog into the comparison.
     */
    fuzzy(normalised: string, mediaType: MediaType | null, limit: number): Promise<MediaItemRow[]> {
      const words = normalised.split(' ');
      // One word: its prefix matches are an earlier tier, so only close spellings are left to find.
      const perWord =
        words.length === 1
          ? [sql`${normalised} <% ${mediaItems.searchTrgm}`]
          : words.map(
              (w) =>
                sql`(${mediaItems.searchVector} @@ to_tsquery('simple', ${prefixQuery([w])}) or ${w} <% ${mediaItems.searchTrgm})`,
            );
      const similarity = sql<number>`word_similarity(${normalised}, ${mediaItems.searchTrgm})`;
      return db
        .select({ ...getTableColumns(mediaItems), similarity })
        .from(mediaItems)
        .where(where(mediaType, ...perWord))
        .orderBy(desc(similarity), ...mostPopular)
        .limit(limit);
    },
  };
}
