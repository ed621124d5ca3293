-- Written by drizzle-kit, then INCLUDE added by hand (drizzle cannot declare it): a search walking
-- titles from the most popular tests each in the index (an index-only scan) instead of reading its row.
DROP INDEX "media_items_popularity_idx";--> statement-breakpoint
CREATE INDEX "media_items_popularity_search_idx" ON "media_items" USING btree ("popularity" DESC NULLS LAST,"id") INCLUDE ("media_type","search_text","search_vector");
