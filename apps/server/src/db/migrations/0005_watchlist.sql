-- Foreign keys name their tables without a schema, so the tests can run each file in a schema of its own.
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"media_type" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_kind_check" CHECK ("tracking_events"."kind" in ('add', 'remove'))
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"media_type" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_entries_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "trackers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_item_time_idx" ON "tracking_events" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_time_idx" ON "tracking_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "watchlist_entries_type_added_idx" ON "watchlist_entries" USING btree ("media_type","added_at");--> statement-breakpoint
CREATE INDEX "watchlist_entries_added_idx" ON "watchlist_entries" USING btree ("added_at");--> statement-breakpoint
CREATE INDEX "watchlist_entries_item_idx" ON "watchlist_entries" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "media_items_type_tracked_idx" ON "media_items" USING btree ("media_type","id") WHERE "media_items"."trackers_count" > 0;
