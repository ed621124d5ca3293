CREATE TABLE "content_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_type" text NOT NULL,
	"title" text NOT NULL,
	"extra_info" text DEFAULT '' NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_requests_media_type_check" CHECK ("content_requests"."media_type" in ('books', 'movies', 'tv_seasons')),
	CONSTRAINT "content_requests_status_check" CHECK ("content_requests"."status" in ('pending', 'added', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"media_type" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"author" text,
	"director" text,
	"network_name" text,
	"series" text,
	"series_number" integer,
	"creator" text,
	"creator_label" text,
	"release_date" date,
	"release_date_precision" text,
	"language" text DEFAULT 'en' NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"hype_meter_percentage" real,
	"popularity" real DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_items_media_type_check" CHECK ("media_items"."media_type" in ('books', 'movies', 'tv_seasons')),
	CONSTRAINT "media_items_precision_check" CHECK (("media_items"."release_date" is null and "media_items"."release_date_precision" is null) or "media_items"."release_date_precision" in ('day', 'month', 'year')),
	CONSTRAINT "media_items_hype_check" CHECK ("media_items"."hype_meter_percentage" is null or ("media_items"."hype_meter_percentage" >= 0 and "media_items"."hype_meter_percentage" <= 100))
);
--> statement-breakpoint
CREATE INDEX "content_requests_created_idx" ON "content_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_provider_id_key" ON "media_items" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_type_slug_key" ON "media_items" USING btree ("media_type","slug");--> statement-breakpoint
CREATE INDEX "media_items_type_release_idx" ON "media_items" USING btree ("media_type","release_date");--> statement-breakpoint
CREATE INDEX "media_items_type_popularity_idx" ON "media_items" USING btree ("media_type","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_items_type_series_idx" ON "media_items" USING btree ("media_type","series");--> statement-breakpoint
CREATE INDEX "media_items_type_creator_idx" ON "media_items" USING btree ("media_type","creator");--> statement-breakpoint
CREATE INDEX "media_items_genres_idx" ON "media_items" USING gin ("genres");--> statement-breakpoint
CREATE INDEX "media_items_search_vector_idx" ON "media_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_items_search_trgm_idx" ON "media_items" USING gin ("search_text" gin_trgm_ops);