DROP INDEX "media_items_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "search_trgm" text GENERATED ALWAYS AS (search_text) STORED;--> statement-breakpoint
CREATE INDEX "media_items_search_trgm_idx" ON "media_items" USING gin ("search_trgm" gin_trgm_ops);--> statement-breakpoint
-- Coarse statistics: estimating `<%` runs word_similarity over each entry (see the schema).
ALTER TABLE "media_items" ALTER COLUMN "search_trgm" SET STATISTICS 50;--> statement-breakpoint
ANALYZE "media_items";
