CREATE TABLE "sync_tasks" (
	"task" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_requests" ADD COLUMN "resolved_item_id" uuid;--> statement-breakpoint
ALTER TABLE "content_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_requests" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "movie_release_kind" text DEFAULT 'theatrical' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_requests" ADD CONSTRAINT "content_requests_resolved_item_id_media_items_id_fk" FOREIGN KEY ("resolved_item_id") REFERENCES "media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_requests_open_idx" ON "content_requests" USING btree ("checked_at") WHERE "content_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_region_check" CHECK ("user_profiles"."region" is null or "user_profiles"."region" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_movie_release_kind_check" CHECK ("user_profiles"."movie_release_kind" in ('theatrical', 'digital', 'physical'));