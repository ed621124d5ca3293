-- The dictionary of title words follows every write to media_items, whoever makes it: one statement
-- trigger per event (transition tables allow one event each), counting the titles that hold a word.
-- Words are written in sorted order, so two writers sharing a word wait for each other, never deadlock.
CREATE FUNCTION "search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" AS s ("word", "titles")
      SELECT w, count(*)::int FROM "new_items", unnest(tsvector_to_array("search_vector")) AS w
      GROUP BY w ORDER BY w
      ON CONFLICT ("word") DO UPDATE SET "titles" = s."titles" + excluded."titles";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "search_words" AS s SET "titles" = s."titles" - gone.n
      FROM (SELECT w, count(*)::int AS n FROM "old_items", unnest(tsvector_to_array("search_vector")) AS w
            GROUP BY w ORDER BY w) AS gone
      WHERE s."word" = gone.w;
    DELETE FROM "search_words" WHERE "titles" <= 0
      AND "word" IN (SELECT unnest(tsvector_to_array("search_vector")) FROM "old_items");
  ELSE
    -- Most updates (the daily sync's popularity) leave the title as it was: only changed titles count.
    INSERT INTO "search_words" AS s ("word", "titles")
      SELECT w, sum(d)::int FROM (
        SELECT unnest(tsvector_to_array(n."search_vector")) AS w, 1 AS d
          FROM "new_items" n JOIN "old_items" o ON o."id" = n."id" WHERE n."search_text" <> o."search_text"
        UNION ALL
        SELECT unnest(tsvector_to_array(o."search_vector")), -1
          FROM "new_items" n JOIN "old_items" o ON o."id" = n."id" WHERE n."search_text" <> o."search_text"
      ) AS changed
      GROUP BY w HAVING sum(d) <> 0 ORDER BY w
      ON CONFLICT ("word") DO UPDATE SET "titles" = s."titles" + excluded."titles";
    DELETE FROM "search_words" WHERE "titles" <= 0 AND "word" IN (
      SELECT unnest(tsvector_to_array(o."search_vector"))
        FROM "new_items" n JOIN "old_items" o ON o."id" = n."id" WHERE n."search_text" <> o."search_text");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_words_inserted" AFTER INSERT ON "media_items" REFERENCING NEW TABLE AS "new_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_follow"();--> statement-breakpoint
CREATE TRIGGER "search_words_updated" AFTER UPDATE ON "media_items"
  REFERENCING OLD TABLE AS "old_items" NEW TABLE AS "new_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_follow"();--> statement-breakpoint
CREATE TRIGGER "search_words_deleted" AFTER DELETE ON "media_items" REFERENCING OLD TABLE AS "old_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_follow"();--> statement-breakpoint
INSERT INTO "search_words" ("word", "titles")
  SELECT w, count(*)::int FROM "media_items", unnest(tsvector_to_array("search_vector")) AS w GROUP BY w;--> statement-breakpoint
ANALYZE "search_words";
