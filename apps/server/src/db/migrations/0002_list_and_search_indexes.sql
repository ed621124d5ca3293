DROP INDEX "media_items_type_release_idx";--> statement-breakpoint
DROP INDEX "media_items_type_popularity_idx";--> statement-breakpoint
CREATE INDEX "media_items_type_open_period_idx" ON "media_items" USING btree ("media_type","release_date") WHERE "media_items"."release_date_precision" in ('month', 'year');--> statement-breakpoint
CREATE INDEX "media_items_search_prefix_idx" ON "media_items" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "media_items_popularity_idx" ON "media_items" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "media_items_type_release_idx" ON "media_items" USING btree ("media_type","release_date","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "media_items_type_popularity_idx" ON "media_items" USING btree ("media_type","popularity" DESC NULLS LAST,"id");