-- Search reads titles from an index each process holds (modules/search/title-index.ts). What the
-- database kept for searching in SQL goes: the dictionary of title words and its triggers, the
-- tsvector and trigram columns and their indexes. Each row instead records the transaction that last
-- changed what search reads, so a process can read what changed since it last looked.
DROP TRIGGER "search_words_inserted" ON "media_items";--> statement-breakpoint
DROP TRIGGER "search_words_updated" ON "media_items";--> statement-breakpoint
DROP TRIGGER "search_words_deleted" ON "media_items";--> statement-breakpoint
DROP FUNCTION "search_words_follow"();--> statement-breakpoint
DROP TABLE "search_words";--> statement-breakpoint
DROP INDEX "media_items_search_trgm_idx";--> statement-breakpoint
DROP INDEX "media_items_search_vector_idx";--> statement-breakpoint
DROP INDEX "media_items_popularity_search_idx";--> statement-breakpoint
ALTER TABLE "media_items" DROP COLUMN "search_trgm";--> statement-breakpoint
ALTER TABLE "media_items" DROP COLUMN "search_vector";--> statement-breakpoint
-- INCLUDE by hand (drizzle cannot declare it): the index's load reads the index alone.
CREATE INDEX "media_items_popularity_search_idx" ON "media_items" USING btree ("popularity" DESC NULLS LAST,"id") INCLUDE ("media_type","search_text");--> statement-breakpoint
-- Rows written before this migration keep 0: a process reads every title when it starts.
ALTER TABLE "media_items" ADD COLUMN "search_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "media_items_search_xid_idx" ON "media_items" USING btree ("search_xid");--> statement-breakpoint
CREATE FUNCTION "media_items_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "media_items_search_inserted" BEFORE INSERT ON "media_items"
  FOR EACH ROW EXECUTE FUNCTION "media_items_search_changed"();--> statement-breakpoint
CREATE TRIGGER "media_items_search_updated" BEFORE UPDATE ON "media_items" FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.popularity IS DISTINCT FROM NEW.popularity
    OR OLD.media_type IS DISTINCT FROM NEW.media_type)
  EXECUTE FUNCTION "media_items_search_changed"();
--> statement-breakpoint
-- A change of rank or search text is a change search answers must follow, in every process.
CREATE TRIGGER "media_items_search_notified" AFTER UPDATE OF popularity, search_text, media_type ON media_items
  FOR EACH STATEMENT EXECUTE FUNCTION releasebell_catalog_changed();
