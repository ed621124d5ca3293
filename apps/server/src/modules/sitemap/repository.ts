import type { MediaType } from '@releasebell/contract';
import { asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems } from '../../db/schema';

/** One line of the sitemap. */
export interface SitemapRow {
  id: string;
  mediaType: MediaType;
  slug: string;
  updatedAt: Date;
}

export function createSitemapRepository(db: Database) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mediaItems);
      return row?.n ?? 0;
    },

    /**
     * The sitemap's items in a stable order (by id, the primary key's index): `limit` of them, skipping
     * `offset`, read `chunk` rows a query (the first by offset, the rest after the last id read), so
     * a 50,000-line page is never one result held at once.
     */
    async *sitemapRows(offset: number, limit: number, chunk = 5000): AsyncGenerator<SitemapRow[]> {
      let after: string | null = null;
      let left = limit;
      while (left > 0) {
        const size = Math.min(chunk, left);
        const columns = {
          id: mediaItems.id,
          mediaType: mediaItems.mediaType,
          slug: mediaItems.slug,
          updatedAt: mediaItems.updatedAt,
        };
        const rows: SitemapRow[] =
          after === null
            ? await db.select(columns).from(mediaItems).orderBy(asc(mediaItems.id)).offset(offset).limit(size)
            : await db
                .select(columns)
                .from(mediaItems)
                .where(gt(mediaItems.id, after))
                .orderBy(asc(mediaItems.id))
                .limit(size);
        if (rows.length === 0) return;
        yield rows;
        left -= rows.length;
        after = rows[rows.length - 1]?.id ?? null;
        if (rows.length < size) return;
      }
    },
  };
}
export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
