CREATE TABLE "item_identifiers" (
	"scheme" text NOT NULL,
	"value" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "item_identifiers_scheme_value_item_id_pk" PRIMARY KEY("scheme","value","item_id"),
	CONSTRAINT "item_identifiers_scheme_check" CHECK ("item_identifiers"."scheme" in ('isbn13', 'imdb'))
);
--> statement-breakpoint
ALTER TABLE "item_identifiers" ADD CONSTRAINT "item_identifiers_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_identifiers_item_idx" ON "item_identifiers" USING btree ("item_id");