-- Every change to what the catalog shows is told to every app process (LISTEN releasebell_catalog), so
-- kept answers and pages are dropped at once: a statement's worth of changes, one notice. A title's
-- tracker count (every Notify Me) is not such a change.
CREATE OR REPLACE FUNCTION releasebell_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('releasebell_catalog', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER media_items_catalog_changed
  AFTER INSERT OR DELETE OR UPDATE OF title, slug, image, description, author, director, network_name, series,
    series_number, creator, creator_label, release_date, release_date_precision, genres, hype_meter_percentage, language
  ON media_items FOR EACH STATEMENT EXECUTE FUNCTION releasebell_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER media_release_dates_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON media_release_dates
  FOR EACH STATEMENT EXECUTE FUNCTION releasebell_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER title_translations_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON title_translations
  FOR EACH STATEMENT EXECUTE FUNCTION releasebell_catalog_changed();
