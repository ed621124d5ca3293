import { formatLongReleaseDate, type MediaType } from '@releasebell/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaItems } from '../../db/schema';

/** What a title's link preview shows: its page's head tags and its card. */
export type TitlePreview = NonNullable<Awaited<ReturnType<ReturnType<typeof createTitlePreviews>>>>;

/** A title's preview by its address, or undefined when the catalog has no such title. */
export function createTitlePreviews(db: Database) {
  return async (mediaType: MediaType, slug: string) => {
    const [row] = await db
      .select({
        id: mediaItems.id,
        mediaType: mediaItems.mediaType,
        slug: mediaItems.slug,
        title: mediaItems.title,
        description: mediaItems.description,
        image: mediaItems.image,
        author: mediaItems.author,
        director: mediaItems.director,
        networkName: mediaItems.networkName,
        creator: mediaItems.creator,
        releaseDate: mediaItems.releaseDate,
        releaseDatePrecision: mediaItems.releaseDatePrecision,
        updatedAt: mediaItems.updatedAt,
      })
      .from(mediaItems)
      .where(and(eq(mediaItems.mediaType, mediaType), eq(mediaItems.slug, slug)))
      .limit(1);
    return row;
  };
}
export type FindTitlePreview = ReturnType<typeof createTitlePreviews>;

/** "March 14, 2027", "March 2027", "2027" or "TBD". */
export const releaseText = (row: Pick<TitlePreview, 'releaseDate' | 'releaseDatePrecision'>) =>
  formatLongReleaseDate(row.releaseDate, row.releaseDatePrecision, { weekday: false });
