-- Finer statistics on the searched columns. With the default (100) the planner guesses 1% for any
-- title prefix and reads the popularity index for rare prefixes too; 1000 tells rare from common.
ALTER TABLE "media_items" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "media_items" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "media_items";
