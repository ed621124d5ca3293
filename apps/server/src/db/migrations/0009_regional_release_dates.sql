CREATE TABLE "media_release_dates" (
	"item_id" uuid NOT NULL,
	"country" text NOT NULL,
	"type" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "media_release_dates_item_id_country_type_date_pk" PRIMARY KEY("item_id","country","type","date"),
	CONSTRAINT "media_release_dates_type_check" CHECK ("media_release_dates"."type" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "media_release_dates" ADD CONSTRAINT "media_release_dates_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;